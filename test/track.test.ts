import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitTrackData, trackEvent } from '../core/events/track.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

const sql = <T = any>(text: string, params: unknown[] = []) => ctx.orm.em.fork().getConnection().execute<T[]>(text, params, 'all');
const track = (body: unknown, key?: string | null) => ctx.request('POST', '/v1/track', { key: key === undefined ? ctx.project.publicKey : key, body });
const contactByEmail = async (email: string) => (await sql('select * from contacts where project_id = ? and email = ?', [ctx.project.id, email]))[0];
const eventsOf = (contactId: string) => sql('select id, name, data from events where contact_id = ? order by id', [contactId]);

describe('POST /v1/track: auth and response', () => {
  it('accepts a public key and answers exactly {success, data: {contact, event, timestamp}}', async () => {
    const before = Date.now();
    const res = await track({ email: 'pub@example.com', event: 'signed_up' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['contact', 'event', 'timestamp']);
    const contact = await contactByEmail('pub@example.com');
    expect(body.data.contact).toBe(contact.id);
    const [event] = await eventsOf(contact.id);
    expect(body.data.event).toBe(event.id);
    expect(event.name).toBe('signed_up');
    expect(new Date(body.data.timestamp).toISOString()).toBe(body.data.timestamp);
    expect(Date.parse(body.data.timestamp)).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('accepts a secret key', async () => {
    const res = await track({ email: 'sec@example.com', event: 'signed_up' }, ctx.project.secretKey);
    expect(res.status).toBe(200);
  });

  it('without a key is a 401 in the normal envelope', async () => {
    const res = await track({ email: 'nokey@example.com', event: 'x' }, null);
    expect(res.status).toBe(401);
    const body = await json(res);
    expect(body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED', statusCode: 401 } });
    expect(await contactByEmail('nokey@example.com')).toBeUndefined();
  });
});

describe('POST /v1/track: the contact', () => {
  it('creates a new contact subscribed, and updates the same one later (email normalised)', async () => {
    const a = await json(await track({ email: 'New@Example.com', event: 'visit' }));
    const c = await contactByEmail('new@example.com');
    expect(c).toMatchObject({ id: a.data.contact, subscribed: true });
    const b = await json(await track({ email: ' NEW@example.com ', event: 'visit' }));
    expect(b.data.contact).toBe(a.data.contact);
    expect(b.data.event).not.toBe(a.data.event);
    const evs = await eventsOf(c.id);
    expect(evs.map((e) => e.name)).toEqual(['visit', 'visit']);
  });

  it('subscribed:false creates an unsubscribed contact and records contact.unsubscribed', async () => {
    const r = await json(await track({ email: 'optout@example.com', event: 'visit', subscribed: false }));
    const c = await contactByEmail('optout@example.com');
    expect(c.subscribed).toBe(false);
    expect((await eventsOf(r.data.contact)).map((e) => e.name)).toEqual(['contact.unsubscribed', 'visit']);

    // omitted: unchanged, no subscription event
    await track({ email: 'optout@example.com', event: 'visit' });
    expect((await contactByEmail('optout@example.com')).subscribed).toBe(false);
    // same value again: no new subscription event
    await track({ email: 'optout@example.com', event: 'visit', subscribed: false });
    // change back: contact.subscribed
    await track({ email: 'optout@example.com', event: 'visit', subscribed: true });
    expect((await contactByEmail('optout@example.com')).subscribed).toBe(true);
    const names = (await eventsOf(r.data.contact)).map((e) => e.name);
    expect(names).toEqual(['contact.unsubscribed', 'visit', 'visit', 'visit', 'contact.subscribed', 'visit']);
  });

  it('a new contact with an explicit subscribed:true records contact.subscribed; without it, nothing', async () => {
    const a = await json(await track({ email: 'optin@example.com', event: 'visit', subscribed: true }));
    expect((await eventsOf(a.data.contact)).map((e) => e.name)).toEqual(['contact.subscribed', 'visit']);
    const b = await json(await track({ email: 'plain@example.com', event: 'visit' }));
    expect((await eventsOf(b.data.contact)).map((e) => e.name)).toEqual(['visit']);
  });

  it('an existing unsubscribed contact stays unsubscribed when subscribed is omitted', async () => {
    await ctx.request('POST', '/contacts', { body: { email: 'quiet@example.com', subscribed: false } });
    await track({ email: 'quiet@example.com', event: 'visit' });
    expect((await contactByEmail('quiet@example.com')).subscribed).toBe(false);
  });

  it('merges data into the contact, null removes a key, persistent:false stays on the event only (secret key; pk rules: consent.test.ts)', async () => {
    await track({ email: 'data@example.com', event: 'a', data: { plan: 'free', name: 'Ada', city: 'London' } });
    const r = await json(
      await track({
        email: 'data@example.com',
        event: 'b',
        data: {
          plan: 'pro',
          city: null,
          orderId: { value: 'A-1', persistent: false },
          score: { value: 7, persistent: true },
          nested: { value: 1 },
        },
      }, ctx.project.secretKey),
    );
    const c = await contactByEmail('data@example.com');
    expect(c.data).toEqual({ plan: 'pro', name: 'Ada', score: 7, nested: { value: 1 } });
    const [ev] = await sql('select data from events where id = ?', [r.data.event]);
    expect(ev.data).toEqual({ plan: 'pro', city: null, orderId: 'A-1', score: 7, nested: { value: 1 } });
  });

  it('counts the event name in event_names', async () => {
    for (let i = 0; i < 3; i++) await track({ email: `count${i}@example.com`, event: 'counted.once' });
    const [row] = await sql('select sum(count) as count from event_names where project_id = ? and name = ?', [ctx.project.id, 'counted.once']);
    expect(Number(row.count)).toBe(3);
  });
});

describe('POST /v1/track: concurrency', () => {
  // Issue 7: on the embedded database (second pass) a named statement prepared on one pooled
  // connection collided with the next one's (42P05, a 500). Enough calls at once to use every connection.
  it('60 concurrent calls (both key kinds, with and without subscribed) all answer 200 and are all stored', async () => {
    const calls = Array.from({ length: 60 }, (_, i) =>
      track(
        { email: `conc${i % 20}@example.com`, event: 'concurrent', ...(i % 3 === 0 ? { subscribed: i % 2 === 0 } : {}), data: { n: i } },
        i % 2 === 0 ? ctx.project.publicKey : ctx.project.secretKey,
      ),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual(statuses.map(() => 200));
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from events where project_id = ? and name = 'concurrent'`, [ctx.project.id]);
    expect(n).toBe(60);
    const [{ count }] = await sql<{ count: number }>(`select sum(count)::int as count from event_names where project_id = ? and name = 'concurrent'`, [ctx.project.id]);
    expect(count).toBe(60);
    const [{ c }] = await sql<{ c: number }>(`select count(*)::int as c from contacts where project_id = ? and email like 'conc%@example.com'`, [ctx.project.id]);
    expect(c).toBe(20);
  });

  // A burst of one name once queued on a single counter row until each call's commit was on disk.
  // With a time zone, each call is a statement of its own (calls without one that arrive together share one: test/track-batch.test.ts).
  it('40 calls of one name one after another (each its own statement, each counted on a random one of the shards) spread their counts over several event_names rows, and GET /events/names sums them to 40', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await track({ email: `burst${i}@example.com`, event: 'burst.name' })).status);
    expect(statuses).toEqual(statuses.map(() => 200));
    const [{ rows }] = await sql<{ rows: number }>(`select count(*)::int as rows from event_names where project_id = ? and name = 'burst.name'`, [ctx.project.id]);
    expect(rows).toBeGreaterThan(1);
    const listed = await json(await ctx.request('GET', '/events/names', { key: ctx.project.secretKey }));
    expect(listed.data.names.find((n: { name: string }) => n.name === 'burst.name')?.count).toBe(40);
  });
});

describe('POST /v1/track: validation', () => {
  it.each(['email.opened', 'contact.subscribed', 'segment.entered', 'Email.Sent'])('system event name %s is a 422 naming event', async (event) => {
    const res = await track({ email: 'sys@example.com', event });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.errors.map((e: any) => e.field)).toEqual(['event']);
    expect(await contactByEmail('sys@example.com')).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['256 chars', 'x'.repeat(256)],
    ['a line break', 'signed\nup'],
    ['a tab', 'signed\tup'],
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
  ])('event name with %s is a 422 naming event', async (_label, event) => {
    const res = await track({ email: 'bounds@example.com', event });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.errors.map((e: any) => e.field)).toContain('event');
  });

  it.each(['Signed Up', 'a/b', 'café ✓', 'Order #42 (paid)', `Aa0_.:-${'z'.repeat(248)}`])('accepts the event name %s', async (event) => {
    const res = await track({ email: 'names@example.com', event });
    expect(res.status).toBe(200);
    const [row] = await sql('select name from events where id = ?', [(await json(res)).data.event]);
    expect(row.name).toBe(event);
  });

  it('a reserved prefix behind leading spaces is still refused', async () => {
    expect((await track({ email: 'sys@example.com', event: '  email.opened' })).status).toBe(422);
  });

  it('a bad email is a 422 with invalid_string', async () => {
    const res = await track({ email: 'not-an-email', event: 'x' });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', statusCode: 422 } });
    expect(body.error.errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'invalid_string' }));
  });

  it('missing fields, a non-boolean subscribed and non-object data are 422s', async () => {
    const missing = await json(await track({}));
    expect(missing.error.errors.map((e: any) => e.field).sort()).toEqual(['email', 'event']);
    expect((await track({ email: 'v@example.com', event: 'x', subscribed: 'yes' })).status).toBe(422);
    expect((await track({ email: 'v@example.com', event: 'x', data: [1, 2] })).status).toBe(422);
  });

  it('malformed JSON is a 400', async () => {
    const res = await ctx.request('POST', '/v1/track', { key: ctx.project.publicKey, body: '{"email":' });
    expect(res.status).toBe(400);
  });
});

describe('trackEvent inside a transaction', () => {
  it('runs on the transaction (inline statement) and rolls back with it', async () => {
    const em = ctx.orm.em.fork();
    await expect(
      em.transactional(async (tem) => {
        const r = await trackEvent(tem, ctx.project.id, { email: 'trx@example.com', event: 'in_trx', subscribed: false, data: { a: 1 } });
        expect(r.subscriptionEvent?.name).toBe('contact.unsubscribed');
        const [c] = await tem.getConnection().execute('select subscribed, data from contacts where id = ?', [r.contactId], 'all', tem.getTransactionContext());
        expect(c).toEqual({ subscribed: false, data: { a: 1 } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await contactByEmail('trx@example.com')).toBeUndefined();
  });
});

describe('trackEvent and its entity manager', () => {
  it('leaves the entity manager with an empty identity map and no transaction (the /v1/track fast path shares one for every call)', async () => {
    const em = ctx.orm.em.fork();
    await Promise.all([
      trackEvent(em, ctx.project.id, { email: 'shared-em@example.com', event: 'a', subscribed: true, data: { a: 1 }, timezone: 'Europe/Paris' }),
      trackEvent(em, ctx.project.id, { email: 'shared-em@example.com', event: 'b' }, { publicKey: true, dataMode: 'add' }),
    ]);
    expect(em.getUnitOfWork().getIdentityMap().values()).toHaveLength(0);
    expect(em.getTransactionContext()).toBeUndefined();
  });
});

describe('splitTrackData', () => {
  it('unwraps only exact {value, persistent:boolean} wrappers', () => {
    expect(
      splitTrackData({
        a: 1,
        b: { value: 2, persistent: false },
        c: { value: 3, persistent: true },
        d: { value: 4, persistent: 'no' },
        e: null,
        f: [1],
      }),
    ).toEqual({
      contactPatch: { a: 1, c: 3, d: { value: 4, persistent: 'no' }, e: null, f: [1] },
      eventData: { a: 1, b: 2, c: 3, d: { value: 4, persistent: 'no' }, e: null, f: [1] },
    });
  });
});
