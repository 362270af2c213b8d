import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trackEvent } from '../core/events/track.js';
import { FULL_AUTHORITY, type UpsertAuthority } from '../core/contact-upsert.js';
import { setupTestContext, type TestContext } from './helpers.js';

/*
 * Tracks that arrive together are written by one statement (core/events/track.ts, TRACK_ROWS_SQL):
 * each call must get what it would have got alone.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

/** Counts the statements by prepared-statement name that every pg client sends meanwhile. */
const clientQuery = pg.Client.prototype.query;
const sent = new Map<string, number>();
beforeAll(() => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const name = (args[0] as { name?: string } | undefined)?.name;
    if (name) sent.set(name, (sent.get(name) ?? 0) + 1);
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
});
afterAll(() => {
  pg.Client.prototype.query = clientQuery;
});
afterEach(() => sent.clear());

const sql = <T = any>(text: string, params: unknown[] = []) => ctx.orm.em.fork().getConnection().execute<T[]>(text, params, 'all');
/** As the API calls it: one entity manager per request. */
const track = (email: string, event: string, data?: Record<string, unknown>, authority: UpsertAuthority = FULL_AUTHORITY) =>
  trackEvent(ctx.orm.em.fork(), ctx.project.id, { email, event, data }, authority);

describe('plain tracks that arrive together share a statement', () => {
  it('45 concurrent calls (5 addresses twice, both calls among the first 32: one statement) each get their contact and event, data lands in call order, the name counter counts 45', async () => {
    // A statement takes at most 32 calls and the rest go in one that runs beside it: order between
    // two statements running at once is not promised, so the repeats share their first call's statement.
    const calls = [
      ...Array.from({ length: 27 }, (_, i) => ({ email: `batch-${i}@example.com`, data: { n: 1, i } })),
      ...Array.from({ length: 5 }, (_, i) => ({ email: `BATCH-${i}@example.com`, data: { n: 2 } })),
      ...Array.from({ length: 13 }, (_, k) => ({ email: `batch-${27 + k}@example.com`, data: { n: 1, i: 27 + k } })),
    ];
    const results = await Promise.all(calls.map((c) => track(c.email, 'batch signup', c.data)));

    expect(sent.get('mailhub_track_rows_v3') ?? 0).toBeGreaterThan(0); // some went in one statement
    const contacts = new Map((await sql<{ id: string; email: string; data: Record<string, unknown> }>(`select id, email, data from contacts where project_id = ? and email like 'batch-%'`, [ctx.project.id])).map((c) => [c.email, c]));
    expect(contacts.size).toBe(40);
    calls.forEach((c, k) => expect(results[k].contactId).toBe(contacts.get(c.email.toLowerCase())!.id));
    // The later call of an address merged its data over the earlier one's.
    for (let i = 0; i < 5; i++) expect(contacts.get(`batch-${i}@example.com`)!.data).toEqual({ n: 2, i });
    for (let i = 5; i < 40; i++) expect(contacts.get(`batch-${i}@example.com`)!.data).toEqual({ n: 1, i });

    const events = await sql<{ id: string; contact_id: string; name: string; data: Record<string, unknown>; public_key: boolean }>(
      `select id, contact_id, name, data, public_key from events where project_id = ? and name = 'batch signup'`,
      [ctx.project.id],
    );
    expect(events).toHaveLength(45);
    const byId = new Map(events.map((e) => [e.id, e]));
    calls.forEach((c, k) => {
      const e = byId.get(results[k].eventId)!;
      expect(e).toMatchObject({ contact_id: results[k].contactId, data: c.data, public_key: false });
      expect(results[k].subscriptionEvent).toBeNull();
    });
    const [{ n }] = await sql<{ n: string }>(`select sum(count) as n from event_names where project_id = ? and name = 'batch signup'`, [ctx.project.id]);
    expect(Number(n)).toBe(45);
  });

  it("applies each call's own data mode and the public key's rules: 'add' keeps existing keys, 'none' changes no data, a suppressed address is created opted out", async () => {
    await track('mode-add@example.com', 'seed', { plan: 'pro' });
    await track('mode-none@example.com', 'seed', { plan: 'pro' });
    await sql(`insert into suppressions (id, project_id, email, reason) values (gen_random_uuid(), ?, 'suppressed-new@example.com', 'MANUAL')`, [ctx.project.id]);
    sent.clear();
    const add: UpsertAuthority = { publicKey: true, dataMode: 'add' };
    const none: UpsertAuthority = { publicKey: true, dataMode: 'none' };
    await Promise.all([
      track('mode-add@example.com', 'visit', { plan: 'free', seen: true }, add),
      track('mode-none@example.com', 'visit', { plan: 'free', seen: true }, none),
      track('suppressed-new@example.com', 'visit', undefined, add),
      track('plain-new@example.com', 'visit', undefined, add),
    ]);
    expect(sent.get('mailhub_track_rows_v3') ?? 0).toBeGreaterThan(0);
    const rows = new Map(
      (await sql<{ email: string; data: Record<string, unknown>; subscribed: boolean; unsubscribed: boolean }>(
        `select email, data, subscribed, unsubscribed_at is not null as unsubscribed from contacts where project_id = ? and email in ('mode-add@example.com', 'mode-none@example.com', 'suppressed-new@example.com', 'plain-new@example.com')`,
        [ctx.project.id],
      )).map((r) => [r.email, r]),
    );
    expect(rows.get('mode-add@example.com')).toMatchObject({ data: { plan: 'pro', seen: true }, subscribed: true });
    expect(rows.get('mode-none@example.com')).toMatchObject({ data: { plan: 'pro' }, subscribed: true });
    expect(rows.get('suppressed-new@example.com')).toMatchObject({ subscribed: false, unsubscribed: true });
    expect(rows.get('plain-new@example.com')).toMatchObject({ subscribed: true, unsubscribed: false });
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from events where project_id = ? and name = 'visit' and public_key`, [ctx.project.id]);
    expect(n).toBe(4);
  });

  it('with a time zone, null or none, over contacts new, with a zone and without one, by a secret and a public key: the zone set, cleared or kept as by the same calls one at a time, and they shared one statement', async () => {
    type Request = { timezone?: string | null };
    const requests: Record<string, Request> = { tokyo: { timezone: 'Asia/Tokyo' }, clear: { timezone: null }, none: {} };
    const authorities: Record<string, UpsertAuthority> = { secret: FULL_AUTHORITY, public: { publicKey: true, dataMode: 'add' } };
    const states = ['new', 'zoned', 'unzoned'];
    const call = (email: string, r: Request, a: UpsertAuthority) => trackEvent(ctx.orm.em.fork(), ctx.project.id, { email, event: 'zone signup', ...r }, a);
    const cases = states.flatMap((state) => Object.keys(authorities).flatMap((auth) => Object.keys(requests).map((req) => ({ state, auth, req, key: `${state}.${auth}.${req}@zones.test` }))));
    for (const prefix of ['grp-', 'one-']) {
      for (const c of cases) {
        if (c.state === 'zoned') await call(prefix + c.key, { timezone: 'Europe/Paris' }, FULL_AUTHORITY);
        if (c.state === 'unzoned') await call(prefix + c.key, {}, FULL_AUTHORITY);
      }
    }
    sent.clear();
    await Promise.all(cases.map((c) => call(`grp-${c.key}`, requests[c.req], authorities[c.auth])));
    // One statement for all of them, and it succeeded: a failed one would send each call again alone.
    expect(sent.get('mailhub_track_rows_v3') ?? 0).toBe(1);
    expect(sent.get('mailhub_track_v7') ?? 0).toBe(0);
    sent.clear();
    for (const c of cases) await call(`one-${c.key}`, requests[c.req], authorities[c.auth]);
    expect(sent.get('mailhub_track_rows_v3') ?? 0).toBe(0); // these went alone

    const zones = new Map((await sql<{ email: string; timezone: string | null }>(`select email, timezone from contacts where project_id = ? and email like '%@zones.test'`, [ctx.project.id])).map((r) => [r.email, r.timezone]));
    for (const c of cases) expect(zones.get(`grp-${c.key}`), c.key).toBe(zones.get(`one-${c.key}`));
    // The rule itself: the secret key sets and clears; a public key only fills a missing zone; none keeps it.
    const expected: Record<string, string | null> = {
      'new.secret.tokyo': 'Asia/Tokyo', 'new.public.tokyo': 'Asia/Tokyo', 'new.secret.clear': null, 'new.public.none': null,
      'zoned.secret.tokyo': 'Asia/Tokyo', 'zoned.public.tokyo': 'Europe/Paris', 'zoned.secret.clear': null, 'zoned.public.clear': 'Europe/Paris', 'zoned.secret.none': 'Europe/Paris',
      'unzoned.secret.tokyo': 'Asia/Tokyo', 'unzoned.public.tokyo': 'Asia/Tokyo', 'unzoned.public.clear': null, 'unzoned.secret.none': null,
    };
    for (const [key, zone] of Object.entries(expected)) expect(zones.get(`grp-${key}@zones.test`), key).toBe(zone);
  });

  it('with `subscribed` (true, false, a public key\'s for new contacts only) over every consent state: the same contacts, subscription events and counters as the same calls one at a time', async () => {
    type Request = { subscribed?: boolean; subscribedIfNew?: boolean };
    const requests: Record<string, Request> = { yes: { subscribed: true }, no: { subscribed: false }, none: {}, ifnew: { subscribedIfNew: true } };
    const authorities: Record<string, UpsertAuthority> = { secret: FULL_AUTHORITY, public: { publicKey: true, dataMode: 'add' } };
    const states = ['new', 'subscribed', 'out-secret', 'out-public', 'suppressed-new', 'suppressed-in'];
    const call = (email: string, r: Request, a: UpsertAuthority) => trackEvent(ctx.orm.em.fork(), ctx.project.id, { email, event: 'consent signup', ...r }, a);
    // Each case twice: `grp-` addresses get their calls all at once (grouped), `one-` one at a time.
    const cases = states.flatMap((state) => Object.keys(authorities).flatMap((auth) => Object.keys(requests).map((req) => ({ state, auth, req, key: `${state}.${auth}.${req}@example.com` }))));
    for (const prefix of ['grp-', 'one-']) {
      for (const c of cases) {
        const email = prefix + c.key;
        if (c.state.startsWith('suppressed')) await sql(`insert into suppressions (id, project_id, email, reason) values (gen_random_uuid(), ?, ?, 'MANUAL')`, [ctx.project.id, email]);
        if (c.state === 'subscribed' || c.state === 'suppressed-in') await call(email, { subscribed: true }, FULL_AUTHORITY);
        if (c.state === 'out-secret') await call(email, { subscribed: false }, FULL_AUTHORITY);
        if (c.state === 'out-public') await call(email, { subscribed: false }, authorities.public);
      }
    }
    const seeded = new Set((await sql<{ id: string }>(`select id from events where project_id = ?`, [ctx.project.id])).map((e) => e.id));
    sent.clear();
    const grouped = await Promise.all(cases.map((c) => call(`grp-${c.key}`, requests[c.req], authorities[c.auth])));
    expect(sent.get('mailhub_track_rows_v3') ?? 0).toBeGreaterThan(0); // some went in one statement
    sent.clear();
    const single: Awaited<ReturnType<typeof call>>[] = [];
    for (const c of cases) single.push(await call(`one-${c.key}`, requests[c.req], authorities[c.auth]));
    expect(sent.get('mailhub_track_rows_v3') ?? 0).toBe(0); // these went alone

    const contacts = new Map(
      (await sql<{ email: string; id: string; subscribed: boolean; unsubscribed: boolean; opt_out_source: string | null }>(
        `select email, id, subscribed, unsubscribed_at is not null as unsubscribed, opt_out_source from contacts where project_id = ? and email like '%@example.com'`,
        [ctx.project.id],
      )).map((r) => [r.email, r]),
    );
    const events = (await sql<{ id: string; contact_id: string; name: string; public_key: boolean }>(`select id, contact_id, name, public_key from events where project_id = ?`, [ctx.project.id])).filter((e) => !seeded.has(e.id));
    const eventsOf = (contactId: string) => events.filter((e) => e.contact_id === contactId).map((e) => `${e.name}:${e.public_key}`).sort();
    const outcome = (email: string, r: Awaited<ReturnType<typeof call>>) => {
      const { id, email: _email, ...state } = contacts.get(email)!;
      expect(r.contactId).toBe(id);
      return { state, subscriptionEvent: r.subscriptionEvent?.name ?? null, events: eventsOf(id) };
    };
    cases.forEach((c, k) => expect(outcome(`grp-${c.key}`, grouped[k]), c.key).toEqual(outcome(`one-${c.key}`, single[k])));
    // Not every case is the same: the matrix covers new contacts, changes and refused changes.
    const names = new Set(grouped.map((r) => r.subscriptionEvent?.name ?? 'none'));
    expect(names).toEqual(new Set(['contact.subscribed', 'contact.unsubscribed', 'none']));
    // The name counters count every event the calls wrote.
    for (const name of ['consent signup', 'contact.subscribed', 'contact.unsubscribed']) {
      const [{ n }] = await sql<{ n: string }>(`select sum(count) as n from event_names where project_id = ? and name = ?`, [ctx.project.id, name]);
      const [{ m }] = await sql<{ m: number }>(`select count(*)::int as m from events where project_id = ? and name = ?`, [ctx.project.id, name]);
      expect(Number(n), name).toBe(m);
    }
  });
});
