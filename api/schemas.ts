import { z } from '@hono/zod-openapi';

/** Shared field schemas. Emails are trimmed and lower-cased before the format check. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email()
  .openapi({ example: 'ada@example.com', format: 'email' });

/**
 * A value that becomes (part of) a header line: subject, display names. One rule for /v1/send and
 * templates: no CR, LF or NUL (header injection), refused with a 422 rather than cleaned.
 */
export const NO_LINE_BREAK = /^[^\r\n\0]*$/;
export const SingleLine = (max: number) => z.string().max(max).regex(NO_LINE_BREAK, 'must not contain line breaks');

export const Timestamp = z.string().datetime().openapi({ example: '2026-11-23T10:00:00.000Z' });

/** Free-form attributes; on update a `null` value removes the key. */
export const DataPatch = z
  .record(z.string().min(1).max(200), z.unknown())
  .openapi({ example: { firstName: 'Ada', plan: 'pro' }, description: 'Merged into the stored data; a null value removes that key.' });
