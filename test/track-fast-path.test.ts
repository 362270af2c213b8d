import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serve } from '@hono/node-server';
import { createApi, createApp, serveApi } from '../api/app.js';
import type { AppDeps } from '../api/types.js';
import { configureLogging } from '../core/log.js';
import { setProjectDisabled } from '../core/projects/keys.js';
import { setupTestContext, type TestContext } from './helpers.js';

/*
 * The /v1/track fast path (api/track-fast-path.ts) against the Hono app it stands in front of: the
 * same requests, over HTTP, to a server with the fast path and to one serving the Hono app alone,
 * each app with its own project (same settings), so both see the same state. Status, headers
 * (all but Date; the request id's value unless the client sent one) and body (ids and times
 * aside) must be equal, and so must the access log line.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());
// The access log line of every call is compared too.
beforeEach(() => configureLogging({ logLevel: 'info', logFormat: 'json' }));
afterEach(() => configureLogging({ logLevel: 'warn', logFormat: 'json' }));

interface Side {
  url: string;
  project: { id: string; secretKey: string; publicKey: string };
  server: Server;
}

/** Two servers on one database: `fast` with the fast path (its choices recorded in `taken`), `hono` without. */
async function pair(config: Partial<AppDeps['config']> = {}) {
  const deps: AppDeps = { ...ctx.deps, config: { ...ctx.deps.config, ...config } };
  const api = createApi(deps);
  const taken: boolean[] = [];
  const fastPath = api.fastPath;
  api.fastPath = (req, res) => {
    // A test's way to make writing the answer fail.
    if (req.headers['x-test-fail-write']) {
      res.writeHead = () => {
        throw new Error('write failed');
      };
    }
    const answered = fastPath(req, res);
    taken.push(answered);
    return answered;
  };
  const listening = (server: Server) => new Promise<string>((resolve) => server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  const fastServer = serveApi(api, { port: 0, hostname: '127.0.0.1' }) as Server;
  const honoServer = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  const [fastUrl, honoUrl] = await Promise.all([listening(fastServer), listening(honoServer)]);
  const fast: Side = { url: fastUrl, project: await ctx.newProject('fast'), server: fastServer };
  const hono: Side = { url: honoUrl, project: await ctx.newProject('hono'), server: honoServer };
  servers.push(fastServer, honoServer);
  return { fast, hono, taken };
}
const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

interface Call {
  method?: string;
  path?: string;
  /** `(side) => key` for a key of that side's project; a string as it is; null for none. */
  key?: 'public' | 'secret' | null | string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The access log lines written for the call (JSON, time, ms and request id values taken out). */
  logLines: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const REQ_ID = /req_[A-Za-z0-9_-]{16}/g;

async function send(side: Side, call: Call): Promise<Seen> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...call.headers };
  const key = call.key === undefined ? 'public' : call.key;
  if (key === 'public') headers.authorization = `Bearer ${side.project.publicKey}`;
  else if (key === 'secret') headers.authorization = `Bearer ${side.project.secretKey}`;
  else if (key !== null) headers.authorization = key;
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${side.url}${call.path ?? '/v1/track'}`, { method: call.method ?? 'POST', headers, body: call.body });
    text = await res.text();
    // The access line is written right after the answer: waited for (a busy machine may take more
    // than a turn); a side that writes none is seen as such after 5 s.
    for (const until = Date.now() + 5_000; !lines.some((l) => l.includes('"msg":"request"')) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  } finally {
    spy.mockRestore();
  }
  const seenHeaders: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k === 'date') return;
    seenHeaders[k] = k === 'x-request-id' && v !== call.headers?.['x-request-id'] ? v.replace(REQ_ID, '<request id>') : v;
  });
  const logLines = lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"msg":"request"'))
    .map((l) => {
      const { time: _t, ms, requestId, ...rest } = JSON.parse(l) as Record<string, unknown>;
      expect(typeof ms).toBe('number');
      expect(requestId).toBe(res.headers.get('x-request-id'));
      return JSON.stringify(rest);
    });
  return {
    status: res.status,
    headers: seenHeaders,
    body: text.replace(UUID, '<uuid>').replace(ISO_TIME, '<time>').replace(REQ_ID, '<request id>'),
    logLines,
  };
}

/** Sends `call` to both sides (fast first) and expects the same answer; returns the fast side's. */
async function same(p: Awaited<ReturnType<typeof pair>>, call: Call): Promise<Seen> {
  const fast = await send(p.fast, call);
  const hono = await send(p.hono, call);
  // RateLimit-Reset and a 429's Retry-After (also in its suggestion) count whole seconds to the end of
  // the oldest 5 s bucket a side has hits in: the two sides' first calls may fall on either side of a
  // bucket's edge, and of a second's (CI saw Retry-After 63 against 64).
  const seconds = (s: Seen) => [Number(s.headers['ratelimit-reset'] ?? 0), Number(s.headers['retry-after'] ?? 0), Number(/Retry after (\d+) s/.exec(s.body)?.[1] ?? 0)];
  seconds(fast).forEach((n, i) => expect(Math.abs(n - seconds(hono)[i])).toBeLessThanOrEqual(6));
  const withoutSeconds = (s: Seen) => ({
    ...s,
    headers: { ...s.headers, 'ratelimit-reset': s.headers['ratelimit-reset'] && '<reset>', 'retry-after': s.headers['retry-after'] && '<retry>' },
    body: s.body.replace(/Retry after \d+ s/, 'Retry after <n> s'),
  });
  expect(withoutSeconds(fast)).toEqual(withoutSeconds(hono));
  expect(fast.logLines).toHaveLength(1);
  return fast;
}

const json = (v: unknown) => JSON.stringify(v);

describe('POST /v1/track through the fast path answers exactly as the Hono app', () => {
  it('success with a public key, a secret key, subscribed, data and a time zone: same status, headers, body and log line', async () => {
    const p = await pair();
    const calls: Call[] = [
      { body: json({ email: 'a@example.com', event: 'Signed Up' }) },
      { body: json({ email: 'A@Example.com ', event: 'Signed Up', subscribed: false, data: { plan: 'pro', order: { value: 'A-1', persistent: false } } }) },
      { key: 'secret', body: json({ email: 'b@example.com', event: 'bought', subscribed: true, timezone: 'Europe/Paris', data: { n: 1 } }) },
      { headers: { 'content-type': 'application/json; charset=UTF-8' }, body: json({ email: 'c@example.com', event: 'x' }) },
      { headers: { 'x-request-id': 'client-chosen-id-123' }, body: json({ email: 'c@example.com', event: 'x' }) },
      { headers: { 'x-request-id': 'bad id!' }, body: json({ email: 'c@example.com', event: 'x' }) },
      // fetch's Request.json() drops a leading BOM and reads bad UTF-8 as U+FFFD: the fast path decodes the same way.
      { body: `\ufeff${json({ email: 'bom@example.com', event: 'x' })}` },
      { body: Buffer.concat([Buffer.from('{"email":"utf@example.com","event":"x","data":{"k":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')]) },
    ];
    for (const call of calls) expect((await same(p, call)).status).toBe(200);
    expect(p.taken.every(Boolean)).toBe(true);
    expect(p.taken).toHaveLength(calls.length);
  });

  it('client errors (401, 403 disabled project, 400 malformed JSON, 422 schema, reserved name, unstorable text, nesting too deep) in the same envelope', async () => {
    const p = await pair();
    const cases: [Call, number][] = [
      [{ key: 'Bearer pk_not_a_real_key_0000000000000000', body: json({ email: 'a@example.com', event: 'x' }) }, 401],
      [{ key: 'Basic abc', body: json({ email: 'a@example.com', event: 'x' }) }, 401],
      [{ body: '{"email": "a@example.com", ' }, 400],
      [{ body: 'null' }, 422],
      [{ body: json({ email: 'not an email', event: 'x' }) }, 422],
      [{ body: json({ email: 'a@example.com' }) }, 422],
      [{ body: json({ email: 'a@example.com', event: 'x', subscribed: 'yes' }) }, 422],
      [{ body: json({ email: 'a@example.com', event: 'email.sent' }) }, 422],
      [{ body: json({ email: 'a@example.com', event: 'x', data: { k: 'nul\u0000here' } }) }, 422],
      [{ body: json({ email: 'a@example.com', event: 'x', timezone: 'Mars/Olympus' }) }, 422],
      [{ body: `{"email":"a@example.com","event":"x","data":{"k":${'['.repeat(1500)}${']'.repeat(1500)}}}` }, 422],
    ];
    for (const [call, status] of cases) expect((await same(p, call)).status).toBe(status);
    await setProjectDisabled(ctx.orm.em.fork(), p.fast.project.id, true);
    await setProjectDisabled(ctx.orm.em.fork(), p.hono.project.id, true);
    expect((await same(p, { body: json({ email: 'a@example.com', event: 'x' }) })).status).toBe(403);
    expect(p.taken.every(Boolean)).toBe(true);
  });

  it('the rate limit: same RateLimit headers on every call, then the same 429 with Retry-After', async () => {
    const p = await pair({ publicRateLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await same(p, { body: json({ email: `r${i}@example.com`, event: 'x' }) })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(p.taken.every(Boolean)).toBe(true);
  });

  it('CORS with a list of origins: an allowed origin, another one and none get the same headers (Vary: Origin)', async () => {
    const p = await pair({ cors: { ...ctx.deps.config.cors, track: ['https://shop.example'] } });
    for (const origin of ['https://shop.example', 'https://evil.example', undefined]) {
      const seen = await same(p, { headers: origin ? { origin } : {}, body: json({ email: 'o@example.com', event: 'x' }) });
      expect(seen.headers.vary).toBe('Origin');
    }
    expect(p.taken.every(Boolean)).toBe(true);
  });

  it('a failure writing the answer closes that connection and is logged; the server keeps answering', async () => {
    const p = await pair();
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const failed = fetch(`${p.fast.url}/v1/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.fast.project.publicKey}`, 'x-test-fail-write': '1' },
        body: json({ email: 'w@example.com', event: 'x' }),
      });
      await expect(failed).rejects.toThrow();
    } finally {
      spy.mockRestore();
    }
    expect(lines.some((l) => l.includes('failed to answer a request') && l.includes('write failed'))).toBe(true);
    expect((await send(p.fast, { body: json({ email: 'w@example.com', event: 'x' }) })).status).toBe(200);
  });

  it('leaves every other form of the call to the Hono app (preflight, query string, chunked, empty, other media type, no key) and the answers stay equal', async () => {
    const p = await pair();
    const body = json({ email: 'z@example.com', event: 'x' });
    const chunked = () => new Blob([body]).stream();
    const calls: Call[] = [
      { method: 'OPTIONS', key: null, headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' } },
      { path: '/v1/track?x=1', body },
      { headers: { 'content-type': 'text/plain' }, body },
      { headers: { 'content-type': 'application/json; charset=latin1' }, body },
      { body: '' },
      { key: null, body },
    ];
    for (const call of calls) await same(p, call);
    // A streamed body (Transfer-Encoding: chunked) needs fetch's duplex option: sent here directly.
    configureLogging({ logLevel: 'warn' });
    const streamed = async (side: Side) => {
      const res = await fetch(`${side.url}/v1/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${side.project.publicKey}` },
        body: chunked(),
        duplex: 'half',
      } as RequestInit);
      return [res.status, (await res.text()).replace(UUID, '<uuid>').replace(ISO_TIME, '<time>')];
    };
    expect(await streamed(p.fast)).toEqual(await streamed(p.hono));
    expect(p.taken).toEqual(Array(calls.length + 1).fill(false));
  });
  it('a repeated Authorization, Content-Type, Content-Length or Host header goes to the Hono app (node keeps the first copy, Hono joins them): the same answer, 401 for two keys', async () => {
    const p = await pair();
    configureLogging({ logLevel: 'warn' });
    const body = json({ email: 'twice@example.com', event: 'x' });
    /** One request written by hand (fetch cannot repeat a header): its status and body, ids and times aside. */
    const raw = (side: Side, extra: string[]) =>
      new Promise<[number, string]>((resolve, reject) => {
        const url = new URL(side.url);
        const socket = connect(Number(url.port), url.hostname);
        const lines = ['POST /v1/track HTTP/1.1', `Host: ${url.host}`, 'Content-Type: application/json', `Authorization: Bearer ${side.project.publicKey}`, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', ...extra];
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        socket.on('end', () => {
          const text = got.slice(got.indexOf('\r\n\r\n') + 4).replace(UUID, '<uuid>').replace(ISO_TIME, '<time>').replace(REQ_ID, '<request id>');
          resolve([Number(got.split(' ')[1]), text]);
        });
        socket.on('error', reject);
        socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      });
    const repeats = [
      ['Authorization: Bearer pk_second_key_0000000000000000000'],
      ['Content-Type: text/plain'],
      [`Content-Length: ${Buffer.byteLength(body)}`],
      ['Host: other.example'],
    ];
    const answers: number[] = [];
    for (const extra of repeats) {
      const fast = await raw(p.fast, extra);
      const hono = await raw(p.hono, extra);
      expect(fast).toEqual(hono);
      answers.push(fast[0]);
    }
    expect(answers[0]).toBe(401);
    // A repeated Content-Length node's parser refuses itself (400, before either app sees it).
    expect(answers[2]).toBe(400);
    expect(p.taken).toEqual(Array(repeats.length - 1).fill(false));
  });
});
