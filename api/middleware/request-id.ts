import type { MiddlewareHandler } from 'hono';
import { randomBytesPooled } from '../../db/ids.js';
import { withLogContext } from '../../core/log.js';
import type { AppEnv } from '../types.js';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** A well-formed incoming `X-Request-Id` (kept for tracing across services), else a new one. */
export const requestIdFor = (incoming: string | undefined): string =>
  incoming && SAFE_ID.test(incoming) ? incoming : `req_${randomBytesPooled(12).toString('base64url')}`;

/** Every response carries `X-Request-Id`; a well-formed incoming one is kept for tracing across services. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = requestIdFor(c.req.header('x-request-id'));
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  // Every line logged while handling the request carries its id.
  await withLogContext({ requestId: id }, next);
  c.res.headers.set('X-Request-Id', id);
};
