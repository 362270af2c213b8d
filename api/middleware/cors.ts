import type { MiddlewareHandler } from 'hono';
import type { CorsOrigins } from '../../core/config.js';
import type { AppEnv } from '../types.js';

/** Which origin setting governs a path: tracking, the other public endpoints, or everything else. */
export function corsScope(path: string): 'track' | 'send' | 'dashboard' {
  if (path === '/v1/track') return 'track';
  if (path === '/v1/send' || path === '/v1/verify') return 'send';
  return 'dashboard';
}

/** Headers a browser may send, and the ones its script may read (request id, rate-limit state, an idempotent replay). */
const ALLOW_HEADERS = ['authorization', 'content-type', 'idempotency-key'].join(',');
const EXPOSE_HEADERS = ['X-Request-Id', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Idempotent-Replayed'].join(',');
const ALLOW_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].join(',');
const MAX_AGE = String(86_400);

/** The Access-Control-Allow-Origin value for a request's Origin ('' when absent), or null for none. */
const allowedOrigin = (origins: '*' | string[]) => (origins === '*' ? () => '*' : (origin: string) => (origins.includes(origin) ? origin : null));

/**
 * The CORS headers of an answer to a request that is not a preflight (what the middleware below
 * gives it), for the /v1/track fast path; undefined when the scope has no CORS.
 */
export function corsAnswerHeaders(origins: CorsOrigins): ((origin: string | undefined) => Record<string, string>) | undefined {
  if (origins === null) return undefined;
  const allowOrigin = allowedOrigin(origins);
  return (requestOrigin) => {
    const headers: Record<string, string> = {};
    const origin = allowOrigin(requestOrigin ?? '');
    if (origin) headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Expose-Headers'] = EXPOSE_HEADERS;
    if (origins !== '*') headers.Vary = 'Origin';
    return headers;
  };
}

/*
 * What hono/cors answers, written with `c.header()` before the handler runs. hono/cors sets its
 * headers on `c.res` first, which makes Hono build a placeholder response that the handler's
 * answer is then copied over, turning every answer into a streamed body for @hono/node-server
 * (a real Response and a ReadableStream per request: about a fifth of a /v1/track call's CPU).
 */
function handlerFor(origins: CorsOrigins): MiddlewareHandler<AppEnv> | null {
  if (origins === null) return null;
  const allowOrigin = allowedOrigin(origins);
  return async (c, next) => {
    const origin = allowOrigin(c.req.header('origin') ?? '');
    if (origin) c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    if (c.req.method === 'OPTIONS') {
      if (origins !== '*') c.header('Vary', 'Origin', { append: true });
      c.header('Access-Control-Max-Age', MAX_AGE);
      c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
      c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
      c.header('Vary', 'Access-Control-Request-Headers', { append: true });
      return c.body(null, 204);
    }
    await next();
    // On the finished answer's headers (not c.header(), which would rebuild a sent-as-is answer).
    if (origins !== '*') c.res.headers.append('Vary', 'Origin');
  };
}

/**
 * CORS per path scope (CORS_TRACK_ORIGINS, CORS_SEND_ORIGINS, CORS_DASHBOARD_ORIGINS). Keys travel in
 * the Authorization header, never in cookies, so no credentials mode is needed. A scope with no
 * origins adds no headers, and its preflight falls through to the 404 of an unknown route.
 */
export function corsMiddleware(config: Record<'track' | 'send' | 'dashboard', CorsOrigins>): MiddlewareHandler<AppEnv> {
  const handlers = {
    track: handlerFor(config.track),
    send: handlerFor(config.send),
    dashboard: handlerFor(config.dashboard),
  };
  return (c, next) => {
    const handler = handlers[corsScope(c.req.path)];
    return handler ? handler(c, next) : next();
  };
}
