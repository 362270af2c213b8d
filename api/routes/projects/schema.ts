import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../schemas.js';
import { MIN_SEND_RATE_PER_SECOND } from '../../../core/pacing.js';

const PublicKeyWriteData = z.enum(['all', 'add', 'none']);
const PUBLIC_KEY_DOC =
  'What a public key (`pk_`, shipped in browsers and apps) may change on an EXISTING contact through /v1/track. ' +
  'New contacts are always created as the call says. Whatever this says, a public key never undoes an opt-out made by the unsubscribe link, ' +
  'a complaint, a suppression (hard bounce, manual) or the secret key; refused parts of a call are ignored silently (200), so the answer never reveals a contact.';

export const PublicKeyPolicy = z
  .object({
    subscribe: z.boolean().openapi({ description: '`subscribed: true` may subscribe a contact that has not opted out (default true).' }),
    unsubscribe: z.boolean().openapi({ description: '`subscribed: false` may unsubscribe a contact (default false).' }),
    writeData: PublicKeyWriteData.openapi({ description: '`data`: `add` only keys the contact does not have yet (default), `all` set, overwrite and remove like the secret key, `none` ignored (the event keeps it).' }),
  })
  .openapi('PublicKeyPolicy', { description: PUBLIC_KEY_DOC });

export const ProjectSettings = z
  .object({
    trackMarketing: z.boolean().openapi({ description: 'Open/click tracking on marketing mail (default true).' }),
    trackTransactional: z.boolean().openapi({ description: 'Open/click tracking on transactional mail (default false).' }),
    sendRatePerSecond: z.number().openapi({ description: "Emails per second this project sends at: the service's rate (SEND_RATE_PER_SECOND, 14 by default) or the project's lower setting." }),
    publicKey: PublicKeyPolicy,
  })
  .openapi('ProjectSettings');

export const Project = z
  .object({
    id: z.string(),
    name: z.string(),
    settings: ProjectSettings,
    webhookSecret: z.string().openapi({
      description: 'Authenticates `POST /webhooks/bounces*`: send it as `Authorization: Bearer <webhookSecret>` or `X-Webhook-Secret`.',
    }),
    createdAt: Timestamp,
  })
  .openapi('Project');

export const UpdateProjectSettingsBody = z
  .object({
    trackMarketing: z.boolean().nullable().optional(),
    trackTransactional: z.boolean().nullable().optional(),
    sendRatePerSecond: z
      .number()
      .min(MIN_SEND_RATE_PER_SECOND, `must be at least ${MIN_SEND_RATE_PER_SECOND} email per second (lower rates would stall delivery)`)
      .max(1000)
      .nullable()
      .optional()
      .openapi({ description: `Emails per second for this project, at least ${MIN_SEND_RATE_PER_SECOND}. It can lower the service's rate (SEND_RATE_PER_SECOND, 14 by default), never raise it.` }),
    publicKey: z
      .object({ subscribe: z.boolean().optional(), unsubscribe: z.boolean().optional(), writeData: PublicKeyWriteData.optional() })
      .strict()
      .nullable()
      .optional()
      .openapi({ description: `${PUBLIC_KEY_DOC} Given fields change, the others stay; \`null\` restores the defaults.` }),
  })
  .strict()
  .openapi('UpdateProjectSettingsBody', { description: 'Only the given settings change; `null` restores the default.', example: { sendRatePerSecond: 5 } });
