import type { MiddlewareHandler } from 'hono';
import { log } from '../../core/log.js';
import type { AppEnv } from '../types.js';

/** Probed every few seconds by load balancers and orchestrators: a line each would drown the rest. */
const UNLOGGED = new Set(['/health']);

/**
 * One line per request at info, once its response is known (errors included: the error handler has
 * answered by then): `request method=POST path=/v1/send status=200 ms=12.3` plus the request id the
 * surrounding requestId middleware adds to every line. The path only (query strings can carry
 * email addresses), and without a link's token (loggedPath).
 */
export const accessLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  if (UNLOGGED.has(c.req.path)) return;
  log.info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: msSince(started) }, 'request');
};

/**
 * Link tokens are credentials and carry data: an unsubscribe token works for whoever holds it, and
 * a click token is the email id and the whole destination URL (its query string too), signed but
 * readable. The line keeps the route and drops the token.
 */
const TOKEN_PATH = /^\/(t\/o|t\/c|u)\/[^/]+$/;
export const loggedPath = (path: string): string => path.replace(TOKEN_PATH, '/$1/{token}');

const msSince = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * The same line for a request answered outside Hono (api/track-fast-path.ts), which runs without
 * the request's log context: its id is passed here, first, where the context would have put it.
 */
export function logRequestLine(requestId: string, method: string, path: string, status: number, started: number): void {
  log.info({ requestId, method, path, status, ms: msSince(started) }, 'request');
}
