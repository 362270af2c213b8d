import { domainToASCII } from 'node:url';
import { z } from '@hono/zod-openapi';
import { UUID_RE } from '../db/ids.js';
import { isValidTimeZone } from '../core/schedule/local-time.js';

/**
 * `user@münchen.de` -> `user@xn--mnchen-3ya.de`: an internationalized domain is accepted and kept
 * in its ASCII (punycode) form, so both spellings are the same contact. A domain that is not
 * valid IDNA is left as is (and fails the format check).
 */
export function idnToAscii(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0 || !/[^\x00-\x7f]/.test(email.slice(at + 1))) return email;
  const ascii = domainToASCII(email.slice(at + 1));
  return ascii ? `${email.slice(0, at + 1)}${ascii}` : email;
}

/** RFC 5321: a local part is at most 64 octets. */
const localPartFits = (email: string) => Buffer.byteLength(email.slice(0, Math.max(0, email.lastIndexOf('@')))) <= 64;

/** Shared field schemas. Emails are trimmed, lower-cased and IDN domains converted before the format check. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .overwrite(idnToAscii)
  .max(254)
  .email()
  .refine(localPartFits, 'local part (before @) is longer than 64 characters')
  .openapi({ example: 'ada@example.com', format: 'email', description: 'Internationalized domains are accepted and stored in ASCII (punycode) form.' });

/**
 * A value that becomes (part of) a header line: subject, display names. One rule for /v1/send and
 * templates: no CR, LF or NUL (header injection), refused with a 422 rather than cleaned.
 */
export const NO_LINE_BREAK = /^[^\r\n\0]*$/;
export const SingleLine = (max: number) => z.string().max(max).regex(NO_LINE_BREAK, 'must not contain line breaks');

export const Timestamp = z.string().datetime().openapi({ example: '2026-11-23T10:00:00.000Z' });

/**
 * Free-form data (contact data, event data, template variables) keyed by DataKey: `__proto__` is
 * refused at every depth (here at the top level, where zod's record would silently drop it; nested
 * ones in api/validation.ts), so one rule holds: a 422, never stored, never dropped.
 */
export const DataKey = z.string().min(1).max(200);
export const dataRecord = <T extends z.ZodType>(value: T) =>
  z.preprocess((v, ctx) => {
    if (v !== null && typeof v === 'object' && Object.hasOwn(v, '__proto__')) {
      ctx.addIssue({ code: 'custom', path: ['__proto__'], message: 'key "__proto__" is not allowed', input: v });
    }
    return v;
  }, z.record(DataKey, value));

/** Free-form attributes; on update a `null` value removes the key. */
export const DataPatch = dataRecord(z.unknown())
  .openapi({ example: { firstName: 'Ada', plan: 'pro' }, description: 'Merged into the stored data; a null value removes that key.' });

/** The one id rule: a UUID in either case (stored and returned lower-case). */
export const Id = z.string().regex(UUID_RE, 'Expected an id (UUID)').toLowerCase().openapi({ example: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a' });

/** An IANA time-zone name this runtime knows (`Europe/Berlin`, `America/New_York`, `UTC`). */
export const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Berlin or America/New_York')
  .openapi({ example: 'Europe/Berlin', description: 'IANA time-zone name (`Europe/Berlin`, `America/New_York`, `UTC`).' });
