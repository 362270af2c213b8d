import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors.js';
import type { AppEnv } from '../types.js';

/** Largest request body of every route without a limit of its own: a template or contact data fits easily. */
export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/** Routes that apply their own limit (send: 10 MB of attachments; DSN: 1 MB). */
const OWN_LIMIT = new Set(['/v1/send', '/webhooks/bounces/dsn']);

const limit = bodyLimit({
  maxSize: DEFAULT_BODY_LIMIT,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${DEFAULT_BODY_LIMIT} bytes`, {
      suggestion: 'Send less data per request (split contact data or template bodies).',
    });
  },
});

/** Refuses an oversized body with 413 before anything reads or parses it. */
export const defaultBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => (OWN_LIMIT.has(c.req.path) ? next() : limit(c, next));
