import { expect } from 'vitest';
import { json } from '../helpers.js';

/** Paths whose errors use the alternate shape `{code, error, message, time}`. */
export const ALT_SHAPE_PATHS = ['/v1/send', '/v1/verify'];

/**
 * Asserts one error response: status, `X-Request-Id`, and the body in the contract's shape (the
 * envelope, or the alternate shape on send/verify). Returns the parsed body.
 */
export async function expectError(res: Response, status: number, code?: string, path?: string): Promise<any> {
  const body = await json(res);
  const requestId = res.headers.get('x-request-id');
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(requestId).toBeTruthy();
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  if (path && ALT_SHAPE_PATHS.includes(path)) {
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'time']);
    expect(body.code).toBe(status);
    expect(body.error).toEqual(expect.any(String));
    expect(body.message).toEqual(expect.any(String));
    expect(Number.isInteger(body.time)).toBe(true);
    return body;
  }
  expect(Object.keys(body).sort()).toEqual(['error', 'success', 'timestamp']);
  expect(body.success).toBe(false);
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  const allowed = ['code', 'message', 'statusCode', 'requestId', 'errors', 'suggestion'];
  expect(Object.keys(body.error).filter((k) => !allowed.includes(k))).toEqual([]);
  expect(body.error).toMatchObject({ code: expect.any(String), message: expect.any(String), statusCode: status, requestId });
  if (code) expect(body.error.code).toBe(code);
  if (body.error.suggestion !== undefined) expect(body.error.suggestion).toEqual(expect.any(String));
  if (body.error.errors !== undefined) {
    for (const e of body.error.errors) {
      expect(Object.keys(e).sort()).toEqual(['code', 'field', 'message']);
      expect(e).toMatchObject({ field: expect.any(String), message: expect.any(String), code: expect.any(String) });
    }
  }
  return body;
}
