import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRun } from '../../db/sql.js';
import { Campaign, type AudienceType, type CampaignStatus, type CampaignType } from '../../db/entities/campaign.js';
import { isUuid } from '../../db/ids.js';
import { notFound, validationError } from '../errors.js';
import { keysetPage } from '../paging.js';
import { assertVerifiedSender } from '../domains/sender-domains.js';
import type { Condition } from '../segments/condition.js';
import { audienceExpression } from './audience.js';
import { conflict } from './transitions.js';
import { compileCondition } from '../segments/compile.js';
import { loadSegmentRefs, segmentMentions, segmentRefErrors } from '../segments/refs.js';
import type { SegmentRef } from '../segments/sql.js';
import { lockSegmentRefs } from '../segments/segments.js';
import { assertKnownTemplateSyntax } from '../templates/syntax.js';

export interface CampaignInput {
  name: string;
  description?: string | null;
  subject: string;
  body: string;
  from: string;
  fromName?: string | null;
  replyTo?: string | null;
  type?: CampaignType;
  audienceType: AudienceType;
  segmentId?: string | null;
  audienceFilter?: unknown;
}

/** What a PATCH may change (DRAFT or SCHEDULED only). */
export const EDITABLE = ['DRAFT', 'SCHEDULED'] as const satisfies CampaignStatus[];

function apply(c: Campaign, input: Partial<CampaignInput>) {
  // As templates and /v1/send: syntax the renderer does not know would silently render as nothing.
  assertKnownTemplateSyntax({ subject: input.subject, body: input.body });
  if (input.name !== undefined) c.name = input.name;
  if (input.description !== undefined) c.description = input.description;
  if (input.subject !== undefined) c.subject = input.subject;
  if (input.body !== undefined) c.body = input.body;
  if (input.from !== undefined) c.fromEmail = input.from;
  if (input.fromName !== undefined) c.fromName = input.fromName;
  if (input.replyTo !== undefined) c.replyTo = input.replyTo;
  if (input.type !== undefined) c.type = input.type;
  if (input.audienceType !== undefined) c.audienceType = input.audienceType;
  if (input.segmentId !== undefined) c.segmentId = input.segmentId;
  if (input.audienceFilter !== undefined) c.audienceFilter = input.audienceFilter;
  // Only the field of the chosen audience type is kept.
  if (c.audienceType !== 'SEGMENT') c.segmentId = null;
  if (c.audienceType !== 'FILTERED') c.audienceFilter = null;
}

/** The sender domain is verified (403) and the audience compiles (its segment exists: 404). */
async function check(em: EntityManager, c: Campaign) {
  if (c.audienceType === 'SEGMENT' && !c.segmentId) throw validationError([{ field: 'segmentId', message: 'is required when audienceType is SEGMENT', code: 'custom' }]);
  if (c.audienceType === 'FILTERED' && !c.audienceFilter) throw validationError([{ field: 'audienceFilter', message: 'is required when audienceType is FILTERED', code: 'custom' }]);
  await assertVerifiedSender(em, c.projectId, c.fromEmail);
  if (c.audienceType === 'FILTERED') compileFilter(c.projectId, c.audienceFilter as Condition, await loadSegmentRefs(em, c.projectId, c.audienceFilter as Condition));
  else await audienceExpression(em, c);
}

/**
 * The filter compiles with the segments it names, loaded once: one naming a segment that is not in
 * the project is a 422 at that filter (it would match nobody).
 */
function compileFilter(projectId: string, condition: Condition, segments: Map<string, SegmentRef>) {
  const errors = segmentRefErrors(segmentMentions(condition, ['audienceFilter']), segments);
  if (errors.length > 0) throw validationError(errors);
  compileCondition(condition, { projectId, segments, describe: 'The audience filter', field: 'audienceFilter' });
}

/**
 * An audience that names a segment is checked and saved under the segments' reference lock, so a
 * segment deleted at the same moment is either still there when the campaign is saved, or refused
 * (404) to it: never a campaign naming a deleted segment.
 */
