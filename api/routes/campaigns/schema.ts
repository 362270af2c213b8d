import { z } from '@hono/zod-openapi';
import { CAMPAIGN_STATUSES } from '../../../db/entities/campaign.js';
import { ConditionSchema } from '../../core-schemas.js';
import { parseWallTime } from '../../../core/schedule/local-time.js';
import { PageQuery, pageOf } from '../../envelope.js';
import { EmailAddress, Timestamp } from '../../schemas.js';
import { TEST_SEND_MAX_RECIPIENTS } from '../../../core/campaigns/test-send.js';

export const CampaignStatus = z.enum(CAMPAIGN_STATUSES).openapi('CampaignStatus', {
  description:
    'DRAFT -> SCHEDULED (send) -> SENDING (at the scheduled time) -> SENT; SENDING <-> PAUSED (pause, resume); SCHEDULED, SENDING or PAUSED -> CANCELLED (cancel).',
});
export const CampaignType = z.enum(['MARKETING', 'TRANSACTIONAL']).openapi('CampaignType', {
  description: 'MARKETING (default): subscribed contacts only, with an unsubscribe link. TRANSACTIONAL: every contact of the audience. Suppressed addresses never.',
});
export const AudienceType = z.enum(['ALL', 'SEGMENT', 'FILTERED']).openapi('AudienceType');
// A union with null, not ConditionSchema.nullable(): that would redefine the shared Condition component as nullable.
const AudienceFilter = z.union([ConditionSchema, z.null()]);

const fields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
  subject: z.string().min(1).max(998),
  body: z.string().min(1).max(1_000_000).openapi({ description: 'HTML with {{variable}} placeholders (the contact\'s data, `email`, `id`); `{{unsubscribe_url}}` places the unsubscribe link' }),
  from: EmailAddress.openapi({ description: 'On a VERIFIED sender domain of the project' }),
  fromName: z.string().trim().max(200).nullable().optional(),
  replyTo: EmailAddress.nullable().optional(),
  type: CampaignType.optional(),
  audienceType: AudienceType,
  segmentId: z.string().nullable().optional().openapi({ description: 'Required when audienceType is SEGMENT' }),
  audienceFilter: AudienceFilter.optional().openapi({ description: 'Required when audienceType is FILTERED' }),
};

export const CreateCampaignBody = z
  .object(fields)
  .superRefine((v, ctx) => {
    if (v.audienceType === 'SEGMENT' && !v.segmentId) ctx.addIssue({ code: 'custom', path: ['segmentId'], message: 'is required when audienceType is SEGMENT' });
    if (v.audienceType === 'FILTERED' && !v.audienceFilter) ctx.addIssue({ code: 'custom', path: ['audienceFilter'], message: 'is required when audienceType is FILTERED' });
  })
  .openapi('CreateCampaignBody', {
    example: {
      name: 'November newsletter',
      subject: 'What is new in November, {{firstName}}',
      body: '<h1>Hello {{firstName}}</h1><p>Here is what we shipped this month.</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
      from: 'news@example.com',
      fromName: 'Example News',
      replyTo: 'support@example.com',
      type: 'MARKETING',
      audienceType: 'SEGMENT',
      segmentId: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a',
    },
  });

export const UpdateCampaignBody = z
  .object({ ...fields, name: fields.name.optional(), subject: fields.subject.optional(), body: fields.body.optional(), from: fields.from.optional(), audienceType: AudienceType.optional() })
  .openapi('UpdateCampaignBody', {
    example: {
      subject: 'Our November highlights, {{firstName}}',
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] },
    },
  });

export const CreatedCampaign = z
  .object({ id: z.string(), name: z.string(), subject: z.string(), type: CampaignType, status: CampaignStatus, scheduledAt: Timestamp.nullable() })
  .openapi('CreatedCampaign');

