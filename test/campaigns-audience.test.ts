import { describe, expect, it } from 'vitest';
import { json } from './helpers.js';
import { campaignBody, createCampaign, ctx, getCampaign, p, seedContacts, smtp, useCampaignStack, waitForStatus } from './support/campaigns.js';
import { expectError } from './support/envelope.js';
import { TestSmtpServer } from './support/smtp-server.js';

useCampaignStack();

const req = (method: string, path: string, body?: unknown) => ctx.request(method, path, { key: p.secretKey, body });
const recipientsOf = (prefix: string) => smtp.messages.filter((m) => m.recipients[0]?.startsWith(`${prefix}-`)).map((m) => m.recipients[0]).sort();
const addr = (prefix: string, ...i: number[]) => i.map((n) => `${prefix}-${n}@recipients.test`).sort();

async function sendAndWait(id: string) {
  expect((await req('POST', `/campaigns/${id}/send`)).status).toBe(200);
  await waitForStatus(ctx, p.secretKey, id, 'SENT');
}

describe('campaign audiences', () => {
  it('FILTERED reaches exactly the contacts matching the condition', async () => {
    await seedContacts(ctx.orm, p.id, 'flt', 10, { data: (i) => ({ plan: i % 3 === 0 ? 'pro' : 'free' }) });
    const condition = { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] };
    const id = await createCampaign(ctx, p.secretKey, { audienceType: 'FILTERED', audienceFilter: condition });
    expect((await json(await req('GET', `/campaigns/${id}`))).data.audienceFilter).toEqual(condition);
    await sendAndWait(id);
    expect(recipientsOf('flt')).toEqual(addr('flt', 0, 3, 6, 9));
  });

  it('SEGMENT reaches exactly a static segment\'s members and a dynamic segment\'s matches', async () => {
    await seedContacts(ctx.orm, p.id, 'seg', 8, { data: (i) => ({ tier: i < 2 ? 'gold' : 'basic' }) });
    const stat = (await json(await req('POST', '/segments', { name: 'picked', type: 'STATIC' }))).data;
    expect((await req('POST', `/segments/${stat.id}/members`, { emails: addr('seg', 1, 4, 5) })).status).toBeLessThan(300);
    const a = await createCampaign(ctx, p.secretKey, { audienceType: 'SEGMENT', segmentId: stat.id });
    await sendAndWait(a);
    expect(recipientsOf('seg')).toEqual(addr('seg', 1, 4, 5));

    smtp.messages.splice(0);
    const dyn = (await json(await req('POST', '/segments', { name: 'gold', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.tier', operator: 'equals', value: 'gold' }] }] } }))).data;
    const b = await createCampaign(ctx, p.secretKey, { audienceType: 'SEGMENT', segmentId: dyn.id, type: 'TRANSACTIONAL' });
    await sendAndWait(b);
    expect(recipientsOf('seg')).toEqual(addr('seg', 0, 1));
  });

  it('a missing segment is a 404 at create', async () => {
    await expectError(await req('POST', '/campaigns', { name: 'x', subject: 's', body: 'b', from: 'a@example.com', audienceType: 'SEGMENT', segmentId: '01a20947-b72a-74c6-9626-8ec8be0ffb79' }), 404, 'NOT_FOUND');
  });

  it('a FILTERED audience naming a segment that does not exist is a 422 at that filter', async () => {
    const missing = '01a20947-b72a-74c6-9626-8ec8be0ffb79';
    const audienceFilter = { logic: 'AND', groups: [{ filters: [{ field: 'subscribed', operator: 'equals', value: true }, { field: `segment.${missing}`, operator: 'equals', value: true }] }] };
    const res = await req('POST', '/campaigns', campaignBody({ audienceType: 'FILTERED', audienceFilter }));
    const body = await expectError(res, 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'audienceFilter.groups.0.filters.1.field', message: expect.stringContaining(missing) })]);
  });

  it('a segment used by an unfinished campaign cannot be deleted (409 naming it); once the campaign is done it can', async () => {
    await seedContacts(ctx.orm, p.id, 'segdel', 2);
    const seg = (await json(await req('POST', '/segments', { name: 'all of them', condition: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: 'segdel-' }] }] } }))).data;
    const id = await createCampaign(ctx, p.secretKey, { name: 'Uses the segment', audienceType: 'SEGMENT', segmentId: seg.id });
    const body = await expectError(await req('DELETE', `/segments/${seg.id}`), 409, 'CONFLICT');
    expect(body.error.message).toContain('Uses the segment');
    expect(body.error.message).toContain(id);
    await sendAndWait(id);
    expect((await req('DELETE', `/segments/${seg.id}`)).status).toBe(200);
  });

  it('a segment used by a scheduled campaign cannot be deleted (409 naming it); once the campaign is cancelled it can', async () => {
    await seedContacts(ctx.orm, p.id, 'segsch', 1);
    const seg = (await json(await req('POST', '/segments', { name: 'later', type: 'STATIC' }))).data;
    expect((await req('POST', `/segments/${seg.id}/members`, { emails: addr('segsch', 0) })).status).toBe(200);
    const id = await createCampaign(ctx, p.secretKey, { name: 'Scheduled for the segment', audienceType: 'SEGMENT', segmentId: seg.id });
    expect((await req('POST', `/campaigns/${id}/send`, { scheduledAt: new Date(Date.now() + 30 * 86_400_000).toISOString() })).status).toBe(200);
    expect((await getCampaign(ctx, p.secretKey, id)).status).toBe('SCHEDULED');
    const body = await expectError(await req('DELETE', `/segments/${seg.id}`), 409, 'CONFLICT');
    expect(body.error.message).toContain(id);
    expect((await req('POST', `/campaigns/${id}/cancel`)).status).toBe(200);
    await waitForStatus(ctx, p.secretKey, id, 'CANCELLED');
    expect((await req('DELETE', `/segments/${seg.id}`)).status).toBe(200);
  });

  it('a FILTERED campaign whose filter names the segment, in any case, keeps it from deletion until it is sent', async () => {
    await seedContacts(ctx.orm, p.id, 'segflt', 2);
    const seg = (await json(await req('POST', '/segments', { name: 'named', type: 'STATIC' }))).data;
    expect((await req('POST', `/segments/${seg.id}/members`, { emails: addr('segflt', 1) })).status).toBe(200);
    const filter = { logic: 'AND', groups: [{ filters: [{ field: `segment.${seg.id.toUpperCase()}`, operator: 'equals', value: true }] }] };
    const id = await createCampaign(ctx, p.secretKey, { name: 'Filters on the segment', audienceType: 'FILTERED', audienceFilter: filter });
    const body = await expectError(await req('DELETE', `/segments/${seg.id}`), 409, 'CONFLICT');
    expect(body.error.message).toContain(id);
    await sendAndWait(id);
    expect(recipientsOf('segflt')).toEqual(addr('segflt', 1));
    expect((await req('DELETE', `/segments/${seg.id}`)).status).toBe(200);
  });

  it('a segment deleted while campaigns naming it are saved: one of the two wins, never a campaign naming a deleted segment', async () => {
    const filterNaming = (id: string) => ({ logic: 'AND', groups: [{ filters: [{ field: `segment.${id}`, operator: 'equals', value: true }] }] });
    for (let round = 0; round < 12; round++) {
      const seg = (await json(await req('POST', '/segments', { name: `race ${round}`, type: 'STATIC' }))).data;
      const draft = await createCampaign(ctx, p.secretKey);
      const [del, created, patched] = await Promise.all([
        req('DELETE', `/segments/${seg.id}`),
        req('POST', '/campaigns', campaignBody({ audienceType: 'SEGMENT', segmentId: seg.id })),
        req('PATCH', `/campaigns/${draft}`, { audienceType: 'FILTERED', audienceFilter: filterNaming(seg.id) }),
      ]);
      const segmentLeft = (await req('GET', `/segments/${seg.id}`)).status === 200;
      if (del.status === 200) {
        // Deleted first: both campaign writes were refused (the segment no longer exists).
        expect(segmentLeft).toBe(false);
        expect([404, 422]).toContain(created.status);
        expect([404, 422]).toContain(patched.status);
      } else {
        // A campaign named it first: the delete is a 409 and the segment stays.
        expect(del.status).toBe(409);
        expect(segmentLeft).toBe(true);
        expect([created.status, patched.status]).toEqual([201, 200]);
      }
    }
  });

  it('a sender domain used by a scheduled campaign cannot be deleted (409 naming it); after cancel it can', async () => {
    await seedContacts(ctx.orm, p.id, 'domdel', 1);
    const id = await createCampaign(ctx, p.secretKey, { name: 'Later' });
    await req('POST', `/campaigns/${id}/send`, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    const domains = (await json(await req('GET', '/domains'))).data.items;
    const body = await expectError(await req('DELETE', `/domains/${domains[0].id}`), 409, 'CONFLICT');
    expect(body.error.message).toContain(id);
    await req('POST', `/campaigns/${id}/cancel`);
    expect((await req('DELETE', `/domains/${domains[0].id}`)).status).toBe(200);
  });

  it('opens, clicks and unsubscribes through the campaign\'s links count unique contacts in the stats', async () => {
    await seedContacts(ctx.orm, p.id, 'eng', 4);
    const id = await createCampaign(ctx, p.secretKey);
    await sendAndWait(id);
    const links = async (to: string) => {
      const parsed = await TestSmtpServer.parse(smtp.messages.find((m) => m.recipients[0] === to)!);
      const html = parsed.html ?? '';
      const path = (re: RegExp) => new URL(re.exec(html)![1].replace(/&amp;/g, '&')).pathname;
      return { open: path(/src="([^"]*\/t\/o\/[^"]*)"/), click: path(/href="([^"]*\/t\/c\/[^"]*)"/), unsub: path(/href="([^"]*\/u\/[^"]*)"/) };
    };
    const a = await links('eng-0@recipients.test');
    const b = await links('eng-1@recipients.test');
    for (const path of [a.open, a.open, b.open, a.click, a.click]) expect((await ctx.request('GET', path, { key: null })).status).toBeLessThan(400);
    expect((await ctx.request('POST', b.unsub, { key: null, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBeLessThan(300);
    const stats = (await json(await req('GET', `/campaigns/${id}/stats`))).data;
    expect(stats).toMatchObject({ totalRecipients: 4, sentCount: 4, deliveredCount: 4, openedCount: 2, clickedCount: 1, unsubscribedCount: 1, openRate: 50, clickRate: 25, unsubscribeRate: 25 });
  });
});
