import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../schemas.js';

export const ProjectSettings = z
  .object({
    trackMarketing: z.boolean().openapi({ description: 'Open/click tracking on marketing mail (default true).' }),
    trackTransactional: z.boolean().openapi({ description: 'Open/click tracking on transactional mail (default false).' }),
    sendRatePerSecond: z.number().openapi({ description: "Emails per second this project sends at: the service's rate (SEND_RATE_PER_SECOND, 14 by default) or the project's lower setting." }),
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
      .positive()
      .max(1000)
      .nullable()
      .optional()
      .openapi({ description: "Emails per second for this project. It can lower the service's rate (SEND_RATE_PER_SECOND, 14 by default), never raise it." }),
  })
  .strict()
  .openapi('UpdateProjectSettingsBody', { description: 'Only the given settings change; `null` restores the default.', example: { sendRatePerSecond: 5 } });