const LOCAL_TIME_DOC =
  "Instead of `scheduledAt`: each recipient gets the mail at this wall-clock time (no offset) in their own time zone: the contact's `timezone`, else the project's (`PATCH /project/settings`, default UTC). " +
  'The campaign starts at once (the answer says SCHEDULED; its workflow makes it SENDING a moment later) and goes out in waves, one per UTC offset (`GET /campaigns/{id}` shows them). ' +
  'Recipients whose local moment has already passed get it at once. DST: a local time that does not exist that day (clocks jump forward) is shifted forward by the gap (02:30 becomes 03:30); ' +
  'one that exists twice (clocks fall back) is the earlier instant. MARKETING recipients inside quiet hours get it when they end. At most 10 years ahead.';

export const WaveSchedule = z
  .object({
    localTime: z.string().nullable().openapi({ description: 'The wall-clock time of a local-time campaign; null for a campaign held by quiet hours only.' }),
    waves: z.array(
      z.object({
        utcOffset: z.string().openapi({ example: '+09:00', description: "The recipients' UTC offset at their moment" }),
        at: Timestamp.openapi({ description: 'When the wave goes out' }),
        recipients: z.number().int(),
        pending: z.number().int().openapi({ description: 'Not sent yet' }),
      }),
    ),
    nextWaveAt: Timestamp.nullable().openapi({ description: 'The next wave with recipients pending; null when all went out' }),
  })
  .openapi('WaveSchedule', {
    description: 'A campaign sent in waves (localTime, or MARKETING with quiet hours): recipients per UTC offset and due time. Filled once sending starts (the audience is enlisted then).',
    example: { localTime: '2026-12-01T09:00:00', waves: [{ utcOffset: '+09:00', at: '2026-12-01T00:00:00.000Z', recipients: 120, pending: 0 }, { utcOffset: '+01:00', at: '2026-12-01T08:00:00.000Z', recipients: 800, pending: 800 }], nextWaveAt: '2026-12-01T08:00:00.000Z' },
  });

