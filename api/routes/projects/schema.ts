import { z } from '@hono/zod-openapi';
import { TimeZone, Timestamp } from '../../schemas.js';
import { parseHhMm } from '../../../core/schedule/quiet-hours.js';
import { MIN_SEND_RATE_PER_SECOND } from '../../../core/pacing.js';
import { MAX_CAP_DAYS } from '../../../core/schedule/frequency-cap.js';

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

const HhMm = z.string().refine((s) => parseHhMm(s) !== undefined, 'must be a 24-hour time HH:MM, e.g. 21:00').openapi({ example: '21:00' });
const QUIET_HOURS_DOC =
  'Contact-local window (`HH:MM`, 24-hour; `start` inclusive, `end` exclusive, past midnight when `end` < `start`) in which MARKETING mail waits: ' +
  'campaign recipients inside it get the mail when it ends, automation SEND_EMAIL steps wait (the execution shows WAITING with reason QUIET_HOURS). TRANSACTIONAL mail is never held.';
export const QuietHours = z
  .object({ start: HhMm, end: HhMm })
  .strict()
  .refine((q) => q.start !== q.end, { message: 'start and end must differ (an empty or whole-day window)', path: ['end'] })
  .openapi('QuietHours', { description: QUIET_HOURS_DOC, example: { start: '21:00', end: '08:00' } });
const FREQUENCY_CAP_DOC =
  'At most `max` MARKETING mails (campaigns, automation SEND_EMAIL steps and /v1/send with a MARKETING template together) per contact in any `perDays` days. ' +
  'A mail over the cap is skipped for good, never sent later: `cappedCount` in campaign stats, a SKIPPED automation step with reason FREQUENCY_CAP, ' +
  'a 422 on /v1/send (nothing sent). ' +
  'Test sends and TRANSACTIONAL mail neither count nor are capped. Holds across worker processes and concurrent campaigns.';
export const FrequencyCap = z
  .object({
    max: z.number().int().min(1).max(1000).openapi({ example: 3 }),
    perDays: z.number().int().min(1).max(MAX_CAP_DAYS).openapi({ example: 7 }),
  })
  .strict()
  .openapi('FrequencyCap', { description: FREQUENCY_CAP_DOC, example: { max: 3, perDays: 7 } });

export const ProjectSettings = z
  .object({
    trackMarketing: z.boolean().openapi({ description: 'Open/click tracking on marketing mail (default true).' }),
    trackTransactional: z.boolean().openapi({ description: 'Open/click tracking on transactional mail (default false).' }),
    sendRatePerSecond: z.number().openapi({ description: "Emails per second this project sends at: the service's rate (SEND_RATE_PER_SECOND, 14 by default) or the project's lower setting." }),
    publicKey: PublicKeyPolicy,
    timezone: TimeZone.openapi({ description: 'Time zone of contacts without their own `timezone` (default UTC): local-time campaigns and quiet hours.' }),
    quietHours: QuietHours.nullable().openapi({ description: `${QUIET_HOURS_DOC} null: none (default).` }),
    frequencyCap: FrequencyCap.nullable().openapi({ description: `${FREQUENCY_CAP_DOC} null: no cap (default).` }),
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
    timezone: TimeZone.nullable().optional().openapi({ description: 'Time zone of contacts without their own `timezone`; `null`: UTC.' }),
    quietHours: QuietHours.nullable().optional().openapi({ description: `${QUIET_HOURS_DOC} \`null\`: none.` }),
    frequencyCap: FrequencyCap.nullable().optional().openapi({ description: `${FREQUENCY_CAP_DOC} \`null\`: no cap.` }),
  })
  .strict()
  .openapi('UpdateProjectSettingsBody', { description: 'Only the given settings change; `null` restores the default.', example: { timezone: 'Europe/Berlin', quietHours: { start: '21:00', end: '08:00' }, frequencyCap: { max: 3, perDays: 7 } } });
