import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

describe('POST /contacts (upsert)', () => {
  it('creates then updates by email, case-insensitively and trimmed', async () => {
    const a = await ctx.request('POST', '/contacts', { body: { email: 'Ada@Example.com', data: { plan: 'free', name: 'Ada' } } });
    expect(a.status).toBe(201);
    const ab = await json(a);
    expect(ab.success).toBe(true);
    expect(ab.data).toMatchObject({ email: 'ada@example.com', subscribed: true, data: { plan: 'free', name: 'Ada' }, _meta: { isNew: true, isUpdate: false } });

    const b = await ctx.request('POST', '/contacts', { body: { email: '  ADA@example.COM ', subscribed: false, data: { plan: 'pro', name: null } } });
    expect(b.status).toBe(200);
    const bb = await json(b);
    expect(bb.data.id).toBe(ab.data.id);
    expect(bb.data).toMatchObject({ subscribed: false, data: { plan: 'pro' }, _meta: { isNew: false, isUpdate: true } });
    expect(bb.data.data).not.toHaveProperty('name');

    // omitted subscribed leaves it unchanged on update
    const c = await json(await ctx.request('POST', '/contacts', { body: { email: 'ada@example.com' } }));
    expect(c.data.subscribed).toBe(false);
  });

  it('concurrent upserts of one address make one contact', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ctx.request('POST', '/contacts', { body: { email: 'race@example.com' } }).then(json)),
    );
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect(results.filter((r) => r.data._meta.isNew)).toHaveLength(1);
  });

  it('rejects a malformed email with invalid_string', async () => {
    const res = await ctx.request('POST', '/contacts', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'invalid_string' }));
  });
});

describe('GET/PATCH/DELETE /contacts/:id', () => {
  it('gets, patches (merging data) and deletes', async () => {
    const created = await json(await ctx.request('POST', '/contacts', { body: { email: 'grace@example.com', data: { a: 1, b: 2 } } }));
    const id = created.data.id;
    const got = await json(await ctx.request('GET', `/contacts/${id}`));
    expect(got.data).toMatchObject({ id, email: 'grace@example.com' });
    expect(got.data).not.toHaveProperty('_meta');

    const patched = await json(await ctx.request('PATCH', `/contacts/${id}`, { body: { data: { b: null, c: 3 }, subscribed: false } }));
    expect(patched.data).toMatchObject({ subscribed: false, data: { a: 1, c: 3 } });
    expect(patched.data.data).not.toHaveProperty('b');

    expect((await ctx.request('DELETE', `/contacts/${id}`)).status).toBe(200);
    expect((await ctx.request('GET', `/contacts/${id}`)).status).toBe(404);
    expect((await ctx.request('GET', `/contacts/not-a-uuid`)).status).toBe(404);
  });

  it('concurrent PATCHes of different data keys all land (no lost update)', async () => {
    const created = await json(await ctx.request('POST', '/contacts', { body: { email: 'many-writers@example.com', data: { base: true } } }));
    const id = created.data.id;
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const statuses = await Promise.all(keys.map(async (k, i) => (await ctx.request('PATCH', `/contacts/${id}`, { body: { data: { [k]: i } } })).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const got = await json(await ctx.request('GET', `/contacts/${id}`));
    expect(got.data.data).toEqual({ base: true, ...Object.fromEntries(keys.map((k, i) => [k, i])) });
  });

  it('concurrent PATCHes moving two contacts to one address: one wins, the other is a 409', async () => {
    const a = await json(await ctx.request('POST', '/contacts', { body: { email: 'race-a@example.com' } }));
    const b = await json(await ctx.request('POST', '/contacts', { body: { email: 'race-b@example.com' } }));
    const res = await Promise.all([a, b].map((c) => ctx.request('PATCH', `/contacts/${c.data.id}`, { body: { email: 'race-target@example.com' } })));
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await json(res.find((r) => r.status === 409)!)).error.code).toBe('CONFLICT');
  });

  it('PATCH to an email another contact has is a 409', async () => {
    await ctx.request('POST', '/contacts', { body: { email: 'one@example.com' } });
    const two = await json(await ctx.request('POST', '/contacts', { body: { email: 'two@example.com' } }));
    const res = await ctx.request('PATCH', `/contacts/${two.data.id}`, { body: { email: 'ONE@example.com' } });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('CONFLICT');
  });

  it('a contact of another project is a 404', async () => {
    const other = await ctx.newProject('other');
    const mine = await json(await ctx.request('POST', '/contacts', { body: { email: 'mine@example.com' } }));
    const res = await ctx.request('GET', `/contacts/${mine.data.id}`, { key: other.secretKey });
    expect(res.status).toBe(404);
    expect((await ctx.request('DELETE', `/contacts/${mine.data.id}`, { key: other.secretKey })).status).toBe(404);
  });
});

