import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { CorsOrigins } from '../../core/config.js';
import type { AppEnv } from '../types.js';

/** Which origin setting governs a path: tracking, the other public endpoints, or everything else. */
export function corsScope(path: string): 'track' | 'send' | 'dashboard' {
  if (path === '/v1/track') return 'track';
  if (path === '/v1/send' || path === '/v1/verify') return 'send';
  return 'dashboard';
}

/** Headers a browser may send, and the ones its script may read (request id, rate-limit state). */
const ALLOW_HEADERS = ['authorization', 'content-type', 'idempotency-key'];
const EXPOSE_HEADERS = ['X-Request-Id', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

function handlerFor(origins: CorsOrigins): MiddlewareHandler<AppEnv> | null {
  if (origins === null) return null;
  return cors({
    origin: origins,
    allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 86_400,
  });
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
