import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.js';
import { createApp } from '../api/app.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { listen } from './support/http-server.js';

const ORIGIN = 'https://shop.example.org';

let ctx: TestContext;
let restricted: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
  restricted = await setupTestContext({
    CORS_TRACK_ORIGINS: 'https://a.example.com, https://b.example.com/',
    CORS_SEND_ORIGINS: '',
    CORS_DASHBOARD_ORIGINS: 'https://admin.example.com',
  });
});
afterAll(async () => {
  await ctx?.cleanup();
  await restricted?.cleanup();
});

const preflight = (c: TestContext, path: string, origin = ORIGIN, method = 'POST') =>
  c.app.request(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
  });

describe('CORS by default', () => {
  it.each(['/v1/track', '/v1/send', '/v1/verify'])('%s answers a preflight for any origin', async (path) => {
    const res = await preflight(ctx, path);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers')!.split(',');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });

  it('a tracked event from another origin carries Access-Control-Allow-Origin and exposes the request id', async () => {
    const res = await ctx.request('POST', '/v1/track', { key: ctx.project.publicKey, body: { email: 'cors@example.com', event: 'Page Viewed' }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('answers to /v1/send list Idempotent-Replayed among the headers a page may read (Access-Control-Expose-Headers)', async () => {
    const res = await ctx.request('POST', '/v1/send', { body: {}, headers: { origin: ORIGIN, 'idempotency-key': 'cors-expose' } });
    expect(res.headers.get('access-control-expose-headers')?.split(',')).toContain('Idempotent-Replayed');
  });

  it('errors carry the header too, so the page can read them', async () => {
    const res = await ctx.request('POST', '/v1/track', { key: null, body: { email: 'cors@example.com', event: 'x' }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const send = await ctx.request('POST', '/v1/send', { body: {}, headers: { origin: ORIGIN } });
    expect(send.status).toBe(422);
    expect(send.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('other routes send no CORS headers and do not answer preflight', async () => {
    const res = await ctx.request('GET', '/contacts', { headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const pre = await preflight(ctx, '/contacts', ORIGIN, 'GET');
    expect(pre.status).toBe(404);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS headers cost no streamed answer', () => {
  // hono/cors set its headers on a placeholder response that the handler's answer was then copied
  // over: every answer became a real Response with a ReadableStream body, which @hono/node-server
  // then reads back (a fifth of a /v1/track call's CPU). Set before the handler runs, the answer
  // stays @hono/node-server's light response, written from its string in one go.
  it.each([
    ['any origin', () => ctx, ORIGIN],
    ['listed origins', () => restricted, 'https://a.example.com'],
  ])('a cross-origin /v1/track answer (%s) leaves the app as the HTTP server\'s light response (no real Response built), with its CORS headers', async (_, of, origin) => {
    const c = of();
    const server = await listen(createApp(c.deps)); // installs @hono/node-server's Response in place of the global one
    try {
      const app = createApp(c.deps);
      const res = await app.fetch(
        new Request('http://localhost/v1/track', {
          method: 'POST',
          headers: { authorization: `Bearer ${c.project.publicKey}`, 'content-type': 'application/json', origin },
          body: JSON.stringify({ email: 'whole@example.com', event: 'Page Viewed' }),
        }),
      );
      const internals = Object.getOwnPropertySymbols(res).map((s) => s.description);
      expect(internals).toContain('cache'); // the body is still the string the handler gave
      expect(internals).not.toContain('responseCache'); // no real Response made from it
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(c === ctx ? '*' : origin);
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      if (c !== ctx) expect(res.headers.get('vary')).toContain('Origin');
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
      // And over the wire, the same headers.
      const wire = await fetch(`${server.url}/v1/track`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.project.publicKey}`, 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'whole@example.com', event: 'Page Viewed' }),
      });
      expect(wire.status).toBe(200);
      expect(wire.headers.get('access-control-allow-origin')).toBe(c === ctx ? '*' : origin);
      expect(((await wire.json()) as { success: boolean }).success).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('CORS configured', () => {
  it('a listed origin is echoed (with Vary: Origin), an unlisted one gets no header', async () => {
    const ok = await preflight(restricted, '/v1/track', 'https://b.example.com');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://b.example.com');
    expect(ok.headers.get('vary')).toContain('Origin');
    const other = await restricted.request('POST', '/v1/track', { key: restricted.project.publicKey, body: { email: 'x@example.com', event: 'e' }, headers: { origin: ORIGIN } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an empty setting turns CORS off for send and verify', async () => {
    expect((await preflight(restricted, '/v1/send')).headers.get('access-control-allow-origin')).toBeNull();
    const res = await restricted.request('POST', '/v1/verify', { body: { email: 'a@example.com' }, headers: { origin: ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('dashboard origins open the other routes', async () => {
    const pre = await preflight(restricted, '/contacts', 'https://admin.example.com', 'GET');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    const res = await restricted.request('GET', '/contacts', { headers: { origin: 'https://admin.example.com' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    expect((await json(res)).success).toBe(true);
  });

  it('a malformed origin list stops the start with a readable message', () => {
    expect(() => loadConfig({ CORS_TRACK_ORIGINS: 'example.com' })).toThrow(/CORS_TRACK_ORIGINS: a comma-separated list of origins/);
  });
});
