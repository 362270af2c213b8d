import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeUrl } from '../core/tracking/links.js';
import { insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

/*
 * The public key is untrusted (it ships in browsers): what its /v1/track may do to a contact's
 * consent and data. Every opt-out path is exercised for real (the unsubscribe link, the bounce
 * webhook, the secret key), then a pk_ call tries to undo it.
 */
let ctx: TestContext;
let webhookSecret: string;
beforeAll(async () => {
  ctx = await setupTestContext();
  webhookSecret = (await json(await ctx.request('GET', '/project'))).data.webhookSecret;
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'consent.test', ctx.config.secretKey!);
});
afterAll(() => ctx?.cleanup());

const sql = <T = any>(text: string, params: unknown[] = []) => ctx.orm.em.fork().getConnection().execute<T[]>(text, params, 'all');
const pkTrack = (body: Record<string, unknown>, key = ctx.project.publicKey) => ctx.request('POST', '/v1/track', { key, body: { event: 'visit', ...body } });
const skTrack = (body: Record<string, unknown>) => pkTrack(body, ctx.project.secretKey);
const contact = async (email: string) => (await sql('select id, subscribed, unsubscribed_at, opt_out_source, data from contacts where project_id = ? and email = ?', [ctx.project.id, email]))[0];
const statusEvents = async (email: string) =>
  (await sql(`select e.name from events e join contacts c on c.id = e.contact_id where c.email = ? and e.name like 'contact.%' order by e.id`, [email])).map((r) => r.name);
const setPolicy = async (publicKey: unknown) => {
  const res = await ctx.request('PATCH', '/project/settings', { body: { publicKey } });
  expect(res.status).toBe(200);
  return (await json(res)).data.settings.publicKey;
};

async function unsubscribeByLink(email: string) {
  const c = await contact(email);
  const [id] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: email, contactId: c.id, marketing: true }]);
  const path = unsubscribeUrl(ctx.config, id).slice(ctx.config.publicUrl.length);
  expect((await ctx.app.request(path, { method: 'POST' })).status).toBe(200);
  return id;
}

describe('a public key never undoes an opt-out', () => {
  it('the unsubscribe link: pk subscribed:true is ignored (200), no contact.subscribed, marketing send still refused', async () => {
    const email = 'link@example.com';
    expect((await pkTrack({ email })).status).toBe(200);
    await unsubscribeByLink(email);
    const res = await pkTrack({ email, subscribed: true });
    expect(res.status).toBe(200);
    expect(Object.keys((await json(res)).data).sort()).toEqual(['contact', 'event', 'timestamp']);
    expect(await contact(email)).toMatchObject({ subscribed: false, opt_out_source: null });
    expect(await statusEvents(email)).toEqual(['contact.unsubscribed']);

    const t = await json(await ctx.request('POST', '/templates', { body: { name: 'm', subject: 'News', body: '<p>x</p>', type: 'MARKETING', from: 'news@consent.test' } }));
    const send = await ctx.request('POST', '/v1/send', { body: { to: email, template: t.data.id } });
    expect(send.status).toBe(422);
    expect((await json(send)).message).toContain('unsubscribed');
  });

  it('a complaint and a hard bounce (webhook) on an address a public key opted out: pk subscribed:true changes nothing (without them it resubscribes)', async () => {
    // Each contact is opted out by a public key first: the one opt-out a public key may undo, so
    // the suppression the webhook adds is the only thing that keeps it opted out.
    for (const email of ['complained@example.com', 'bounced@example.com', 'control@example.com']) {
      expect((await pkTrack({ email, subscribed: false })).status).toBe(200);
      expect(await contact(email)).toMatchObject({ subscribed: false, opt_out_source: 'public_key' });
    }
    for (const [email, type] of [['complained@example.com', 'complaint'], ['bounced@example.com', 'hard_bounce']] as const) {
      const hook = await ctx.request('POST', '/webhooks/bounces', { key: null, body: { type, email }, headers: { authorization: `Bearer ${webhookSecret}` } });
      expect(hook.status).toBe(200);
      expect((await pkTrack({ email, subscribed: true })).status).toBe(200);
      expect((await contact(email)).subscribed, email).toBe(false);
    }
    // The control: no complaint, no bounce, and the public key undoes its own opt-out.
    expect((await pkTrack({ email: 'control@example.com', subscribed: true })).status).toBe(200);
    expect((await contact('control@example.com')).subscribed).toBe(true);
  });

  it('a suppressed address that has no contact yet is created opted out by a public key', async () => {
    await ctx.request('POST', '/suppressions', { body: { email: 'manual@example.com' } });
    expect((await pkTrack({ email: 'manual@example.com', subscribed: true })).status).toBe(200);
    const c = await contact('manual@example.com');
    expect(c.subscribed).toBe(false);
    expect(c.unsubscribed_at).not.toBeNull();
  });

  it('subscribed:false set with the secret key (POST /contacts, PATCH, track) holds against pk; the secret key undoes it', async () => {
    await ctx.request('POST', '/contacts', { body: { email: 'sk1@example.com', subscribed: false } });
    const c2 = await json(await ctx.request('POST', '/contacts', { body: { email: 'sk2@example.com' } }));
    await ctx.request('PATCH', `/contacts/${c2.data.id}`, { body: { subscribed: false } });
    await skTrack({ email: 'sk3@example.com', subscribed: true });
    await skTrack({ email: 'sk3@example.com', subscribed: false });
    for (const email of ['sk1@example.com', 'sk2@example.com', 'sk3@example.com']) {
      await pkTrack({ email, subscribed: true });
      expect(await contact(email)).toMatchObject({ subscribed: false, opt_out_source: null });
    }
    await skTrack({ email: 'sk3@example.com', subscribed: true });
    expect(await contact('sk3@example.com')).toMatchObject({ subscribed: true, unsubscribed_at: null });
  });
});

