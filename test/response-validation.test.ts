import { describe, expect, it } from 'vitest';
import { checkResponse } from './support/response-validation.js';

/** The checker itself (test/setup/responses.ts runs it on every API response): it must be able to fail. */
const json = (status: number, body: unknown, type = 'application/json') => new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
const check = (method: string, path: string, res: Response) => checkResponse(method, `http://localhost${path}`, res, { count: false });
const envelope = { success: false, error: { code: 'NOT_FOUND', message: 'm', statusCode: 404, requestId: 'r' }, timestamp: '2026-11-23T10:00:00.000Z' };

describe('response validation', () => {
  it('passes a body that matches the operation and status', async () => {
    expect(await check('GET', '/contacts/0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', json(404, envelope))).toBeNull();
  });

  it('fails a body with a wrong field type, naming the field', async () => {
    const problem = await check('GET', '/contacts/x', json(404, { ...envelope, error: { ...envelope.error, statusCode: '404' } }));
    expect(problem).toMatch(/GET \/contacts\/\{id\} 404: body does not match.*\/error\/statusCode must be integer/);
  });

  it('fails the wrong error shape on send (the alternate shape is documented there)', async () => {
    expect(await check('POST', '/v1/send', json(422, envelope))).toMatch(/POST \/v1\/send 422: body does not match/);
  });

  it('fails a status the operation does not document, and an undocumented content type', async () => {
    expect(await check('GET', '/contacts', json(418, {}))).toMatch(/answered 418, which the document does not list/);
    expect(await check('GET', '/contacts/x', json(404, envelope, 'text/html'))).toMatch(/content type text\/html is not documented/);
  });

  it('fails a malformed date-time (formats are checked)', async () => {
    expect(await check('GET', '/contacts/x', json(404, { ...envelope, timestamp: 'yesterday' }))).toMatch(/\/timestamp must match format "date-time"/);
  });

  it('paths outside the document are not checked', async () => {
    expect(await check('GET', '/docs', new Response('<html>', { headers: { 'content-type': 'text/html' } }))).toBeNull();
  });
});
