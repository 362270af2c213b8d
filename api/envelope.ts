import { z } from '@hono/zod-openapi';
import { ERROR_STATUS } from '../core/errors.js';

/** The contract's error envelope. */
export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: 'VALIDATION_ERROR', description: `One of: ${Object.keys(ERROR_STATUS).join(', ')}` }),
      message: z.string(),
      statusCode: z.number().int(),
      requestId: z.string(),
      errors: z
        .array(z.object({ field: z.string().openapi({ example: 'to.0.email' }), message: z.string(), code: z.string().openapi({ example: 'invalid_string' }) }))
        .optional(),
      suggestion: z.string().optional(),
    }),
    timestamp: z.string().datetime(),
  })
  .openapi('ErrorEnvelope');

/** The alternate error shape used by `/v1/send` and `/v1/verify`. */
export const AltError = z
  .object({
    code: z.number().int().openapi({ example: 422 }),
    error: z.string().openapi({ example: 'Unprocessable Entity' }),
    message: z.string(),
    time: z.number().int().openapi({ description: 'epoch milliseconds' }),
  })
  .openapi('AltError');

/** Reason phrases for the alternate error shape `{code, error, message, time}`. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

type Status = keyof typeof STATUS_TEXT;

/** A status's documented meaning with the error codes that use it, from the code -> status table. */
export function describe(status: number): string {
  const codes = Object.entries(ERROR_STATUS).filter(([, s]) => s === status).map(([c]) => c);
  return `${STATUS_TEXT[status] ?? 'Error'} (codes: ${codes.join(', ') || 'n/a'})`;
}

/** Error responses for a route, generated from the code -> status table. */
export function errorResponses<S extends Status>(...statuses: S[]) {
  const out = {} as Record<S, { description: string; content: { 'application/json': { schema: typeof ErrorEnvelope } } }>;
  for (const s of statuses) out[s] = { description: describe(s), content: { 'application/json': { schema: ErrorEnvelope } } };
  return out;
}

/** Same, in the alternate shape (send and verify). */
export function altErrorResponses<S extends Status>(...statuses: S[]) {
  const out = {} as Record<S, { description: string; content: { 'application/json': { schema: typeof AltError } } }>;
  for (const s of statuses) out[s] = { description: describe(s), content: { 'application/json': { schema: AltError } } };
  return out;
}

/** A success response: `{success: true, data}`. */
export function ok<T extends z.ZodTypeAny>(schema: T, description: string) {
  return {
    description,
    content: { 'application/json': { schema: z.object({ success: z.literal(true), data: schema }) } },
  };
}

export const success = <T>(data: T) => ({ success: true as const, data });

export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/**
 * `:id` path parameter. Lower-cased: ids are stored lower-case, and the services build Temporal
 * workflow ids from it (an upper-case campaign id named a second campaign workflow).
 */
export const IdParam = z.object({
  id: z.string().min(1).toLowerCase().openapi({ param: { name: 'id', in: 'path' }, example: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', description: 'The resource id' }),
});

/** `limit` + `cursor` query parameters shared by every list. `limit` out of range is a 422, not a clamp. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ param: { name: 'limit', in: 'query' }, example: 20, description: 'Items per page (1-100)' }),
  // No example: the reference page would send it on the first try, and a made-up cursor is a 422.
  cursor: z.string().optional().openapi({
    param: { name: 'cursor', in: 'query' },
    description: '`nextCursor` of the previous page; omit for the first page',
  }),
});

/** Both list forms the contract documents, inside the success envelope. */
export function pageOf<T extends z.ZodTypeAny>(item: T, legacyKey: string) {
  return z.object({
    [legacyKey]: z.array(item),
    cursor: z.string().nullable().openapi({ description: 'cursor for the next page (null at the end)' }),
    items: z.array(item),
    nextCursor: z.string().nullable(),
    hasMore: z.boolean(),
    total: z.number().int(),
  });
}

export function page<T>(legacyKey: string, items: T[], nextCursor: string | null, total: number) {
  return { [legacyKey]: items, cursor: nextCursor, items, nextCursor, hasMore: nextCursor !== null, total };
}

/** Boolean query parameter: only `true`/`false` (also 1/0); anything else is a 422. */
export const BoolQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');