describe('what a public key may do to an existing contact (project settings)', () => {
  it('defaults: subscribe yes, unsubscribe no, data only added', async () => {
    expect((await json(await ctx.request('GET', '/project'))).data.settings.publicKey).toEqual({ subscribe: true, unsubscribe: false, writeData: 'add' });
    // a contact /v1/send created (unsubscribed, never opted out) may be subscribed by pk
    await ctx.request('POST', '/contacts', { body: { email: 'fresh@example.com' } });
    await sql('update contacts set subscribed = false where email = ?', ['fresh@example.com']);
    await pkTrack({ email: 'fresh@example.com', subscribed: true });
    expect((await contact('fresh@example.com')).subscribed).toBe(true);
    // unsubscribe by pk is ignored on an existing contact
    await pkTrack({ email: 'fresh@example.com', subscribed: false });
    expect(await contact('fresh@example.com')).toMatchObject({ subscribed: true, unsubscribed_at: null });
    // data: new keys added, existing ones neither changed nor removed; the event keeps everything
    await ctx.request('POST', '/contacts', { body: { email: 'data@example.com', data: { plan: 'pro', name: 'Ada' } } });
    const r = await json(await pkTrack({ email: 'data@example.com', data: { plan: 'free', name: null, city: 'Paris' } }));
    expect((await contact('data@example.com')).data).toEqual({ plan: 'pro', name: 'Ada', city: 'Paris' });
    const [ev] = await sql('select data from events where id = ?', [r.data.event]);
    expect(ev.data).toEqual({ plan: 'free', name: null, city: 'Paris' });
  });

  it('a new contact is created as the call says (Plunk clients): subscribed by default, false honoured, data kept', async () => {
    await pkTrack({ email: 'new1@example.com', data: { plan: 'x' } });
    await pkTrack({ email: 'new2@example.com', subscribed: false });
    expect(await contact('new1@example.com')).toMatchObject({ subscribed: true, data: { plan: 'x' } });
    expect(await contact('new2@example.com')).toMatchObject({ subscribed: false, opt_out_source: 'public_key' });
    expect(await statusEvents('new2@example.com')).toEqual(['contact.unsubscribed']);
  });

  it('unsubscribe allowed: a pk opt-out can be undone by pk, but not once the link confirmed it', async () => {
    expect(await setPolicy({ unsubscribe: true })).toEqual({ subscribe: true, unsubscribe: true, writeData: 'add' });
    const email = 'toggle@example.com';
    await pkTrack({ email });
    await pkTrack({ email, subscribed: false });
    expect(await contact(email)).toMatchObject({ subscribed: false, opt_out_source: 'public_key' });
    await pkTrack({ email, subscribed: true });
    expect((await contact(email)).subscribed).toBe(true);
    await pkTrack({ email, subscribed: false });
    await unsubscribeByLink(email);
    expect((await contact(email)).opt_out_source).toBeNull();
    await pkTrack({ email, subscribed: true });
    expect((await contact(email)).subscribed).toBe(false);
    await setPolicy(null);
  });

  it('subscribe off: pk true is ignored on an existing contact; writeData none and all', async () => {
    await setPolicy({ subscribe: false, writeData: 'none' });
    await ctx.request('POST', '/contacts', { body: { email: 'off@example.com', data: { a: 1 } } });
    await sql('update contacts set subscribed = false where email = ?', ['off@example.com']);
    await pkTrack({ email: 'off@example.com', subscribed: true, data: { a: 2, b: 3 } });
    expect(await contact('off@example.com')).toMatchObject({ subscribed: false, data: { a: 1 } });
    await setPolicy({ writeData: 'all' });
    await pkTrack({ email: 'off@example.com', data: { a: 2, b: 3 } });
    await pkTrack({ email: 'off@example.com', data: { b: null } });
    expect((await contact('off@example.com')).data).toEqual({ a: 2 });
    await setPolicy(null);
  });

  it('PATCHes of different settings sent at once all land (the merge reads what the others wrote)', async () => {
    const p = await ctx.newProject('Settings at once');
    const patches = [
      { timezone: 'Europe/Berlin' },
      { frequencyCap: { max: 3, perDays: 7 } },
      { trackTransactional: true },
      { quietHours: { start: '22:00', end: '07:00' } },
      { publicKey: { unsubscribe: true } },
      { publicKey: { writeData: 'none' } },
      { sendRatePerSecond: 5 },
      { trackMarketing: false },
    ];
    const answers = await Promise.all(patches.map((body) => ctx.request('PATCH', '/project/settings', { key: p.secretKey, body })));
    expect(answers.map((r) => r.status)).toEqual(patches.map(() => 200));
    const settings = (await json(await ctx.request('GET', '/project', { key: p.secretKey }))).data.settings;
    expect(settings).toMatchObject({
      timezone: 'Europe/Berlin',
      frequencyCap: { max: 3, perDays: 7 },
      trackTransactional: true,
      quietHours: { start: '22:00', end: '07:00' },
      publicKey: { unsubscribe: true, writeData: 'none' },
      sendRatePerSecond: 5,
      trackMarketing: false,
    });
  });

  it('refuses a bad policy with a 422 naming the field; secret key only', async () => {
    const res = await ctx.request('PATCH', '/project/settings', { body: { publicKey: { writeData: 'everything' } } });
    expect(res.status).toBe(422);
    expect((await json(res)).error.errors[0].field).toBe('publicKey.writeData');
    expect((await ctx.request('PATCH', '/project/settings', { body: { publicKey: { extra: true } } })).status).toBe(422);
    expect((await ctx.request('PATCH', '/project/settings', { key: ctx.project.publicKey, body: { publicKey: { unsubscribe: true } } })).status).toBe(403);
  });
});

