import { z } from '@hono/zod-openapi';

/** Shared field schemas. Emails are trimmed and lower-cased before the format check. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email()
  .openapi({ example: 'ada@example.com', format: 'email' });

export const Timestamp = z.string().datetime().openapi({ example: '2026-11-23T10:00:00.000Z' });

/** Free-form attributes; on update a `null` value removes the key. */
export const DataPatch = z
  .record(z.string().min(1).max(200), z.unknown())
  .openapi({ example: { firstName: 'Ada', plan: 'pro' }, description: 'Merged into the stored data; a null value removes that key.' });
