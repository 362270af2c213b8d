import type { MiddlewareHandler } from 'hono';
import { DomainError } from '../../core/errors.js';
import type { AppEnv } from '../types.js';

/**
 * A request with a body must say it is JSON; a wrong content type is a 400 rather than being
 * validated as an empty object. A JSON content type with an empty body counts as no body. Paths whose bodies are not JSON by nature (RFC 8058 one-click
 * unsubscribe posts a form) are exempt.
 */
export const NON_JSON_PREFIXES = ['/t/', '/u/', '/unsubscribe', '/webhooks/bounces/dsn', '/contacts/imports'];

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\b/i;

/** `got`: the request's content type ('' when absent); undefined when unknown. */
export const unsupportedContentType = (got?: string) =>
  new DomainError('UNSUPPORTED_CONTENT_TYPE', `Expected Content-Type: application/json${got === undefined ? '' : `, got ${got ? `"${got}"` : 'none'}`}`, {
    suggestion: 'Send the body as JSON with the header Content-Type: application/json.',
  });

export const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && !NON_JSON_PREFIXES.some((p) => c.req.path.startsWith(p))) {
    const type = c.req.header('content-type') ?? '';
    if (!JSON_TYPE.test(type)) {
      if (await hasBody(c.req)) throw unsupportedContentType(type);
    } else if (declaredEmpty(c.req, (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined)) {
      // Declared JSON but empty (many HTTP clients set the header on every request): the same as no
      // body at all, so optional bodies (POST /campaigns/{id}/send) take their defaults and required
      // ones list their missing fields (422), instead of a 400 for JSON nobody sent.
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}'); // what c.req.json() reads
    }
  }
  await next();
};

/**
 * An empty body the request itself declares, without reading the stream (the body limit and the
 * validator read it later): Content-Length: 0, no body at all, or, over HTTP, neither Content-Length
 * nor Transfer-Encoding (RFC 9112: no body; `curl -X POST` without data). In-process requests
 * (`app.request`) carry bodies without those headers, so that last rule is for sockets only.
 */
function declaredEmpty(req: { header(name: string): string | undefined; raw: Request }, overHttp: boolean): boolean {
  const length = req.header('content-length');
  if (length !== undefined) return length === '0';
  if (req.header('transfer-encoding') !== undefined) return false;
  return req.raw.body === null || overHttp;
}

/**
 * Content-Length / Transfer-Encoding when the transport gives them; otherwise (in-process
 * `app.request`, some proxies) look at the body itself. Hono caches what it reads, so the
 * handler can still parse it.
 */
async function hasBody(req: { header(name: string): string | undefined; raw: Request; arrayBuffer(): Promise<ArrayBuffer> }) {
  const length = req.header('content-length');
  if (length !== undefined) return length !== '0';
  if (req.header('transfer-encoding') !== undefined) return true;
  if (req.raw.body === null) return false;
  return (await req.arrayBuffer()).byteLength > 0;
}
