import { createApp } from '../api/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { generateKey, revokeKey, setProjectDisabled } from '../core/projects/keys.js';
import { AuthState } from '../api/middleware/auth-state.js';
import type { ResolvedKey } from '../core/projects/keys.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { validateResponsesOf } from './support/response-validation.js';
import { expectError } from './support/envelope.js';
import { eventually } from './support/automations.js';
import { fillPath, label, operationsOf, schemesOf, usesApiKey, type Operation } from './support/route-table.js';

/**
 * Auth on every secured route, read from the OpenAPI document so a route added later is covered
 * without touching this file. Every case fails before the handler runs, so random ids suffice.
 */
const doc = generateOpenApiDocument() as any;
const secured = operationsOf(doc).filter(usesApiKey);
const secretOnly = secured.filter((op) => !schemesOf(op).has('publicKey'));
const publicAllowed = secured.filter((op) => schemesOf(op).has('publicKey'));
const hasBody = (op: Operation) => Boolean(doc.paths[op.path][op.method.toLowerCase()].requestBody);

let ctx: TestContext;
let disabled: { id: string; secretKey: string; publicKey: string };
let revoked: { id: string; secretKey: string; publicKey: string };
beforeAll(async () => {
  ctx = await setupTestContext();
  disabled = await ctx.newProject('disabled');
  await setProjectDisabled(ctx.orm.em.fork(), disabled.id, true);
  revoked = await ctx.newProject('revoked');
  await revokeKey(ctx.orm.em.fork(), revoked.secretKey);
});
afterAll(() => ctx?.cleanup());

/** One request to an operation with a raw Authorization header (or none). */
function call(op: Operation, authorization: string | null) {
  const headers: Record<string, string> = authorization === null ? {} : { authorization };
  return ctx.request(op.method, fillPath(op.path), { key: null, headers, body: hasBody(op) ? {} : undefined });
}

it('the document lists secured routes to check', () => {
  expect(secretOnly.map(label)).toEqual(expect.arrayContaining(['GET /contacts', 'POST /templates', 'DELETE /templates/{id}']));
});

describe.each(secured.map((op) => [label(op), op] as const))('%s', (_, op) => {
  it('no Authorization header -> 401 UNAUTHORIZED', async () => {
    await expectError(await call(op, null), 401, 'UNAUTHORIZED', op.path);
  });

  it.each([
    ['a bare "Bearer"', 'Bearer'],
    ['a Basic credential', 'Basic dXNlcjpwYXNz'],
    ['a key without the scheme', 'sk_abc'],
    ['a malformed key', 'Bearer not-a-key'],
    ['two tokens', 'Bearer sk_a sk_b'],
  ])('%s -> 401', async (_, header) => {
    await expectError(await call(op, header), 401, 'UNAUTHORIZED', op.path);
  });

  it('a well-formed but unknown secret or public key -> 401', async () => {
    await expectError(await call(op, `Bearer ${generateKey('secret')}`), 401, 'UNAUTHORIZED', op.path);
    await expectError(await call(op, `Bearer ${generateKey('public')}`), 401, 'UNAUTHORIZED', op.path);
  });

  it('a revoked key -> 401, while the project\'s other key still authenticates', async () => {
    await expectError(await call(op, `Bearer ${revoked.secretKey}`), 401, 'UNAUTHORIZED', op.path);
    const other = await call(op, `Bearer ${revoked.publicKey}`);
    expect(other.status).not.toBe(401);
  });

  it('a disabled project -> 403 PROJECT_DISABLED with either key', async () => {
    await expectError(await call(op, `Bearer ${disabled.secretKey}`), 403, 'PROJECT_DISABLED', op.path);
    await expectError(await call(op, `Bearer ${disabled.publicKey}`), 403, 'PROJECT_DISABLED', op.path);
  });

  if (!schemesOf(op).has('publicKey')) {
    it('a public key -> 403 FORBIDDEN', async () => {
      await expectError(await call(op, `Bearer ${ctx.project.publicKey}`), 403, 'FORBIDDEN', op.path);
    });
  } else {
    it('a public key is accepted', async () => {
      const res = await call(op, `Bearer ${ctx.project.publicKey}`);
      expect([401, 403]).not.toContain(res.status);
    });
  }
});

it('only POST /v1/track accepts a public key', () => {
  expect(publicAllowed.map(label)).toEqual(['POST /v1/track']);
});

it('the scheme name is case-insensitive and the key is the project\'s', async () => {
  const res = await ctx.request('GET', '/contacts', { key: null, headers: { authorization: `bearer ${ctx.project.secretKey}` } });
  expect(res.status).toBe(200);
});

it('re-enabling a project restores access', async () => {
  const p = await ctx.newProject('toggle');
  await setProjectDisabled(ctx.orm.em.fork(), p.id, true);
  await expectError(await ctx.request('GET', '/templates', { key: p.secretKey }), 403, 'PROJECT_DISABLED');
  await setProjectDisabled(ctx.orm.em.fork(), p.id, false);
  expect((await ctx.request('GET', '/templates', { key: p.secretKey })).status).toBe(200);
});

