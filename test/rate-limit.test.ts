import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../api/middleware/body-limit.js';
import { RateLimiter } from '../api/middleware/rate-limit.js';
import { generateKey } from '../core/projects/keys.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { expectError } from './support/envelope.js';

describe('RateLimiter: a sliding window, not the clock minute', () => {
  it('a burst at the end of a minute still counts at the start of the next (a clock-minute window let 2x through)', () => {
    let now = 1_800_000_000_000 + 59_900; // 100 ms before a minute boundary
    const limiter = new RateLimiter({ now: () => now });
    for (let i = 0; i < 10; i++) expect(limiter.hit('p', 10).allowed).toBe(true);
    now += 200; // the next clock minute
    const refused = limiter.hit('p', 10);
    expect(refused.allowed).toBe(false);
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThanOrEqual(60);
    expect(Number(refused.headers['Retry-After'])).toBeLessThanOrEqual(65);
    now += 59_000; // 59.2 s after the burst: still inside the window
    expect(limiter.hit('p', 10).allowed).toBe(false);
    now += 6_000; // the burst's whole bucket has left the window
    expect(limiter.hit('p', 10).allowed).toBe(true);
  });

  it('never admits more than the limit in any 60 s under steady traffic', () => {
    let now = 1_800_000_000_000;
    const limiter = new RateLimiter({ now: () => now });
    const admitted: number[] = [];
    for (let t = 0; t < 300_000; t += 50) {
      now = 1_800_000_000_000 + t;
      if (limiter.hit('p', 100).allowed) admitted.push(t);
    }
    let worst = 0;
    for (let i = 0, j = 0; i < admitted.length; i++) {
      while (admitted[i] - admitted[j] >= 60_000) j++;
      worst = Math.max(worst, i - j + 1);
    }
    expect(worst).toBe(100);
    expect(admitted.length).toBeGreaterThanOrEqual(400); // ~100 per 65 s over 300 s: not starved either
  });

  it('keys are independent', () => {
    const limiter = new RateLimiter();
    expect(limiter.hit('a', 1).allowed).toBe(true);
    expect(limiter.hit('a', 1).allowed).toBe(false);
    expect(limiter.hit('b', 1).allowed).toBe(true);
  });
});

describe('separate budgets: secret key, public key, webhooks', () => {
  let ctx: TestContext;
  let webhookSecret: string;
  beforeAll(async () => {
    ctx = await setupTestContext({ RATE_LIMIT_PER_MINUTE: '5', PUBLIC_RATE_LIMIT_PER_MINUTE: '4', WEBHOOK_RATE_LIMIT_PER_MINUTE: '3' });
    webhookSecret = (await json(await ctx.request('GET', '/project'))).data.webhookSecret;
  });
  afterAll(() => ctx?.cleanup());

  it('a leaked public key flooding invalid calls (4xx count) never blocks the secret key or the bounce webhook', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await ctx.request('POST', '/v1/track', { key: ctx.project.publicKey, body: { email: 'nope' } });
      expect(res.status).toBe(422);
      expect(res.headers.get('ratelimit-limit')).toBe('4');
    }
    const limited = await expectError(await ctx.request('POST', '/v1/track', { key: ctx.project.publicKey, body: { email: 'a@example.com', event: 'x' } }), 429, 'RATE_LIMITED');
    expect(limited.error.message).toMatch(/4 requests per minute.*public/);
    // 401s are not charged to anyone (the key names no project)
    for (let i = 0; i < 10; i++) await expectError(await ctx.request('GET', '/contacts', { key: generateKey('secret') }), 401, 'UNAUTHORIZED');

    const sk = await ctx.request('GET', '/contacts');
    expect(sk.status).toBe(200);
    expect(sk.headers.get('ratelimit-limit')).toBe('5');
    expect(sk.headers.get('ratelimit-remaining')).toBe('3'); // GET /project in beforeAll + this one
    const hook = await ctx.request('POST', '/webhooks/bounces', { key: null, body: { type: 'soft_bounce', email: 'x@example.com' }, headers: { authorization: `Bearer ${webhookSecret}` } });
    expect(hook.status).toBe(200);
    expect(hook.headers.get('ratelimit-limit')).toBe('3');
  });

  it('the secret key used up does not block the public key or the webhook', async () => {
    const other = await ctx.newProject('secret-flood');
    // The first of the 5 secret-key calls reads the project's webhook secret.
    const otherWebhookSecret = (await json(await ctx.request('GET', '/project', { key: other.secretKey }))).data.webhookSecret;
    for (let i = 0; i < 4; i++) expect((await ctx.request('GET', '/contacts', { key: other.secretKey })).status).toBe(200);
    await expectError(await ctx.request('GET', '/contacts', { key: other.secretKey }), 429, 'RATE_LIMITED');
    expect((await ctx.request('POST', '/v1/track', { key: other.publicKey, body: { email: 'b@example.com', event: 'x' } })).status).toBe(200);
    const hook = await ctx.request('POST', '/webhooks/bounces', { key: null, body: { type: 'soft_bounce', email: 'b@example.com' }, headers: { authorization: `Bearer ${otherWebhookSecret}` } });
    expect(hook.status).toBe(200);
    expect(hook.headers.get('ratelimit-limit')).toBe('3');
  });

  it('a public key on a secret-key route (403) is charged to the public budget, which then answers 429; the 403 carries the rate headers', async () => {
    const other = await ctx.newProject('forbidden-flood');
    for (let i = 0; i < 4; i++) await expectError(await ctx.request('GET', '/contacts', { key: other.publicKey }), 403, 'FORBIDDEN');
    await expectError(await ctx.request('GET', '/contacts', { key: other.publicKey }), 429, 'RATE_LIMITED');
    const last = await ctx.request('GET', '/segments', { key: (await ctx.newProject('forbidden-headers')).publicKey });
    expect(last.status).toBe(403);
    expect([last.headers.get('ratelimit-limit'), last.headers.get('ratelimit-remaining')]).toEqual(['4', '3']);
    // The secret budget is untouched.
    expect((await ctx.request('GET', '/contacts', { key: other.secretKey })).headers.get('ratelimit-remaining')).toBe('4');
  });

  it('a request refused before its key is read (wrong content type, oversized body) is not counted', async () => {
    const other = await ctx.newProject('refused-early');
    // Twice the secret budget of each: were any counted, the call after them would be refused.
    for (let i = 0; i < 10; i++) {
      await expectError(await ctx.request('POST', '/contacts', { key: other.secretKey, body: 'email=a@example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'UNSUPPORTED_CONTENT_TYPE');
    }
    const oversized = JSON.stringify({ email: 'a@example.com', data: { blob: 'x'.repeat(DEFAULT_BODY_LIMIT) } });
    for (let i = 0; i < 10; i++) await expectError(await ctx.request('POST', '/contacts', { key: other.secretKey, body: oversized }), 413, 'PAYLOAD_TOO_LARGE');
    const res = await ctx.request('GET', '/contacts', { key: other.secretKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toBe('4'); // this call alone counted
  });
});
