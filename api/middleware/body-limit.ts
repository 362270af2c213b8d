import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../core/errors.js';
import type { AppEnv } from '../types.js';

/** Largest request body of every route without a limit of its own: a template or contact data fits easily. */
export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/** Routes that apply their own limit (send: 10 MB of attachments; DSN: 1 MB; contact imports: 200 MB, counted while streamed). */
const OWN_LIMIT = new Set(['/v1/send', '/webhooks/bounces/dsn', '/contacts/imports']);

const tooLarge = () => {
  throw new DomainError('PAYLOAD_TOO_LARGE', `Request body exceeds ${DEFAULT_BODY_LIMIT} bytes`, {
    suggestion: 'Send less data per request (split contact data or template bodies).',
  });
};
const limit = bodyLimit({ maxSize: DEFAULT_BODY_LIMIT, onError: tooLarge });

/**
 * Refuses an oversized body with 413 before anything reads or parses it. A declared
 * Content-Length is checked here directly: hono's bodyLimit looks at `request.body`, which makes
 * @hono/node-server build a full web Request (a measurable cost on POST /v1/track), so it only
 * handles chunked bodies, where it has to count while reading.
 */
export const defaultBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  if (OWN_LIMIT.has(c.req.path)) return next();
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number(length) > DEFAULT_BODY_LIMIT ? tooLarge() : next();
  return limit(c, next);
};