const namesSegment = (c: Campaign) =>
  c.audienceType === 'SEGMENT' || (c.audienceType === 'FILTERED' && c.audienceFilter != null && segmentMentions(c.audienceFilter as Condition).length > 0);

export async function createCampaign(em: EntityManager, projectId: string, input: CampaignInput): Promise<Campaign> {
  const c = new Campaign();
  c.projectId = projectId;
  apply(c, input);
  await em.transactional(async (tx) => {
    if (namesSegment(c)) await lockSegmentRefs(tx, projectId);
    await check(tx, c);
    tx.persist(c);
  });
  return c;
}

export async function getCampaign(em: EntityManager, projectId: string, id: string): Promise<Campaign> {
  const c = isUuid(id) ? await em.findOne(Campaign, { id, projectId }, { refresh: true }) : null;
  if (!c) throw notFound('Campaign');
  return c;
}

export const listCampaigns = (em: EntityManager, projectId: string, q: { limit: number; cursor?: string; status?: CampaignStatus }) =>
  keysetPage(em, Campaign, q.status ? { projectId, status: q.status } : { projectId }, q);

/**
 * Partial update, only while DRAFT or SCHEDULED. The row is locked (SELECT ... FOR UPDATE), the
 * input merged into what it holds then, and only the content columns are written: a PATCH never
 * writes the status (a send, pause or cancel beside it keeps its transition), and two PATCHes of
 * different fields both land (the second merges into the first). An edit racing the start of
 * sending either lands before it or is a 409 (the content is frozen from then on).
 */
export async function updateCampaign(em: EntityManager, projectId: string, id: string, input: Partial<CampaignInput>): Promise<Campaign> {
  if (!isUuid(id)) throw notFound('Campaign');
  await em.transactional(async (tx) => {
    // Not managed (disableIdentityMap): nothing of it is flushed; the UPDATE below is the only write.
    const c = await tx.findOne(Campaign, { id, projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    if (!c) throw notFound('Campaign');
    if (!(EDITABLE as readonly CampaignStatus[]).includes(c.status)) throw conflict(id, c.status, 'edit it (the content is frozen once sending starts)');
    apply(c, input);
    if (namesSegment(c)) await lockSegmentRefs(tx, projectId);
    await check(tx, c);
    await sqlRun(
      tx,
      `update campaigns set name = ?, description = ?, subject = ?, body = ?, from_email = ?, from_name = ?, reply_to = ?, type = ?,
              audience_type = ?, segment_id = ?, audience_filter = ?::jsonb, updated_at = now()
       where id = ? and project_id = ?`,
      [
        c.name, c.description ?? null, c.subject, c.body, c.fromEmail, c.fromName ?? null, c.replyTo ?? null, c.type,
        c.audienceType, c.segmentId ?? null, c.audienceFilter == null ? null : JSON.stringify(c.audienceFilter), id, projectId,
      ],
    );
  });
  return getCampaign(em, projectId, id);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const toCreatedCampaignDto = (c: Campaign) => ({ id: c.id, name: c.name, subject: c.subject, type: c.type, status: c.status, scheduledAt: iso(c.scheduledAt) });

export const toCampaignDto = (c: Campaign) => ({
  id: c.id,
  name: c.name,
  description: c.description ?? null,
  subject: c.subject,
  body: c.body,
  from: c.fromEmail,
  fromName: c.fromName ?? null,
  replyTo: c.replyTo ?? null,
  type: c.type,
  audienceType: c.audienceType,
  segmentId: c.segmentId ?? null,
  audienceFilter: (c.audienceFilter ?? null) as Condition | null,
  status: c.status,
  scheduledAt: iso(c.scheduledAt),
  startedAt: iso(c.startedAt),
  sentAt: iso(c.sentAt),
  cancelledAt: iso(c.cancelledAt),
  localTime: c.localTime ?? null,
  totalRecipients: c.totalRecipients,
  sentCount: c.sentCount,
  failedCount: c.failedCount,
  bouncedCount: c.bouncedCount,
  skippedCount: c.skippedCount,
  cappedCount: c.cappedCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
