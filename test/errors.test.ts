import { DEFAULT_BODY_LIMIT } from '../api/middleware/body-limit.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { HTTPException } from 'hono/http-exception';
import { toApiError } from '../api/error-handler.js';
import { createApp } from '../api/app.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../db/orm.js';
import { fieldErrors } from '../api/validation.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { ALT_SHAPE_PATHS, expectError } from './support/envelope.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

/** A raw request: exactly the given headers and body, no defaults added. */
const raw = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  ctx.app.request(path, { method, headers: { authorization: `Bearer ${ctx.project.secretKey}`, ...(init.headers ?? {}) }, body: init.body });

describe('X-Request-Id', () => {
  it('is on success responses too, and a well-formed incoming id is kept', async () => {
    const res = await ctx.request('GET', '/contacts');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    const kept = await ctx.request('GET', '/contacts', { headers: { 'x-request-id': 'trace-0123456789' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-0123456789');
    const replaced = await ctx.request('GET', '/nowhere', { headers: { 'x-request-id': 'bad id <script>' } });
    const body = await expectError(replaced, 404, 'NOT_FOUND');
    expect(body.error.requestId).toMatch(/^req_/);
  });

  it('differs between requests', async () => {
    const a = (await ctx.request('GET', '/contacts')).headers.get('x-request-id');
    const b = (await ctx.request('GET', '/contacts')).headers.get('x-request-id');
    expect(a).not.toBe(b);
  });
});

describe('the envelope on every kind of error', () => {
  it('400 MALFORMED_JSON', async () => {
    const body = await expectError(await raw('POST', '/contacts', { headers: { 'content-type': 'application/json' }, body: '{"email": ' }), 400, 'MALFORMED_JSON');
    expect(body.error.suggestion).toEqual(expect.any(String));
  });

  it('400 for a text/plain body, even when it holds JSON', async () => {
    const body = await expectError(
      await raw('POST', '/contacts', { headers: { 'content-type': 'text/plain' }, body: '{"email":"a@example.com"}' }),
      400,
      'UNSUPPORTED_CONTENT_TYPE',
    );
    expect(body.error.message).toContain('text/plain');
    await expectError(await raw('PATCH', `/templates/${crypto.randomUUID()}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' }), 400, 'UNSUPPORTED_CONTENT_TYPE');
    // a JSON-looking type the route's own media-type gate refuses (its 415) is the same 400
    await expectError(await raw('POST', '/contacts', { headers: { 'content-type': 'application/json, text/plain' }, body: '{"email":"a@example.com"}' }), 400, 'UNSUPPORTED_CONTENT_TYPE');
  });

  it('401 UNAUTHORIZED', async () => {
    await expectError(await ctx.request('GET', '/contacts', { key: null }), 401, 'UNAUTHORIZED');
  });

  it('403 FORBIDDEN', async () => {
    await expectError(await ctx.request('GET', '/contacts', { key: ctx.project.publicKey }), 403, 'FORBIDDEN');
  });

  it('404 for a missing resource and for an unknown route or method', async () => {
    await expectError(await ctx.request('GET', `/contacts/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
    const route = await expectError(await ctx.request('GET', '/no/such/route'), 404, 'NOT_FOUND');
    expect(route.error.message).toBe('Route not found');
    expect(route.error.suggestion).toContain('/openapi.json');
    await expectError(await ctx.request('PUT', '/contacts', { body: {} }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('POST', '/nowhere', { key: null, body: { a: 1 } }), 404, 'NOT_FOUND');
  });

  it('409 CONFLICT', async () => {
    await ctx.request('POST', '/contacts', { body: { email: 'first@example.com' } });
    const second = await json(await ctx.request('POST', '/contacts', { body: { email: 'second@example.com' } }));
    await expectError(await ctx.request('PATCH', `/contacts/${second.data.id}`, { body: { email: 'first@example.com' } }), 409, 'CONFLICT');
  });

  // The request just under the limit stores 5 MB: seconds on PGlite (the embedded pass), more on a loaded machine.
  it('413 PAYLOAD_TOO_LARGE over the default body limit; nothing is stored', { timeout: 180_000 }, async () => {
    const huge = { email: 'huge@example.com', data: { blob: 'x'.repeat(DEFAULT_BODY_LIMIT) } };
    await expectError(await ctx.request('POST', '/contacts', { body: huge }), 413, 'PAYLOAD_TOO_LARGE');
    const found = await json(await ctx.request('GET', '/contacts?search=huge@'));
    expect(found.data.total).toBe(0);
    // Just under it is fine.
    const fits = { email: 'fits@example.com', data: { blob: 'x'.repeat(DEFAULT_BODY_LIMIT - 200) } };
    expect((await ctx.request('POST', '/contacts', { body: fits })).status).toBe(201);
  });
});

describe('toApiError', () => {
  it('keeps the meaning of client errors thrown by Hono or a middleware; anything else is a generic 500', () => {
    expect(toApiError(new HTTPException(415)).code).toBe('UNSUPPORTED_CONTENT_TYPE');
    expect(toApiError(new HTTPException(400, { message: 'Malformed JSON in request body' })).code).toBe('MALFORMED_JSON');
    expect(toApiError(new HTTPException(401)).code).toBe('UNAUTHORIZED');
    expect(toApiError(new HTTPException(413)).code).toBe('PAYLOAD_TOO_LARGE');
    expect(toApiError(new HTTPException(405, { message: 'Method Not Allowed' }))).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    const e = toApiError(new Error('relation "contacts" does not exist'));
    expect(e).toMatchObject({ code: 'INTERNAL_ERROR', status: 500, message: 'An unexpected error occurred' });
  });
});

describe('422 VALIDATION_ERROR', () => {
  const fields = (body: any) => body.error.errors.map((e: any) => e.field);

  it('lists each field with {field, message, code}; a bad email is invalid_string', async () => {
    const res = await ctx.request('POST', '/contacts', { body: { email: 'nope', subscribed: 'yes', data: 'x' } });
    const body = await expectError(res, 422, 'VALIDATION_ERROR');
    expect(body.error.message).toBe('Request validation failed');
    expect(body.error.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', code: 'invalid_string' }),
        expect.objectContaining({ field: 'subscribed', code: 'invalid_type' }),
        expect.objectContaining({ field: 'data', code: 'invalid_type' }),
      ]),
    );
    expect(body.error.suggestion).toEqual(expect.any(String));
  });

  it('names nested fields by their dotted path', async () => {
    const res = await ctx.request('POST', '/contacts', { body: { email: 'nested@example.com', data: { ['k'.repeat(201)]: 1 } } });
    const body = await expectError(res, 422, 'VALIDATION_ERROR');
    expect(fields(body)[0]).toMatch(/^data\.k{201}$/);
    // the mapper itself, on a deeper shape such as the send body's recipients
    const schema = z.object({ to: z.array(z.object({ email: z.string().email() })), meta: z.object({ a: z.object({ b: z.number() }) }) });
    const parsed = schema.safeParse({ to: [{ email: 'ok@example.com' }, { email: 'bad' }], meta: { a: { b: 'x' } } });
    expect(fieldErrors(parsed.error!)).toEqual([
      { field: 'to.1.email', message: expect.any(String), code: 'invalid_string' },
      { field: 'meta.a.b', message: expect.any(String), code: 'invalid_type' },
    ]);
  });

  it('a POST with no body at all lists the required fields', async () => {
    const body = await expectError(await raw('POST', '/contacts'), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toContain('email');
    // Declared JSON but empty (clients that set the header on every request): the same as no body.
    const empties: { headers: Record<string, string>; body?: string }[] = [{ headers: { 'content-type': 'application/json', 'content-length': '0' }, body: '' }, { headers: { 'content-type': 'application/json' } }];
    for (const init of empties) {
      const declared = await expectError(await raw('POST', '/contacts', init), 422, 'VALIDATION_ERROR');
      expect(fields(declared)).toContain('email');
    }
    // An optional body declared JSON but empty takes its defaults: the request gets as far as the lookup.
    const id = '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a';
    for (const action of ['send', 'cancel', 'pause', 'resume']) {
      await expectError(await raw('POST', `/campaigns/${id}/${action}`, { headers: { 'content-type': 'application/json', 'content-length': '0' }, body: '' }), 404, 'NOT_FOUND');
    }
    // Whitespace is not empty: not a JSON document.
    await expectError(await raw('POST', '/contacts', { headers: { 'content-type': 'application/json' }, body: ' ' }), 400, 'MALFORMED_JSON');
  });

  it('over a socket, a POST with neither Content-Length nor a body (curl -X POST) counts as no body', async () => {
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    // Raw HTTP/1.1, as curl sends it: no Content-Length, no Transfer-Encoding, nothing after the headers.
    const post = (path: string) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ctx.project.secretKey}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('error', reject);
        socket.on('end', () => {
          const [head, ...rest] = text.split('\r\n\r\n');
          const raw = rest.join('\r\n\r\n');
          const start = raw.indexOf('{');
          resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(raw.slice(start, raw.lastIndexOf('}') + 1)) });
        });
      });
    try {
      const contact = await post('/contacts');
      expect(contact.status, JSON.stringify(contact.body)).toBe(422);
      expect(contact.body.error.errors.map((e: { field: string }) => e.field)).toContain('email');
      const send = await post('/campaigns/0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a/send');
      expect(send.status, JSON.stringify(send.body)).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it.each([['an array', '[{"email":"a@example.com"}]'], ['a string', '"a@example.com"'], ['null', 'null'], ['a number', '42']])(
    'a JSON body that is %s is a 422, not a 500',
    async (_, text) => {
      const body = await expectError(await raw('POST', '/contacts', { headers: { 'content-type': 'application/json' }, body: text }), 422, 'VALIDATION_ERROR');
      expect(body.error.errors.length).toBeGreaterThan(0);
    },
  );

  it('query parameters are validated too', async () => {
    const body = await expectError(await ctx.request('GET', '/templates?limit=1000&type=NEWSLETTER'), 422, 'VALIDATION_ERROR');
    expect(fields(body).sort()).toEqual(['limit', 'type']);
  });
});

describe('the alternate shape on /v1/send and /v1/verify', () => {
  it.for(ALT_SHAPE_PATHS)('%s: 401 as {code, error, message, time}', async (path) => {
    const res = await ctx.request('POST', path, { key: null, body: {} });
    const body = await expectError(res, 401, undefined, path);
    expect(body).toMatchObject({ code: 401, error: 'Unauthorized' });
  });
});

describe('500 INTERNAL_ERROR', () => {
  let broken: TestContext;
  beforeAll(async () => {
    broken = await setupTestContext();
  });
  afterAll(() => broken?.cleanup());

  it('an unexpected failure is a generic 500: no stack, no SQL, no table name; the log has the request id', async () => {
    await broken.orm.em.getConnection().execute('drop table contacts cascade');
    // The service logs to stderr through core/log.ts (one JSON object per line).
    const log = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const res = await broken.request('GET', '/contacts');
      const text = await res.clone().text();
      const body = await expectError(res, 500, 'INTERNAL_ERROR');
      expect(body.error.message).toBe('An unexpected error occurred');
      for (const leak of ['contacts', 'select', 'relation', 'does not exist', 'stack', '.ts:', '    at ']) expect(text.toLowerCase()).not.toContain(leak);
      const lines = log.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'unhandled error', requestId: body.error.requestId }));
    } finally {
      log.mockRestore();
    }
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 SERVICE_UNAVAILABLE, in the envelope and in the alternate shape, not a 500', { timeout: 60_000 }, async () => {
    // Nothing listens on port 1: every connection is refused, as when PostgreSQL is down.
    const dead = await MikroORM.init({ ...ormOptions('postgresql://nobody:x@127.0.0.1:1/none', { poolMax: 1 }), connect: false });
    try {
      const app = createApp({ ...ctx.deps, orm: dead });
      const call = (method: string, path: string, body?: unknown) =>
        app.request(path, { method, headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const project = await call('GET', '/project');
      expect(project.status).toBe(503);
      expect((await json(project)).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
      const send = await call('POST', '/v1/send', { to: 'a@example.com', from: 'hello@example.com', subject: 'Hi', body: 'x' });
      expect(send.status).toBe(503);
      expect(await json(send)).toMatchObject({ code: 503, error: 'Service Unavailable' });
    } finally {
      await dead.close(true).catch(() => {});
    }
  });
});
