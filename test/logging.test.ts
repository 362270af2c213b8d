import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { configureLogging, log, withLogContext } from '../core/log.js';
import { requestId } from '../api/middleware/request-id.js';
import type { AppEnv } from '../api/types.js';
import { setupTestContext, type TestContext } from './helpers.js';

/** The lines the logger writes (to stderr) while `fn` runs. */
async function captured(fn: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => configureLogging({ logLevel: 'info', logFormat: 'json' }));

describe('logging', () => {
  it('writes one JSON object per line, with the fields of the surrounding context', async () => {
    configureLogging({ logLevel: 'info', logFormat: 'json' });
    const lines = await captured(() => withLogContext({ workflowId: 'send-1' }, () => withLogContext({ activityId: '7' }, () => log.warn({ emails: 2 }, 'hello'))));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, msg: 'hello', emails: 2, workflowId: 'send-1', activityId: '7' });
  });

  it('honours LOG_LEVEL', async () => {
    configureLogging({ logLevel: 'warn' });
    expect(await captured(() => log.info('quiet'))).toEqual([]);
    expect(await captured(() => log.error('loud'))).toHaveLength(1);
    configureLogging({ logLevel: 'silent' });
    expect(await captured(() => log.error('silenced'))).toEqual([]);
  });

  it('pretty prints `time LEVEL message key=value`', async () => {
    configureLogging({ logLevel: 'info', logFormat: 'pretty' });
    const [line] = await captured(() => log.info({ port: 3000 }, 'API listening'));
    expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO API listening port=3000\n$/);
  });

  it('pretty prints the same line whether it is built from the call (plain fields) or from pino\'s JSON (nested fields): context fields first, and a call\'s fields do not stick to later lines of the context', async () => {
    configureLogging({ logLevel: 'info', logFormat: 'pretty' });
    const lines = await captured(() =>
      withLogContext({ requestId: 'req_pretty_1' }, () => {
        log.info({ method: 'POST', status: 200, ms: 1.5, ok: true }, 'request'); // built from the call
        log.info({ method: 'POST', detail: { a: 1 } }, 'request'); // through pino
        log.warn('plain');
      }),
    );
    const time = '\\d\\d:\\d\\d:\\d\\d\\.\\d{3}';
    expect(lines[0]).toMatch(new RegExp(`^${time} INFO request requestId=req_pretty_1 method=POST status=200 ms=1.5 ok=true\\n$`));
    expect(lines[1]).toMatch(new RegExp(`^${time} INFO request requestId=req_pretty_1 method=POST detail={"a":1}\\n$`));
    expect(lines[2]).toMatch(new RegExp(`^${time} WARN plain requestId=req_pretty_1\\n$`));
  });

  it('a JSON line\'s own fields do not stick to later lines of the same context', async () => {
    configureLogging({ logLevel: 'info', logFormat: 'json' });
    const lines = await captured(() => withLogContext({ requestId: 'req_json_1' }, () => (log.info({ detail: { a: 1 } }, 'first'), log.info('second'))));
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ msg: 'first', requestId: 'req_json_1', detail: { a: 1 } }),
      { level: 30, time: expect.any(Number), msg: 'second', requestId: 'req_json_1' },
    ]);
  });

  it('puts the request id on every line logged while handling a request', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', requestId);
    app.get('/x', (c) => {
      log.warn('inside');
      return c.text('ok');
    });
    const lines = await captured(() => app.request('/x', { headers: { 'x-request-id': 'req_test_123456' } }));
    expect(lines.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ msg: 'inside', requestId: 'req_test_123456' })]);
  });
});

describe('access log', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestContext();
  });
  afterAll(() => ctx?.cleanup());

  it('logs one info line per request with method, path (no query), status, duration and request id; none for /health', async () => {
    configureLogging({ logLevel: 'info', logFormat: 'json' });
    const lines = await captured(async () => {
      await ctx.request('GET', '/contacts?limit=1', { headers: { 'x-request-id': 'req_access_log_1' } });
      await ctx.request('GET', '/contacts', { key: null, headers: { 'x-request-id': 'req_access_log_2' } });
      await ctx.request('GET', '/health');
    });
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      { level: 30, time: expect.any(Number), msg: 'request', requestId: 'req_access_log_1', method: 'GET', path: '/contacts', status: 200, ms: expect.any(Number) },
      { level: 30, time: expect.any(Number), msg: 'request', requestId: 'req_access_log_2', method: 'GET', path: '/contacts', status: 401, ms: expect.any(Number) },
    ]);
    expect(requests[0].ms as number).toBeGreaterThanOrEqual(0);
  });

  it('logs a link route (open pixel, click, unsubscribe page) without its token: the token is a credential and carries the destination', async () => {
    configureLogging({ logLevel: 'info', logFormat: 'json' });
    const token = 'c2VjcmV0LWVtYWlsLWlkIGh0dHBzOi8vZXhhbXBsZS5jb20vP2VtYWlsPWFAYi5j.sig';
    const lines = await captured(async () => {
      for (const path of [`/t/o/${token}.gif`, `/t/c/${token}`, `/u/${token}`]) await ctx.request('GET', path, { key: null });
    });
    const paths = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request').map((l) => l.path);
    expect(paths).toEqual(['/t/o/{token}', '/t/c/{token}', '/u/{token}']);
    expect(lines.join('')).not.toContain(token);
  });
});
