import { z } from '@hono/zod-openapi';
import { EmailAddress, Id } from '../../schemas.js';

export const MAX_REPORTS = 100;

export const BounceReport = z
  .object({
    type: z.enum(['hard_bounce', 'soft_bounce', 'complaint']).openapi({
      description: '`hard_bounce` and `complaint` suppress the address; `soft_bounce` is only recorded.',
    }),
    email: EmailAddress.openapi({ description: 'The recipient that bounced or complained.' }),
    emailId: Id.optional().openapi({ description: 'Our email record id (the `X-Mailhub-Email-Id` header of the sent message).' }),
    messageId: z.string().min(1).max(998).optional().openapi({ description: 'Message-ID of the sent message, with or without `<>`.' }),
    diagnostic: z.string().max(2000).optional().openapi({ example: '550 5.1.1 The email account does not exist' }),
    status: z
      .string()
      .regex(/^[245]\.\d{1,3}\.\d{1,3}$/, 'An enhanced status code such as 5.1.1')
      .optional()
      .openapi({ example: '5.1.1' }),
    timestamp: z.iso.datetime({ offset: true }).optional().openapi({ description: 'When the provider saw it (kept in the event data).' }),
  })
  .openapi('BounceReport');

export const BounceWebhookBody = z
  .union([BounceReport, z.array(BounceReport).min(1).max(MAX_REPORTS)])
  .openapi('BounceWebhookBody', {
    description: `One report or an array of at most ${MAX_REPORTS}.`,
    example: { type: 'hard_bounce', email: 'ada@example.com', diagnostic: '550 5.1.1 The email account does not exist', status: '5.1.1' },
  });

export const BounceOutcome = z
  .object({
    type: z.enum(['hard_bounce', 'soft_bounce', 'complaint']),
    email: z.string(),
    emailId: z.string().nullable().openapi({ description: 'The matched message (null when none matched): an email record (GET /emails/{id}), or a campaign recipient\'s message, whose bounce counts in GET /campaigns/{id}/stats.' }),
    suppressed: z.boolean(),
    event: z.enum(['email.bounced', 'email.complained']),
    eventId: z.string(),
  })
  .openapi('BounceOutcome');

export const BounceResults = z.object({ processed: z.number().int(), results: z.array(BounceOutcome) }).openapi('BounceResults');
