import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { campaignBody, createCampaign, getCampaign, seedContacts } from './support/campaigns.js';
import { insertVerifiedDomain } from './support/emails.js';
import { expectError } from './support/envelope.js';

let ctx: TestContext;
let key: string;

beforeAll(async () => {
  ctx = await setupTestContext();
  key = ctx.project.secretKey;
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
});
afterAll(async () => ctx?.cleanup());

describe('campaign resource', () => {
  it('creates a DRAFT with the short response, and GET returns the whole campaign', async () => {
    const res = await ctx.request('POST', '/campaigns', { key, body: campaignBody({ description: 'd', fromName: 'News', replyTo: 'help@example.com' }) });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data).toEqual({ id: expect.any(String), name: 'Spring news', subject: 'Hello {{first_name}}', type: 'MARKETING', status: 'DRAFT', scheduledAt: null });
    const got = (await json(await ctx.request('GET', `/campaigns/${data.id}`, { key }))).data;
    expect(got).toMatchObject({
      id: data.id, description: 'd', from: 'news@example.com', fromName: 'News', replyTo: 'help@example.com', audienceType: 'ALL',
      segmentId: null, audienceFilter: null, status: 'DRAFT', scheduledAt: null, sentAt: null, totalRecipients: 0, sentCount: 0,
    });
    expect(new Date(got.createdAt).toISOString()).toBe(got.createdAt);
  });

  it('refuses a from on an unverified domain (403) and missing audience fields (422)', async () => {
    await expectError(await ctx.request('POST', '/campaigns', { key, body: campaignBody({ from: 'x@unverified.test' }) }), 403, 'DOMAIN_NOT_VERIFIED');
    const e1 = await expectError(await ctx.request('POST', '/campaigns', { key, body: campaignBody({ audienceType: 'SEGMENT' }) }), 422, 'VALIDATION_ERROR');
    expect(e1.error.errors.map((e: any) => e.field)).toContain('segmentId');
    const e2 = await expectError(await ctx.request('POST', '/campaigns', { key, body: campaignBody({ audienceType: 'FILTERED' }) }), 422, 'VALIDATION_ERROR');
    expect(e2.error.errors.map((e: any) => e.field)).toContain('audienceFilter');
  });

  it('PATCHes a DRAFT, lists with a status filter', async () => {
    const other = await ctx.newProject();
    await insertVerifiedDomain(ctx.orm, other.id, 'example.com', ctx.config.secretKey!);
    const id = await createCampaign(ctx, other.secretKey);
    const patched = await json(await ctx.request('PATCH', `/campaigns/${id}`, { key: other.secretKey, body: { subject: 'New subject', type: 'TRANSACTIONAL' } }));
    expect(patched.data).toMatchObject({ subject: 'New subject', type: 'TRANSACTIONAL', name: 'Spring news' });
    await expectError(await ctx.request('PATCH', `/campaigns/${id}`, { key: other.secretKey, body: { from: 'a@nope.test' } }), 403, 'DOMAIN_NOT_VERIFIED');
    await createCampaign(ctx, other.secretKey, { name: 'second' });
    const all = (await json(await ctx.request('GET', '/campaigns', { key: other.secretKey }))).data;
    expect(all.total).toBe(2);
    const drafts = (await json(await ctx.request('GET', '/campaigns?status=DRAFT', { key: other.secretKey }))).data;
    expect(drafts.items).toHaveLength(2);
    const sent = (await json(await ctx.request('GET', '/campaigns?status=SENT', { key: other.secretKey }))).data;
    expect(sent.items).toEqual([]);
  });

  it('illegal transitions are 409s naming the current status and what is allowed', async () => {
    const id = await createCampaign(ctx, key);
    for (const op of ['cancel', 'pause', 'resume']) {
      const body = await expectError(await ctx.request('POST', `/campaigns/${id}/${op}`, { key }), 409, 'CONFLICT');
      expect(body.error.message).toContain('is DRAFT');
      expect(body.error.message).toContain('SCHEDULED (send)');
    }
  });

  it('an audience of 0 is a 409; a past scheduledAt is a 422', async () => {
    const empty = await ctx.newProject();
    await insertVerifiedDomain(ctx.orm, empty.id, 'example.com', ctx.config.secretKey!);
    const id = await createCampaign(ctx, empty.secretKey);
    const body = await expectError(await ctx.request('POST', `/campaigns/${id}/send`, { key: empty.secretKey }), 409, 'CONFLICT');
    expect(body.error.message).toContain('audience of 0');
    await seedContacts(ctx.orm, empty.id, 'past', 1);
    await expectError(await ctx.request('POST', `/campaigns/${id}/send`, { key: empty.secretKey, body: { scheduledAt: new Date(Date.now() - 60_000).toISOString() } }), 422, 'VALIDATION_ERROR');
  });

  it('a scheduledAt or localTime more than 10 years ahead (or past year 9999 by its offset) is a 422, and the campaign stays a DRAFT', async () => {
    const p = await ctx.newProject();
    await insertVerifiedDomain(ctx.orm, p.id, 'example.com', ctx.config.secretKey!);
    await seedContacts(ctx.orm, p.id, 'far', 1);
    const id = await createCampaign(ctx, p.secretKey);
    const send = (body: unknown) => ctx.request('POST', `/campaigns/${id}/send`, { key: p.secretKey, body });
    for (const body of [{ scheduledAt: '9999-12-31T23:59:59-23:59' }, { scheduledAt: '2500-01-01T00:00:00Z' }, { scheduledAt: new Date(Date.now() + 3653 * 86_400_000).toISOString() }, { localTime: '9999-12-31T23:59:59' }]) {
      const err = await expectError(await send(body), 422, 'VALIDATION_ERROR');
      expect(err.error.errors.map((e: any) => e.message).join(' '), JSON.stringify(body)).toContain('10 years');
    }
    expect((await getCampaign(ctx, p.secretKey, id)).status).toBe('DRAFT');
  });

  it('a subject or body with template syntax the renderer does not know is a 422 invalid_template at create and PATCH, as for templates; placeholders it knows are accepted', async () => {
    const created = await ctx.request('POST', '/campaigns', { key, body: campaignBody({ body: '<p>{{#if pro}}Pro{{/if}}</p>' }) });
    const err = await expectError(created, 422, 'VALIDATION_ERROR');
    expect(err.error.errors).toContainEqual(expect.objectContaining({ field: 'body', code: 'invalid_template' }));
    const id = await createCampaign(ctx, key, { subject: 'Hi {{firstName ?? "there"}}', body: '<p>{{{html}}} <a href="{{unsubscribe_url}}">Unsubscribe</a></p>' });
    const patched = await ctx.request('PATCH', `/campaigns/${id}`, { key, body: { subject: 'Hi {{> partial}}' } });
    expect((await expectError(patched, 422, 'VALIDATION_ERROR')).error.errors).toContainEqual(expect.objectContaining({ field: 'subject', code: 'invalid_template' }));
    expect((await getCampaign(ctx, key, id)).subject).toBe('Hi {{firstName ?? "there"}}');
  });

  it('a campaign of another project is a 404', async () => {
    const id = await createCampaign(ctx, key);
    const other = await ctx.newProject();
    await expectError(await ctx.request('GET', `/campaigns/${id}`, { key: other.secretKey }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('GET', `/campaigns/${id}/stats`, { key: other.secretKey }), 404, 'NOT_FOUND');
  });
});