describe("another project's resources are 404", () => {
  const cases = [
    { resource: 'contacts', create: { email: 'owned@example.com' }, patch: { subscribed: false } },
    { resource: 'templates', create: { name: 'Owned', subject: 'Hi', body: '<p>Hi</p>', type: 'TRANSACTIONAL' }, patch: { name: 'Taken' } },
  ];
  it.each(cases)('$resource: get, patch and delete', async ({ resource, create, patch }) => {
    const created = await ctx.request('POST', `/${resource}`, { body: create });
    expect(created.status).toBe(201);
    const id = (await json(created)).data.id;
    const intruder = await ctx.newProject('intruder');
    await expectError(await ctx.request('GET', `/${resource}/${id}`, { key: intruder.secretKey }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('PATCH', `/${resource}/${id}`, { key: intruder.secretKey, body: patch }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('DELETE', `/${resource}/${id}`, { key: intruder.secretKey }), 404, 'NOT_FOUND');
    const list = await json(await ctx.request('GET', `/${resource}`, { key: intruder.secretKey }));
    expect(list.data.items).toEqual([]);
    // untouched for its owner
    const own = await json(await ctx.request('GET', `/${resource}/${id}`));
    expect(own.data).toMatchObject(create.email ? { email: create.email, subscribed: true } : { name: 'Owned' });
  });
});

describe('rate limit (RATE_LIMIT_PER_MINUTE=5)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await setupTestContext({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => limited?.cleanup());

  it('the 6th request in a minute is 429 RATE_LIMITED with Retry-After and RateLimit-* headers; other projects are unaffected', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await limited.request('GET', '/contacts');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('5');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(5 - i));
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const res = await limited.request('GET', '/templates');
    const body = await expectError(res, 429, 'RATE_LIMITED');
    expect(body.error.message).toMatch(/5 requests per minute/);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // a hit counts for 60 to 65 s (5 s buckets of a sliding window)
    expect(retryAfter).toBeLessThanOrEqual(65);
    expect(res.headers.get('ratelimit-limit')).toBe('5');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(res.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    // the public key has its own budget (test/rate-limit.test.ts)
    expect((await limited.request('POST', '/v1/track', { key: limited.project.publicKey, body: { email: 'a@example.com', event: 'x' } })).status).toBe(200);

    const other = await limited.newProject('unaffected');
    const ok = await limited.request('GET', '/contacts', { key: other.secretKey });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-remaining')).toBe('4');
    // a bad key is still told so (auth comes before the limit)
    await expectError(await limited.request('GET', '/contacts', { key: generateKey('secret') }), 401, 'UNAUTHORIZED');
  });
});

describe('rate limit shared by API processes', () => {
  let shared: TestContext;
  beforeAll(async () => {
    shared = await setupTestContext({ RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(() => shared?.cleanup());

  it('two API apps on one database count the same window for a project', async () => {
    const [a, b] = [validateResponsesOf(createApp(shared.deps)), validateResponsesOf(createApp(shared.deps))];
    const get = (app: typeof a) => app.request('/contacts', { headers: { authorization: `Bearer ${shared.project.secretKey}` } });
    for (let i = 0; i < 6; i++) expect((await get(a)).status).toBe(200);
    expect((await get(b)).status).toBe(200);
    // Each app adds its hits to the shared count within its sync interval (200 ms) and reads the total
    // back every interval while it has traffic: once the shared count has all the hits, two more
    // intervals and a sync's round trip (1 s, on a busy machine too) and both apps have read it.
    const sharedCount = async () =>
      (await shared.orm.em.fork().getConnection().execute<{ n: number }[]>('select coalesce(sum(count), 0)::int as n from api_rate_buckets where key = ?', [`${shared.project.id}:secret`]))[0].n;
    const readBack = async (n: number) => {
      await eventually(async () => (await sharedCount()) === n || null, 10_000, `the shared count at ${n}`);
      await new Promise((r) => setTimeout(r, 1000));
    };
    await readBack(7);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(b)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await readBack(10);
    expect((await get(a)).status).toBe(429);
    expect(await sharedCount()).toBe(10);
  });
});

describe('key cache', () => {
  const budgets = { secret: 1000, public: 1000, webhook: 1000 };
  const resolved = { key: { kind: 'public' }, project: { id: 'p' } } as unknown as ResolvedKey;

  it('concurrent requests with a key not in the cache resolve it with one lookup, and all get its result', async () => {
    const auth = new AuthState(1000, budgets);
    let loads = 0;
    let release!: () => void;
    const load = () => {
      loads += 1;
      return new Promise<ResolvedKey | null>((r) => (release = () => r(resolved)));
    };
    const pending = Array.from({ length: 32 }, () => auth.lookup('pk_same', load));
    release();
    expect(await Promise.all(pending)).toEqual(Array(32).fill(resolved));
    expect(loads).toBe(1);
    expect(await auth.lookup('pk_same', load)).toBe(resolved); // cached
    expect(loads).toBe(1);
  });

  it('a failed lookup is not cached: every request waiting on it gets the error, the next one looks again', async () => {
    const auth = new AuthState(1000, budgets);
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error('database down'));
    };
    const both = [auth.lookup('pk_x', failing), auth.lookup('pk_x', failing)].map((p) => Promise.resolve(p).catch((e: Error) => e.message));
    expect(await Promise.all(both)).toEqual(['database down', 'database down']);
    expect(loads).toBe(1);
    expect(await auth.lookup('pk_x', () => Promise.resolve(resolved))).toBe(resolved);
  });
});
