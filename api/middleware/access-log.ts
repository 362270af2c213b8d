import type { MiddlewareHandler } from 'hono';
import { log } from '../../core/log.js';
import type { AppEnv } from '../types.js';

/** Probed every few seconds by load balancers and orchestrators: a line each would drown the rest. */
const UNLOGGED = new Set(['/health']);

/**
 * One line per request at info, once its response is known (errors included: the error handler has
 * answered by then): `request method=POST path=/v1/send status=200 ms=12.3` plus the request id the
 * surrounding requestId middleware adds to every line. The path only: query strings can carry
 * email addresses.
 */
export const accessLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  if (UNLOGGED.has(c.req.path)) return;
  log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: msSince(started) }, 'request');
};

const msSince = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * The same line for a request answered outside Hono (api/track-fast-path.ts), which runs without
 * the request's log context: its id is passed here, first, where the context would have put it.
 */
export function logRequestLine(requestId: string, method: string, path: string, status: number, started: number): void {
  log.info({ requestId, method, path, status, ms: msSince(started) }, 'request');
}