export const Campaign = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    subject: z.string(),
    body: z.string(),
    from: z.string(),
    fromName: z.string().nullable(),
    replyTo: z.string().nullable(),
    type: CampaignType,
    audienceType: AudienceType,
    segmentId: z.string().nullable(),
    audienceFilter: AudienceFilter,
    status: CampaignStatus,
    scheduledAt: Timestamp.nullable(),
    startedAt: Timestamp.nullable(),
    sentAt: Timestamp.nullable().openapi({ description: 'When the last message went out (status SENT)' }),
    cancelledAt: Timestamp.nullable(),
    localTime: z.string().nullable().openapi({ description: 'Set by `POST /campaigns/{id}/send` with `localTime`: the wall-clock time each recipient gets it at, in their zone' }),
    schedule: WaveSchedule.nullable().optional().openapi({ description: 'GET /campaigns/{id} only: the waves of a campaign sent in waves (null otherwise)' }),
    totalRecipients: z.number().int(),
    sentCount: z.number().int().openapi({ description: 'Recipients whose server accepted the message at send time. GET /campaigns/{id}/stats counts sent as accepted plus refused (bounced), and later bounces too.' }),
    failedCount: z.number().int(),
    bouncedCount: z.number().int().openapi({ description: 'Recipients whose server refused the message at send time (5xx). Bounces reported later (POST /webhooks/bounces, DSNs) are counted in GET /campaigns/{id}/stats, not here.' }),
    skippedCount: z.number().int().openapi({ description: 'Suppressed or opted out when their turn came: not sent, not failed' }),
    cappedCount: z.number().int().openapi({ description: "Skipped by the project's frequency cap (PATCH /project/settings `frequencyCap`): never sent later" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Campaign');

export const ListCampaignsQuery = PageQuery.extend({
  status: CampaignStatus.optional().openapi({ param: { name: 'status', in: 'query' } }),
});
export const CampaignPage = pageOf(Campaign, 'campaigns').openapi('CampaignPage');

/**
 * How far ahead a send may be scheduled: past it a date is a typo, and a time past year 9999 (by its
 * offset) cannot be stored (PostgreSQL refused it: a 500).
 */
const MAX_SCHEDULE_AHEAD_MS = 10 * 365.25 * 86_400_000;

export const SendCampaignBody = z
  .object({
    scheduledAt: z
      .string()
      .datetime({ offset: true })
      .refine((s) => Date.parse(s) > Date.now(), 'must be in the future')
      .refine((s) => Date.parse(s) <= Date.now() + MAX_SCHEDULE_AHEAD_MS, 'must be at most 10 years ahead')
      .optional()
      .openapi({ description: 'ISO 8601, in the future and at most 10 years ahead; absent: send now. On a SCHEDULED campaign it moves the time.' }),
    localTime: z
      .string()
      .refine((s) => parseWallTime(s) !== undefined, 'must be a wall-clock time YYYY-MM-DDTHH:MM:SS without offset, e.g. 2026-12-01T09:00:00')
      // Read as UTC: a zone moves it by at most a day, well inside the bound.
      .refine((s) => Date.parse(`${s}Z`) <= Date.now() + MAX_SCHEDULE_AHEAD_MS, 'must be at most 10 years ahead')
      .optional()
      .openapi({ description: LOCAL_TIME_DOC, example: '2026-12-01T09:00:00' }),
  })
  .refine((v) => !(v.scheduledAt && v.localTime), { message: 'give either `scheduledAt` (one instant) or `localTime` (each recipient\'s wall clock), not both', path: ['localTime'] })
  .openapi('SendCampaignBody', { example: { localTime: '2026-12-01T09:00:00' } });

export const TestCampaignBody = z
  .object({
    emails: z
      .array(EmailAddress)
      .min(1)
      .max(TEST_SEND_MAX_RECIPIENTS)
      .optional()
      .openapi({ description: `1 to ${TEST_SEND_MAX_RECIPIENTS} addresses: the cap of one call (more is a 422)` }),
    email: EmailAddress.optional().openapi({ description: 'One address (instead of `emails`)' }),
  })
  .refine((v) => (v.emails ? 1 : 0) + (v.email ? 1 : 0) === 1, { message: `give either \`emails\` (1 to ${TEST_SEND_MAX_RECIPIENTS} addresses) or \`email\``, path: ['emails'] })
  .openapi('TestCampaignBody', { example: { emails: ['ada@example.com', 'grace@example.com'] } });

export const TestCampaignResult = z
  .object({ emails: z.array(z.object({ email: z.string(), id: z.string().openapi({ description: 'The email record (GET /emails/{id})' }) })) })
  .openapi('TestCampaignResult');

export const CampaignStats = z
  .object({
    totalRecipients: z.number().int(),
    sentCount: z.number().int().openapi({ description: 'Messages the receiving server answered for: delivered plus bounced' }),
    deliveredCount: z.number().int(),
    openedCount: z.number().int().openapi({ description: 'Contacts who opened (unique)' }),
    clickedCount: z.number().int().openapi({ description: 'Contacts who clicked (unique)' }),
    bouncedCount: z.number().int(),
    complainedCount: z.number().int(),
    unsubscribedCount: z.number().int().openapi({ description: 'Through this campaign\'s unsubscribe link' }),
    failedCount: z.number().int(),
    skippedCount: z.number().int(),
    cappedCount: z.number().int().openapi({ description: "MARKETING recipients skipped by the project's frequency cap (`frequencyCap`): not sent, never sent later" }),
    deliveryRate: z.number(),
    openRate: z.number(),
    clickRate: z.number(),
    bounceRate: z.number(),
    complaintRate: z.number(),
    unsubscribeRate: z.number(),
  })
  .openapi('CampaignStats', { description: 'Rates are percentages of sentCount (0 when nothing was sent).' });
