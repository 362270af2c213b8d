import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { expectError } from './support/envelope.js';

/* Input rules from the black-box probe: ids, contact data, internationalized addresses. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

const raw = (method: string, path: string, body: string, key = ctx.project.secretKey) =>
  ctx.app.request(path, { method, body, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });

describe('one id rule', () => {
  it('no pattern in the OpenAPI document ends in a literal /i; every one compiles; the id pattern takes both cases', () => {
    const patterns: string[] = [];
    JSON.stringify(generateOpenApiDocument(), (k, v) => (k === 'pattern' && typeof v === 'string' && patterns.push(v), v));
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.filter((p) => p.endsWith('/i'))).toEqual([]);
    for (const p of patterns) expect(() => new RegExp(p)).not.toThrow();
    const idPattern = patterns.find((p) => p.includes('[0-9a-fA-F]{8}'))!;
    expect(new RegExp(idPattern).test('0192F5D0-8D4A-7C3E-9B1A-2F4E5D6C7B8A')).toBe(true);
    expect(new RegExp(idPattern).test('0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a')).toBe(true);
  });

  it('an upper-case id works on GET /contacts/{id}, PATCH, /events?contactId= and /templates/{id}', async () => {
    const c = (await json(await ctx.request('POST', '/contacts', { body: { email: 'upper@example.com' } }))).data;
    await ctx.request('POST', '/v1/track', { body: { email: 'upper@example.com', event: 'seen' } });
    const up = c.id.toUpperCase();
    expect((await json(await ctx.request('GET', `/contacts/${up}`))).data.id).toBe(c.id);
    expect((await ctx.request('PATCH', `/contacts/${up}`, { body: { data: { a: 1 } } })).status).toBe(200);
    const events = (await json(await ctx.request('GET', `/events?contactId=${up}`))).data.items;
    expect(events.map((e: any) => e.contactId)).toContain(c.id);
    const t = (await json(await ctx.request('POST', '/templates', { body: { name: 'n', subject: 's', body: 'b', type: 'TRANSACTIONAL' } }))).data;
    expect((await ctx.request('GET', `/templates/${t.id.toUpperCase()}`)).status).toBe(200);
  });
});

describe('contact data', () => {
  it('a non-finite number (JSON 1e400) is a 422 naming the field, at any depth and on every data route', async () => {
    const c = await raw('POST', '/contacts', '{"email":"inf@example.com","data":{"n":1e400}}');
    expect((await expectError(c, 422, 'VALIDATION_ERROR')).error.errors).toEqual([expect.objectContaining({ field: 'data.n', message: 'must be a finite number' })]);
    const t = await raw('POST', '/v1/track', '{"email":"inf@example.com","event":"x","data":{"a":{"b":[-1e999]}}}', ctx.project.publicKey);
    expect((await expectError(t, 422, 'VALIDATION_ERROR')).error.errors[0].field).toBe('data.a.b.0');
    expect((await ctx.request('GET', '/contacts?search=inf@example.com')).status).toBe(200);
    expect((await json(await ctx.request('GET', '/contacts?search=inf@example.com'))).data.items).toEqual([]);
  });

  it('a __proto__ key is a 422 at the top level and nested alike (never silently dropped or stored)', async () => {
    for (const body of ['{"email":"proto@example.com","data":{"__proto__":{"x":1}}}', '{"email":"proto@example.com","data":{"a":{"__proto__":{"x":1}}}}']) {
      const res = await expectError(await raw('POST', '/contacts', body), 422, 'VALIDATION_ERROR');
      expect(res.error.errors[0].message).toContain('__proto__');
    }
    await expectError(await raw('POST', '/v1/track', '{"email":"proto@example.com","event":"x","data":{"__proto__":1}}'), 422, 'VALIDATION_ERROR');
    expect((await json(await ctx.request('GET', '/contacts?search=proto@example.com'))).data.items).toEqual([]);
  });
});

describe('email addresses', () => {
  it('an internationalized domain is accepted in every email field and stored in punycode (one contact for both spellings)', async () => {
    const a = (await json(await ctx.request('POST', '/contacts', { body: { email: 'user@münchen.de' } }))).data;
    expect(a.email).toBe('user@xn--mnchen-3ya.de');
    const b = await json(await ctx.request('POST', '/contacts', { body: { email: 'user@xn--mnchen-3ya.de' } }));
    expect(b.data.id).toBe(a.id);
    expect((await ctx.request('POST', '/v1/track', { key: ctx.project.publicKey, body: { email: 'Ada@Bücher.example', event: 'x' } })).status).toBe(200);
    expect((await ctx.request('POST', '/suppressions', { body: { email: 'x@bücher.example' } })).status).toBe(201);
    const t = await ctx.request('POST', '/templates', { body: { name: 'n', subject: 's', body: 'b', type: 'TRANSACTIONAL', from: 'news@bücher.example', replyTo: 'r@bücher.example' } });
    expect((await json(t)).data).toMatchObject({ from: 'news@xn--bcher-kva.example', replyTo: 'r@xn--bcher-kva.example' });
  });

  it('a local part of 64 characters is accepted, 65 is a 422 (RFC 5321)', async () => {
    expect((await ctx.request('POST', '/contacts', { body: { email: `${'a'.repeat(64)}@example.com` } })).status).toBe(201);
    const body = await expectError(await ctx.request('POST', '/contacts', { body: { email: `${'a'.repeat(65)}@example.com` } }), 422, 'VALIDATION_ERROR');
    expect(body.error.errors[0]).toMatchObject({ field: 'email', message: expect.stringContaining('64') });
  });
});
