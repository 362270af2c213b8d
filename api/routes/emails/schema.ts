import { z } from '@hono/zod-openapi';
import { EMAIL_STATUSES } from '../../../db/entities/index.js';
import { Timestamp } from '../../schemas.js';

export const EmailStatus = z.enum(EMAIL_STATUSES).openapi('EmailStatus');

/** One email record (one message to one recipient), with its delivery state. */
export const EmailRecord = z
  .object({
    id: z.string(),
    to: z.string().openapi({ format: 'email' }),
    from: z.string().openapi({ format: 'email' }),
    subject: z.string(),
    status: EmailStatus,
    messageId: z.string().openapi({ description: 'The Message-ID header, e.g. `<id@example.com>`' }),
    contactId: z.string().nullable(),
    templateId: z.string().nullable(),
    campaignId: z.string().nullable(),
    error: z.string().nullable().openapi({ description: 'Last delivery error, if any' }),
    attempts: z.number().int(),
    sentAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .openapi('EmailRecord');
