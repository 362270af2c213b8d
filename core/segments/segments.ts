import type { EntityManager } from '@mikro-orm/postgresql';
import { Segment, type SegmentType } from '../../db/entities/index.js';
import { isUuid } from '../../db/ids.js';
import { DomainError, notFound, validationError, type FieldError } from '../errors.js';
import { keysetPage } from '../paging.js';
import type { Condition } from './condition.js';
import { refreshMemberCount } from './counts.js';
import { findCycle, loadSegmentRefs, segmentIdsOf, segmentMentions, segmentRefErrors } from './refs.js';
import { segmentUsers, workflowsTriggeredBy } from './usage.js';
import { assertDependentsFit } from './dependents.js';
import { assertCompiledSize } from './size.js';
import { sqlRows, sqlRun } from '../../db/sql.js';

export interface SegmentInput {
  name: string;
  description?: string | null;
  type?: SegmentType;
  condition?: Condition;
  trackMembership?: boolean;
}
export type SegmentPatch = Partial<SegmentInput>;

export const conditionOf = (s: Segment) => (s.condition ?? null) as Condition | null;

const fieldError = (field: string, message: string, code = 'invalid_value'): FieldError => ({ field, message, code });

export async function getSegment(em: EntityManager, projectId: string, id: string): Promise<Segment> {
  const segment = isUuid(id) ? await em.findOne(Segment, { id, projectId }) : null;
  if (!segment) throw notFound('Segment');
  return segment;
}

export const listSegments = (em: EntityManager, projectId: string, q: { limit: number; cursor?: string }) =>
  keysetPage(em, Segment, { projectId }, q);

/**
 * The segments a condition names must exist in the project, and must not lead back to `selfId`
 * (a segment whose condition includes itself has no meaning); with them expanded, it must compile
 * within MAX_COMPILED_PARAMS. Returns the ids it names.
 */
async function checkSegmentRefs(em: EntityManager, projectId: string, selfId: string, condition: Condition): Promise<string[]> {
  const mentions = segmentMentions(condition, ['condition']);
  if (mentions.length === 0) return [];
  const refs = await loadSegmentRefs(em, projectId, condition);
  const errors = segmentRefErrors(mentions, refs, selfId);
  if (errors.length === 0) {
    const cycle = findCycle(selfId, segmentIdsOf(condition), refs);
    if (cycle) {
      const at = mentions.find((m) => m.segmentId === cycle[0])!;
      const chain = ['this segment', ...cycle.slice(0, -1), 'this segment'].join(' -> ');
      errors.push(fieldError(`${at.path.join('.')}.field`, `Segments cannot refer to each other in a cycle: ${chain}`, 'segment_cycle'));
    }
  }
  if (errors.length > 0) throw validationError(errors);
  assertCompiledSize(condition, refs, 'The condition');
  return segmentIdsOf(condition);
}

function assertConditionFitsType(type: SegmentType, condition: Condition | undefined, creating: boolean) {
  if (type === 'DYNAMIC' && creating && !condition) {
    throw validationError([fieldError('condition', 'A DYNAMIC segment needs a condition', 'required')]);
  }
  if (type === 'STATIC' && condition) {
    throw validationError([fieldError('condition', 'A STATIC segment has no condition: add contacts with POST /segments/{id}/members', 'not_allowed')]);
  }
}

/**
 * The `segment.<id>` checks read other segments, so two writes checked at once could each pass on
 * what the other has not committed (A naming B while B is changed to name A; a delete while a new
 * reference to the segment is saved). Writes that add references, and deletes, take this per-project
 * lock first (campaigns and automation workflows that name a segment too); it is held until their
 * transaction ends.
 */
export async function lockSegmentRefs(tx: EntityManager, projectId: string): Promise<void> {
  await sqlRows(tx, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`segment-refs:${projectId}`]);
}

const namesSegments = (condition: Condition | undefined) => Boolean(condition && segmentMentions(condition).length > 0);

export async function createSegment(em: EntityManager, projectId: string, input: SegmentInput): Promise<Segment> {
  const type = input.type ?? 'DYNAMIC';
  assertConditionFitsType(type, input.condition, true);
  const segment = await em.transactional(async (tx) => {
    if (namesSegments(input.condition)) await lockSegmentRefs(tx, projectId);
    const created = tx.create(Segment, {
      projectId,
      name: input.name,
      description: input.description ?? null,
      type,
      condition: (input.condition ?? null) as Segment['condition'],
      trackMembership: input.trackMembership ?? false,
    } as Segment);
    created.refs = input.condition ? await checkSegmentRefs(tx, projectId, created.id, input.condition) : [];
    return created;
  });
  await refreshMemberCount(em, segment);
  return segment;
}

