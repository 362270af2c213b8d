import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ConnectionException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ZodError } from 'zod';
import { DomainError, validationError, type ErrorCode, type ErrorStatus } from '../core/errors.js';
import { STATUS_TEXT } from './envelope.js';
import { unsupportedContentType } from './middleware/content-type.js';
import { fieldErrors } from './validation.js';
import type { AppEnv } from './types.js';
import { log } from '../core/log.js';
import { loggedPath } from './middleware/access-log.js';

/** Endpoints whose errors use the alternate shape `{code, error, message, time}`. */
export const ALT_SHAPE_PATHS = new Set(['/v1/send', '/v1/verify']);

const HTTP_EXCEPTION_CODE: Record<number, ErrorCode> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 429: 'RATE_LIMITED' };

export function toApiError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof ZodError) return validationError(fieldErrors(err));
  if (err instanceof HTTPException && err.status === 400) {
    return /json/i.test(err.message)
      ? new DomainError('MALFORMED_JSON', 'Malformed JSON in request body', { suggestion: 'Send a valid JSON document.' })
      : new DomainError('BAD_REQUEST', err.message || 'Bad request');
  }
  if (err instanceof HTTPException && err.status === 413) return new DomainError('PAYLOAD_TOO_LARGE', 'Request body too large');
  // @hono/zod-openapi's media-type gate throws 415 for a body that is not JSON.
  if (err instanceof HTTPException && err.status === 415) return unsupportedContentType();
  // Any other client error thrown by Hono or a middleware keeps its meaning: never a 500.
  if (err instanceof HTTPException && err.status >= 400 && err.status < 500) {
    return new DomainError(HTTP_EXCEPTION_CODE[err.status] ?? 'BAD_REQUEST', err.message || STATUS_TEXT[err.status] || 'Bad request');
  }
  if (databaseUnreachable(err)) {
    return new DomainError('SERVICE_UNAVAILABLE', 'The database is not reachable', { suggestion: 'Retry later: the service cannot reach its database right now.' });
  }
  if (err instanceof NotFoundError) return new DomainError('NOT_FOUND', 'Resource not found');
  if (err instanceof UniqueConstraintViolationException) return new DomainError('CONFLICT', 'A resource with these values already exists');
  return new DomainError('INTERNAL_ERROR', 'An unexpected error occurred', {
    suggestion: 'Retry later; if it persists, report the request id.',
  });
}

/** Socket errors of a connection to the database that could not be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that refuses or drops sessions: connection exceptions, shutting down, starting up, too many connections. */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;

/**
 * Whether `err` (or what caused it) says the database cannot be reached: a 503 the client may
 * retry (README, error codes), not a 500 asking for a bug report. The driver's errors come wrapped
 * (MikroORM's exceptions keep the driver's code) or bare (knex's pool timeout, pg's socket errors).
 */
export function databaseUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConnectionException || e.name === 'KnexTimeoutError') return true;
    const { code, sqlState } = e as { code?: unknown; sqlState?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (typeof sqlState === 'string' && UNAVAILABLE_STATE.test(sqlState)) return true;
    if (/^Connection terminated/.test(e.message)) return true;
  }
  return false;
}

/** An error's answer: status, body and headers. */
export interface ErrorAnswer {
  status: ErrorStatus;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The one renderer: the contract's envelope, or the alternate shape on send and verify. Also used
 * by the /v1/track fast path (api/track-fast-path.ts), which has no Hono context.
 */
export function errorAnswer(err: unknown, req: { method: string; path: string; requestId: string | undefined }): ErrorAnswer {
  const e = toApiError(err);
  if (e.code === 'INTERNAL_ERROR' && !(err instanceof DomainError)) {
    log.error({ err, requestId: req.requestId, method: req.method, path: loggedPath(req.path) }, 'unhandled error');
  } else if (e.code === 'SERVICE_UNAVAILABLE' && !(err instanceof DomainError)) {
    log.warn({ err, requestId: req.requestId, method: req.method, path: loggedPath(req.path) }, 'database unreachable');
  }
  const requestId = req.requestId ?? 'unknown';
  const headers: Record<string, string> = { 'X-Request-Id': requestId, ...(e.headers ?? {}) };
  if (ALT_SHAPE_PATHS.has(req.path)) {
    const detail = e.errors?.length ? `: ${e.errors.map((f) => `${f.field} ${f.message}`).join('; ')}` : '';
    return { status: e.status, body: { code: e.status, error: STATUS_TEXT[e.status] ?? 'Error', message: `${e.message}${detail}`, time: Date.now() }, headers };
  }
  return {
    status: e.status,
    body: {
      success: false as const,
      error: {
        code: e.code,
        message: e.message,
        statusCode: e.status,
        requestId,
        ...(e.errors ? { errors: e.errors } : {}),
        ...(e.suggestion ? { suggestion: e.suggestion } : {}),
      },
      timestamp: new Date().toISOString(),
    },
    headers,
  };
}

/** errorAnswer as the Hono app's response. */
export function renderError(err: unknown, c: Context<AppEnv>): Response {
  const a = errorAnswer(err, { method: c.req.method, path: c.req.path, requestId: c.var.requestId });
  return c.json(a.body, a.status, a.headers);
}
