import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

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