export async function updateSegment(em: EntityManager, projectId: string, id: string, patch: SegmentPatch): Promise<Segment> {
  const segment = await em.transactional(async (tx) => {
    // A new condition changes the size of every segment, campaign filter and workflow step that
    // names this one, and turning tracking off is checked against the enabled workflows it triggers:
    // both under the lock that writes naming segments take.
    if (patch.condition !== undefined || patch.trackMembership === false) await lockSegmentRefs(tx, projectId);
    return applySegmentPatch(tx, projectId, id, patch);
  });
  if (patch.condition !== undefined) await refreshMemberCount(em, segment);
  return segment;
}

async function applySegmentPatch(em: EntityManager, projectId: string, id: string, patch: SegmentPatch): Promise<Segment> {
  const segment = await getSegment(em, projectId, id);
  if (patch.type !== undefined && patch.type !== segment.type) {
    throw validationError([
      fieldError('type', `A segment's type cannot change (this one is ${segment.type}): create a new ${patch.type} segment instead`, 'immutable'),
    ]);
  }
  assertConditionFitsType(segment.type, patch.condition, false);
  if (patch.name !== undefined) segment.name = patch.name;
  if (patch.description !== undefined) segment.description = patch.description;
  if (patch.condition !== undefined) {
    segment.refs = await checkSegmentRefs(em, projectId, segment.id, patch.condition);
    await assertDependentsFit(em, projectId, segment.id, patch.condition);
    segment.condition = patch.condition as unknown as Segment['condition'];
  }
  if (patch.trackMembership !== undefined && patch.trackMembership !== segment.trackMembership) {
    if (!patch.trackMembership && segment.type === 'DYNAMIC') await assertNoSegmentTrigger(em, projectId, segment.id);
    segment.trackMembership = patch.trackMembership;
    // Tracking (re)starts from a silent baseline: no burst of entries for members it never saw leave.
    segment.trackedAt = null;
    if (segment.type === 'DYNAMIC') await sqlRun(em, 'delete from segment_members where segment_id = ?', [segment.id]);
  }
  segment.updatedAt = new Date();
  await em.flush();
  return segment;
}

/**
 * An enabled automation workflow triggered by a DYNAMIC segment's entries or exits needs them
 * recorded: turns trackMembership on as PATCH would (a silent baseline first). Runs in the
 * caller's transaction, which holds lockSegmentRefs. Whether it changed the segment.
 */
export async function ensureMembershipTracked(tx: EntityManager, projectId: string, segmentId: string): Promise<boolean> {
  const segment = await getSegment(tx, projectId, segmentId);
  if (segment.type !== 'DYNAMIC' || segment.trackMembership) return false;
  await applySegmentPatch(tx, projectId, segmentId, { trackMembership: true });
  return true;
}

async function assertNoSegmentTrigger(em: EntityManager, projectId: string, segmentId: string) {
  const users = await workflowsTriggeredBy(em, projectId, segmentId);
  if (users.length === 0) return;
  const names = users.map((u) => `"${u.name}" (${u.id})`).join(', ');
  throw validationError([
    fieldError('trackMembership', `Enabled workflow ${names} is triggered by this segment's entries or exits, which are recorded only while it is on: disable the workflow first`, 'in_use'),
  ]);
}

/** Refused (409) while another segment, a campaign or an automation workflow still uses the segment. */
export async function deleteSegment(em: EntityManager, projectId: string, id: string): Promise<Segment> {
  return em.transactional(async (tx) => {
    await lockSegmentRefs(tx, projectId);
    const segment = await getSegment(tx, projectId, id);
    const users = await segmentUsers(tx, projectId, id);
    if (users.length > 0) {
      const names = users.map((u) => `${u.kind} "${u.name}" (${u.id})`).join(', ');
      throw new DomainError('CONFLICT', `The segment is in use by ${names}`, {
        suggestion: 'Remove the segment from those first (a `segment.<id>` filter, a campaign audience, a workflow trigger or CONDITION step), then delete it.',
      });
    }
    tx.remove(segment);
    return segment;
  });
}
