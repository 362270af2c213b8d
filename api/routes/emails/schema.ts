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
    stalled: z.boolean().openapi({
      description: 'true when the email has been QUEUED or SENDING without progress for over 5 minutes (see updatedAt): a worker down, SMTP unreachable, or a long queue at a low sendRatePerSecond.',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp.openapi({ description: 'Last change of the record (status, attempt).' }),
  })
  .openapi('EmailRecord');
