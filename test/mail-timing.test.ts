import { describe, expect, it } from 'vitest';
import { wallTimeAt } from '../core/schedule/local-time.js';
import { json } from './helpers.js';
import { expectError } from './support/envelope.js';
import { createCampaign, ctx, getCampaign, p, seedContacts, smtp, useCampaignStack, waitFor, waitForStatus } from './support/campaigns.js';
import { TestSmtpServer } from './support/smtp-server.js';

/*
 * Mail at the right moment (issue 26) through the real stack: the API, PostgreSQL, Temporal and an
 * SMTP server. Settings and contact zones, the frequency cap across two concurrent campaigns,
 * local-time waves, quiet hours.
 */
useCampaignStack();

const receivedBy = (prefix: string) => smtp.messages.filter((m) => m.recipients[0]?.startsWith(`${prefix}-`));
const send = (id: string, body?: unknown) => ctx.request('POST', `/campaigns/${id}/send`, { key: p.secretKey, body });
const stats = async (id: string) => (await json(await ctx.request('GET', `/campaigns/${id}/stats`, { key: p.secretKey }))).data;
const settings = (body: unknown) => ctx.request('PATCH', '/project/settings', { key: p.secretKey, body });
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DDTHH:MM:SS` of the wall clock in `zone` at `ms`. */
const localTimeAt = (ms: number, zone: string) => {
  const w = wallTimeAt(ms, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
};
async function setZones(prefix: string, zones: string[]) {
  for (const [i, tz] of zones.entries()) {
    const res = await ctx.request('POST', '/contacts', { key: p.secretKey, body: { email: `${prefix}-${i}@recipients.test`, timezone: tz } });
    expect(res.status).toBeLessThan(300);
  }
}

describe('timing settings and contact zones', () => {
  it('GET /project shows the defaults (UTC, no quiet hours, no cap); PATCH sets, null restores them', async () => {
    const before = (await json(await ctx.request('GET', '/project', { key: p.secretKey }))).data.settings;
    expect(before).toMatchObject({ timezone: 'UTC', quietHours: null, frequencyCap: null });
    const set = await settings({ timezone: 'Europe/Berlin', quietHours: { start: '21:00', end: '08:00' }, frequencyCap: { max: 3, perDays: 7 } });
    expect(set.status).toBe(200);
    expect((await json(set)).data.settings).toMatchObject({ timezone: 'Europe/Berlin', quietHours: { start: '21:00', end: '08:00' }, frequencyCap: { max: 3, perDays: 7 } });
    const reset = await settings({ timezone: null, quietHours: null, frequencyCap: null });
    expect((await json(reset)).data.settings).toMatchObject({ timezone: 'UTC', quietHours: null, frequencyCap: null });
  });

  it('PATCH /project/settings refuses an unknown zone, a malformed or empty window and a cap below 1 with 422 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ quietHours: { start: '25:00', end: '08:00' } }, 'quietHours.start'],
      [{ quietHours: { start: '08:00', end: '08:00' } }, 'quietHours.end'],
      [{ frequencyCap: { max: 0, perDays: 7 } }, 'frequencyCap.max'],
      [{ frequencyCap: { max: 1, perDays: 0 } }, 'frequencyCap.perDays'],
    ];
    for (const [body, field] of cases) {
      const res = await settings(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await json(res)).error.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('a contact timezone is set by POST /contacts, PATCH /contacts/{id} and /v1/track, cleared by null, and refused when unknown', async () => {
    const created = await json(await ctx.request('POST', '/contacts', { key: p.secretKey, body: { email: 'tz@recipients.test', timezone: 'Asia/Tokyo' } }));
    expect(created.data.timezone).toBe('Asia/Tokyo');
    const patched = await json(await ctx.request('PATCH', `/contacts/${created.data.id}`, { key: p.secretKey, body: { timezone: 'America/New_York' } }));
    expect(patched.data.timezone).toBe('America/New_York');
    expect((await ctx.request('POST', '/v1/track', { key: p.secretKey, body: { email: 'tz@recipients.test', event: 'visit', timezone: 'Europe/Paris' } })).status).toBe(200);
    expect((await json(await ctx.request('GET', `/contacts/${created.data.id}`, { key: p.secretKey }))).data.timezone).toBe('Europe/Paris');
    const cleared = await json(await ctx.request('PATCH', `/contacts/${created.data.id}`, { key: p.secretKey, body: { timezone: null } }));
    expect(cleared.data.timezone).toBeNull();
    // /v1/track clears it too (the secret key); the public key's null changes nothing when its policy only adds data.
    await ctx.request('PATCH', `/contacts/${created.data.id}`, { key: p.secretKey, body: { timezone: 'Asia/Tokyo' } });
    expect((await ctx.request('POST', '/v1/track', { key: p.publicKey, body: { email: 'tz@recipients.test', event: 'visit', timezone: null } })).status).toBe(200);
    expect((await json(await ctx.request('GET', `/contacts/${created.data.id}`, { key: p.secretKey }))).data.timezone).toBe('Asia/Tokyo');
    expect((await ctx.request('POST', '/v1/track', { key: p.secretKey, body: { email: 'tz@recipients.test', event: 'visit', timezone: null } })).status).toBe(200);
    expect((await json(await ctx.request('GET', `/contacts/${created.data.id}`, { key: p.secretKey }))).data.timezone).toBeNull();
    for (const [method, path, body] of [
      ['POST', '/contacts', { email: 'tz2@recipients.test', timezone: 'Nowhere/Land' }],
      ['PATCH', `/contacts/${created.data.id}`, { timezone: 'GMT+25' }],
      ['POST', '/v1/track', { email: 'tz@recipients.test', event: 'visit', timezone: 'Mars/Olympus' }],
    ] as const) {
      const res = await ctx.request(method, path, { key: p.secretKey, body });
      expect(res.status, path).toBe(422);
      expect((await json(res)).error.errors[0].field).toBe('timezone');
    }
  });

  it('POST /campaigns/{id}/send refuses a localTime with an offset, an impossible date, or together with scheduledAt (422)', async () => {
    await seedContacts(ctx.orm, p.id, 'badlocal', 1);
    const id = await createCampaign(ctx, p.secretKey);
    for (const body of [{ localTime: '2026-12-01T09:00:00Z' }, { localTime: '2026-02-30T09:00:00' }, { localTime: '2026-12-01T09:00:00', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }]) {
      const res = await send(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await json(res)).error.errors[0].field).toBe('localTime');
    }
  });
});

describe('frequency cap', () => {
  it('max 1: two MARKETING campaigns sent at the same moment give each contact exactly one mail; cappedCount counts the other; TRANSACTIONAL mail is not capped', async () => {
    expect((await settings({ frequencyCap: { max: 1, perDays: 7 } })).status).toBe(200);
    await seedContacts(ctx.orm, p.id, 'cap', 40);
    const a = await createCampaign(ctx, p.secretKey, { subject: 'A {{first_name}}' });
    const b = await createCampaign(ctx, p.secretKey, { subject: 'B {{first_name}}' });
    const [ra, rb] = await Promise.all([send(a), send(b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    await waitForStatus(ctx, p.secretKey, a, 'SENT', 60_000);
    await waitForStatus(ctx, p.secretKey, b, 'SENT', 60_000);
    const got = receivedBy('cap');
    expect(got).toHaveLength(40);
    expect(new Set(got.map((m) => m.recipients[0])).size).toBe(40);
    const [sa, sb] = [await stats(a), await stats(b)];
    expect(sa.sentCount + sb.sentCount).toBe(40);
    expect(sa.cappedCount + sb.cappedCount).toBe(40);
    expect(sa.skippedCount + sb.skippedCount).toBe(0);
    expect((await getCampaign(ctx, p.secretKey, a)).cappedCount).toBe(sa.cappedCount);
    // A third marketing campaign: everyone is capped, nothing is sent. A transactional one goes to all.
    const c = await createCampaign(ctx, p.secretKey, { subject: 'C' });
    await send(c);
    await waitForStatus(ctx, p.secretKey, c, 'SENT', 60_000);
    expect(await stats(c)).toMatchObject({ totalRecipients: 40, sentCount: 0, cappedCount: 40 });
    const t = await createCampaign(ctx, p.secretKey, { subject: 'T', type: 'TRANSACTIONAL' });
    await send(t);
    await waitForStatus(ctx, p.secretKey, t, 'SENT', 60_000);
    expect(await stats(t)).toMatchObject({ sentCount: 40, cappedCount: 0 });
    expect(receivedBy('cap')).toHaveLength(80);
  }, 180_000);
});

describe('local-time campaigns', () => {
  it('two contacts twelve hours apart: Tokyo gets it at its local time a few seconds ahead, Sao Paulo (UTC-3) is still pending, due twelve hours later', async () => {
    await setZones('local', ['Asia/Tokyo', 'America/Sao_Paulo']);
    const id = await createCampaign(ctx, p.secretKey);
    const atMs = Math.ceil((Date.now() + 4000) / 1000) * 1000;
    const res = await send(id, { localTime: localTimeAt(atMs, 'Asia/Tokyo') });
    expect(res.status).toBe(200);
    expect((await json(res)).data.localTime).toBe(localTimeAt(atMs, 'Asia/Tokyo'));
    await waitFor('the Tokyo mail', async () => receivedBy('local').length, (n) => n >= 1, 30_000);
    const got = receivedBy('local');
    expect(got.map((m) => m.recipients[0])).toEqual(['local-0@recipients.test']);
    expect(got[0].mailFromAt).toBeGreaterThanOrEqual(atMs - 50);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receivedBy('local')).toHaveLength(1);
    const c = await getCampaign(ctx, p.secretKey, id);
    expect(c.status).toBe('SENDING');
    expect(c.schedule).toEqual({
      localTime: localTimeAt(atMs, 'Asia/Tokyo'),
      waves: [
        { utcOffset: '+09:00', at: new Date(atMs).toISOString(), recipients: 1, pending: 0 },
        { utcOffset: '-03:00', at: new Date(atMs + 12 * 3_600_000).toISOString(), recipients: 1, pending: 1 },
      ],
      nextWaveAt: new Date(atMs + 12 * 3_600_000).toISOString(),
    });
    expect(await stats(id)).toMatchObject({ totalRecipients: 2, sentCount: 1 });
    expect((await ctx.request('POST', `/campaigns/${id}/cancel`, { key: p.secretKey })).status).toBe(200);
  }, 60_000);

  it('a local time already past in a zone is sent there at once; contacts without a zone use the project zone', async () => {
    expect((await settings({ timezone: 'Asia/Tokyo' })).status).toBe(200);
    await setZones('past', ['America/Sao_Paulo']);
    await seedContacts(ctx.orm, p.id, 'pastdefault', 2);
    const id = await createCampaign(ctx, p.secretKey);
    // 10:00 Tokyo time one hour ago: past for the Tokyo-by-default contacts, 11 hours ahead for Sao Paulo.
    const atMs = Date.now() - 3_600_000;
    await send(id, { localTime: localTimeAt(atMs, 'Asia/Tokyo') });
    await waitFor('the past-due wave', async () => receivedBy('pastdefault').length, (n) => n >= 2, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receivedBy('past')).toHaveLength(0);
    const c = await getCampaign(ctx, p.secretKey, id);
    expect(c.schedule.waves.map((w: { utcOffset: string; pending: number; recipients: number }) => [w.utcOffset, w.recipients, w.pending])).toEqual([
      ['+09:00', 2, 0],
      ['-03:00', 1, 1],
    ]);
    await ctx.request('POST', `/campaigns/${id}/cancel`, { key: p.secretKey });
  }, 60_000);
});

describe('POST /v1/send with a MARKETING template: the one consent rule and the frequency cap', () => {
  const template = async (type: 'MARKETING' | 'TRANSACTIONAL') => {
    const res = await ctx.request('POST', '/templates', { key: p.secretKey, body: { name: `v1 ${type}`, subject: `V1 ${type}`, body: '<p>Hi</p>', type, from: 'hello@example.com' } });
    expect(res.status).toBe(201);
    return (await json(res)).data.id as string;
  };
  const v1send = (to: string | string[], templateId: string, extra: Record<string, unknown> = {}) =>
    ctx.request('POST', '/v1/send', { key: p.secretKey, body: { to, template: templateId, ...extra } });
  const emailRows = async (to: string) =>
    (await ctx.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from emails where project_id = ? and to_email = ?', [p.id, to]))[0].n;
  const ledger = async (to: string) =>
    (await ctx.orm.em.fork().getConnection().execute<{ n: number }[]>(
      `select count(*)::int as n from marketing_sends m join contacts c on c.id = m.contact_id where m.project_id = ? and c.email = ?`, [p.id, to],
    ))[0].n;

  it('a recipient who never subscribed is refused (422, nothing recorded) unless the send says subscribed: true; transactional mail is not', async () => {
    const [marketing, transactional] = [await template('MARKETING'), await template('TRANSACTIONAL')];
    expect((await settings({ frequencyCap: null })).status).toBe(200);
    const refused = await expectError(await v1send('v1never-0@recipients.test', marketing), 422, undefined, '/v1/send');
    expect(refused.message).toContain('never subscribed to marketing mail');
    expect(refused.message).toContain('v1never-0@recipients.test');
    expect(await emailRows('v1never-0@recipients.test')).toBe(0);
    expect((await v1send('v1never-0@recipients.test', transactional)).status).toBe(200);
    // Now a contact (created unsubscribed by that send): still refused for marketing mail.
    expect((await v1send('v1never-0@recipients.test', marketing)).status).toBe(422);
    expect(await emailRows('v1never-0@recipients.test')).toBe(1);
    // The caller records the consent: the mail goes, and counts in the ledger.
    expect((await v1send('v1never-0@recipients.test', marketing, { subscribed: true })).status).toBe(200);
    await waitFor('the marketing mail', async () => receivedBy('v1never').length, (n) => n === 2);
    expect(await ledger('v1never-0@recipients.test')).toBe(1);
  }, 60_000);

  it('counts toward the frequency cap: over it the whole send is refused (422 naming the capped recipient), nothing is sent or counted; transactional mail is neither', async () => {
    const [marketing, transactional] = [await template('MARKETING'), await template('TRANSACTIONAL')];
    await seedContacts(ctx.orm, p.id, 'v1cap', 2);
    const [capped, fresh] = ['v1cap-0@recipients.test', 'v1cap-1@recipients.test'];
    expect((await settings({ frequencyCap: { max: 2, perDays: 7 } })).status).toBe(200);
    expect((await v1send(capped, marketing)).status).toBe(200);
    expect((await v1send(capped, marketing)).status).toBe(200);
    expect(await ledger(capped)).toBe(2);

    const third = await expectError(await v1send([fresh, capped], marketing), 422, undefined, '/v1/send');
    expect(third.message).toContain('already got 2 marketing mails in the last 7 days');
    expect(third.message).toContain(capped);
    expect(third.message).not.toContain(fresh);
    expect([await ledger(capped), await ledger(fresh)]).toEqual([2, 0]);
    expect([await emailRows(capped), await emailRows(fresh)]).toEqual([2, 0]);

    expect((await v1send(capped, transactional)).status).toBe(200);
    expect(await ledger(capped)).toBe(2);
    expect((await v1send(fresh, marketing)).status).toBe(200);
    await waitFor('the four mails', async () => receivedBy('v1cap').length, (n) => n >= 4);
    await new Promise((r) => setTimeout(r, 500));
    expect(receivedBy('v1cap').map((m) => m.recipients[0]).sort()).toEqual([capped, capped, capped, fresh]);
    expect((await settings({ frequencyCap: null })).status).toBe(200);
  }, 60_000);
});

describe('automations: quiet hours and the frequency cap', () => {
  const template = async (subject: string, type: 'MARKETING' | 'TRANSACTIONAL') => {
    const res = await ctx.request('POST', '/templates', { key: p.secretKey, body: { name: subject, subject, body: `<p>${subject}</p>`, type, from: 'hello@example.com' } });
    expect(res.status).toBe(201);
    return (await json(res)).data.id as string;
  };
  const workflow = async (steps: unknown[]) => {
    const res = await ctx.request('POST', '/workflows', { key: p.secretKey, body: { name: 'Timing', enabled: true, trigger: { type: 'EVENT', eventName: 'go' }, steps } });
    expect(res.status).toBe(201);
    return (await json(res)).data.id as string;
  };
  const getOk = async (path: string) => {
    const res = await ctx.request('GET', path, { key: p.secretKey });
    const body = await json(res);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const executionOf = async (wf: string) => {
    const list = (await getOk(`/workflows/${wf}/executions`)).items;
    if (list.length === 0) return undefined;
    return getOk(`/workflows/${wf}/executions/${list[0].id}`);
  };
  const subjectsTo = (to: string) => Promise.all(smtp.messages.filter((m) => m.recipients.includes(to)).map(async (m) => ({ subject: (await TestSmtpServer.parse(m)).subject, at: m.mailFromAt })));

  it('quiet hours hold a MARKETING SEND_EMAIL step (execution WAITING, reason QUIET_HOURS) until the contact-local window ends, never a TRANSACTIONAL one', async () => {
    // A window in the contact's zone (Asia/Kolkata, +05:30) from a minute ago to the first whole minute
    // at least 30 s away: the track, a dispatcher pass and the receipt have 30-90 s to bring the promo
    // step into the window on a busy machine (with the next whole minute they once had as little as 9 s).
    const now = Date.now();
    const endMs = Math.ceil((now + 30_000) / 60_000) * 60_000;
    const hhmm = (ms: number) => localTimeAt(ms, 'Asia/Kolkata').slice(11, 16);
    expect((await settings({ quietHours: { start: hhmm(now - 60_000), end: hhmm(endMs) } })).status).toBe(200);
    const wf = await workflow([
      { id: 'receipt', type: 'SEND_EMAIL', templateId: await template('Receipt', 'TRANSACTIONAL'), next: 'promo' },
      { id: 'promo', type: 'SEND_EMAIL', templateId: await template('Promo', 'MARKETING') },
    ]);
    expect((await ctx.request('POST', '/v1/track', { key: p.secretKey, body: { email: 'quiet@recipients.test', event: 'go', timezone: 'Asia/Kolkata' } })).status).toBe(200);
    const waiting = await waitFor('the promo step waiting', () => executionOf(wf), (x) => x?.status === 'WAITING' && x.steps.some((s: { stepId: string }) => s.stepId === 'promo'), 30_000);
    expect(waiting.steps.find((s: { stepId: string }) => s.stepId === 'promo')).toMatchObject({ status: 'WAITING', output: { reason: 'QUIET_HOURS', until: new Date(endMs).toISOString() } });
    expect((await subjectsTo('quiet@recipients.test')).map((m) => m.subject)).toEqual([expect.stringContaining('Receipt')]);
    // Up to 150 s of polls, two requests each: every 500 ms stays under the key's 1,000 requests a minute (429 otherwise).
    const done = await waitFor('the execution completed', () => executionOf(wf), (x) => x?.status === 'COMPLETED', 150_000, 500);
    expect(done.steps.find((s: { stepId: string }) => s.stepId === 'promo')).toMatchObject({ status: 'COMPLETED' });
    const mails = await subjectsTo('quiet@recipients.test');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Receipt'), expect.stringContaining('Promo')]);
    expect(mails[1].at).toBeGreaterThanOrEqual(endMs - 50);
  }, 240_000);

  it('max 1: the second MARKETING SEND_EMAIL step is SKIPPED with reason FREQUENCY_CAP and never sent; a TRANSACTIONAL step still goes', async () => {
    expect((await settings({ frequencyCap: { max: 1, perDays: 7 } })).status).toBe(200);
    const wf = await workflow([
      { id: 'first', type: 'SEND_EMAIL', templateId: await template('News 1', 'MARKETING'), next: 'second' },
      { id: 'second', type: 'SEND_EMAIL', templateId: await template('News 2', 'MARKETING'), next: 'receipt' },
      { id: 'receipt', type: 'SEND_EMAIL', templateId: await template('Receipt', 'TRANSACTIONAL') },
    ]);
    expect((await ctx.request('POST', '/v1/track', { key: p.secretKey, body: { email: 'capped@recipients.test', event: 'go' } })).status).toBe(200);
    const done = await waitFor('the execution completed', () => executionOf(wf), (x) => x?.status === 'COMPLETED', 60_000, 250);
    const second = done.steps.find((s: { stepId: string }) => s.stepId === 'second');
    expect(second.status).toBe('SKIPPED');
    expect(second.error).toMatch(/^FREQUENCY_CAP/);
    await new Promise((r) => setTimeout(r, 500));
    expect((await subjectsTo('capped@recipients.test')).map((m) => m.subject).sort()).toEqual([expect.stringContaining('News 1'), expect.stringContaining('Receipt')]);
  }, 90_000);
});