describe('a deleted contact', () => {
  it('its unsubscribe link does not re-create it: the address is suppressed (UNSUBSCRIBED) instead', async () => {
    const email = 'gone@example.com';
    const c = await json(await ctx.request('POST', '/contacts', { body: { email, data: { name: 'Ada' } } }));
    const [id] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: email, contactId: c.data.id, marketing: true }]);
    expect((await ctx.request('DELETE', `/contacts/${c.data.id}`)).status).toBeLessThan(300);
    const path = unsubscribeUrl(ctx.config, id).slice(ctx.config.publicUrl.length);
    expect((await ctx.app.request(path, { method: 'POST' })).status).toBe(200);
    expect((await ctx.app.request(path, { method: 'POST' })).status).toBe(200);
    expect(await contact(email)).toBeUndefined();
    expect(await sql('select reason, source from suppressions where project_id = ? and email = ?', [ctx.project.id, email])).toEqual([
      { reason: 'UNSUBSCRIBED', source: 'unsubscribe_link' },
    ]);
    // the app signing the person up again through a public key: created, but opted out
    await pkTrack({ email, subscribed: true });
    expect(await contact(email)).toMatchObject({ subscribed: false, data: {} });
  });

  it('an unsubscribe link never weakens an existing suppression reason', async () => {
    const email = 'hb-gone@example.com';
    await ctx.request('POST', '/suppressions', { body: { email, reason: 'HARD_BOUNCE' } });
    const [id] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: email, contactId: null, marketing: true }]);
    await ctx.app.request(unsubscribeUrl(ctx.config, id).slice(ctx.config.publicUrl.length), { method: 'POST' });
    const [row] = await sql('select reason from suppressions where email = ?', [email]);
    expect(row.reason).toBe('HARD_BOUNCE');
  });
});
