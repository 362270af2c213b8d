import { z } from '@hono/zod-openapi';
import { PageQuery, pageOf } from '../../envelope.js';
import { EmailAddress, Timestamp } from '../../schemas.js';
import { SUPPRESSION_REASONS } from '../../../core/suppressions.js';

export const Suppression = z
  .object({
    id: z.string(),
    email: z.string().openapi({ format: 'email', example: 'bounced@example.com' }),
    reason: z.enum(SUPPRESSION_REASONS).openapi({ description: 'Why the address is suppressed.' }),
    source: z.string().nullable().openapi({ description: 'Where it came from: `api` (POST /suppressions), `webhook` (POST /webhooks/bounces), `dsn` (POST /webhooks/bounces/dsn), `smtp` (a hard bounce at send time), `unsubscribe_link`.' }),
    createdAt: Timestamp,
  })
  .openapi('Suppression');

export const CreateSuppressionBody = z
  .object({
    email: EmailAddress,
    reason: z.enum(SUPPRESSION_REASONS).default('MANUAL').openapi({ description: 'Default `MANUAL`.' }),
  })
  .openapi('CreateSuppressionBody', { example: { email: 'ada@example.com' } });

export const ListSuppressionsQuery = PageQuery.extend({
  email: EmailAddress.optional().openapi({ param: { name: 'email', in: 'query' }, description: 'Only this address (exact, case-insensitive).' }),
});

export const EmailParam = z.object({
  email: EmailAddress.openapi({ param: { name: 'email', in: 'path' }, example: 'bounced@example.com', description: 'URL-encoded address.' }),
});

export const SuppressionPage = pageOf(Suppression, 'suppressions').openapi('SuppressionPage');