describe('subscription events from the contacts API', () => {
  /** The subscription events of a contact, oldest first, as GET /events shows them. */
  const subscriptionEvents = async (contactId: string) => {
    const body = await json(await ctx.request('GET', `/events?contactId=${contactId}&limit=100`));
    return (body.data.events as { name: string; data: Record<string, unknown> }[])
      .filter((e) => e.name.startsWith('contact.'))
      .reverse()
      .map((e) => `${e.name}:${e.data.source}`);
  };

  it('PATCH records contact.unsubscribed / contact.subscribed on a change, nothing on a repeat', async () => {
    const created = await json(await ctx.request('POST', '/contacts', { body: { email: 'sub-patch@example.com' } }));
    const id = created.data.id as string;
    expect(await subscriptionEvents(id)).toEqual([]); // created without `subscribed`: no event, as /v1/track
    const patch = (body: unknown) => ctx.request('PATCH', `/contacts/${id}`, { body });
    expect((await patch({ subscribed: false })).status).toBe(200);
    expect((await patch({ subscribed: false })).status).toBe(200);
    expect((await patch({ data: { plan: 'pro' } })).status).toBe(200);
    expect((await patch({ subscribed: true })).status).toBe(200);
    expect(await subscriptionEvents(id)).toEqual(['contact.unsubscribed:api', 'contact.subscribed:api']);
  });

  it('POST /contacts records the event for a new contact created with `subscribed` and for a change', async () => {
    const a = await json(await ctx.request('POST', '/contacts', { body: { email: 'sub-post@example.com', subscribed: true } }));
    const id = a.data.id as string;
    await ctx.request('POST', '/contacts', { body: { email: 'sub-post@example.com', subscribed: true } });
    await ctx.request('POST', '/contacts', { body: { email: 'sub-post@example.com', subscribed: false } });
    await ctx.request('POST', '/contacts', { body: { email: 'sub-post@example.com' } });
    expect(await subscriptionEvents(id)).toEqual(['contact.subscribed:api', 'contact.unsubscribed:api']);
  });
});

describe('GET /contacts', () => {
  it('pages through every contact with the cursor, in both documented forms', async () => {
    const p = await ctx.newProject('paging');
    const emails = Array.from({ length: 7 }, (_, i) => `page${i}@example.com`);
    for (const email of emails) await ctx.request('POST', '/contacts', { key: p.secretKey, body: { email, subscribed: email !== 'page3@example.com' } });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await ctx.request('GET', `/contacts?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: p.secretKey });
      expect(res.status).toBe(200);
      const { data } = await json(res);
      expect(data.total).toBe(i === 0 ? 7 : 8);
      expect(data.items).toEqual(data.contacts);
      expect(data.nextCursor).toBe(data.cursor);
      seen.push(...data.contacts.map((c: any) => c.email));
      // a concurrent insert does not disturb later pages
      if (i === 0) await ctx.request('POST', '/contacts', { key: p.secretKey, body: { email: 'late@example.com' } });
      if (!data.hasMore) break;
      cursor = data.cursor;
    }
    expect(seen.sort()).toEqual([...emails].sort());

    const unsub = await json(await ctx.request('GET', '/contacts?subscribed=false', { key: p.secretKey }));
    expect(unsub.data.contacts.map((c: any) => c.email)).toEqual(['page3@example.com']);
    const search = await json(await ctx.request('GET', '/contacts?search=PAGE5', { key: p.secretKey }));
    expect(search.data.contacts.map((c: any) => c.email)).toEqual(['page5@example.com']);
    expect(search.data.total).toBe(1);
  });

  it('search=<only spaces> is a 422 naming search, not a list of every contact', async () => {
    const res = await ctx.request('GET', '/contacts?search=%20%20');
    expect(res.status).toBe(422);
    expect((await json(res)).error.errors).toEqual([expect.objectContaining({ field: 'search' })]);
  });

  it.each(['0', '101', 'abc', '1.5'])('limit=%s is a 422 naming limit', async (limit) => {
    const res = await ctx.request('GET', `/contacts?limit=${limit}`);
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.errors.map((e: any) => e.field)).toContain('limit');
  });

  it('a garbage cursor or subscribed value is a 422', async () => {
    expect((await ctx.request('GET', '/contacts?cursor=zzz')).status).toBe(422);
    expect((await ctx.request('GET', '/contacts?subscribed=maybe')).status).toBe(422);
  });
});
