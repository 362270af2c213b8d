import type { EntityManager } from '@mikro-orm/postgresql';
import type { Segment } from '../../db/entities/index.js';
import { segmentExpression } from './membership.js';
import { sqlOne } from '../../db/sql.js';
import { log } from '../log.js';
import { ConditionTooLargeError } from './size.js';

/*
 * memberCount is a cache on the segment row, so a list of segments never counts anything:
 * - STATIC: moved in the same transaction as every add/remove (exact), and recounted when read
 *   through GET /segments/{id} once older than the TTL (deleted contacts leave by cascade).
 * - DYNAMIC: counted on create and on every change of the condition, by the segment's refresh
 *   workflow every SEGMENT_REFRESH_INTERVAL_SECONDS, and on GET /segments/{id} once older than
 *   SEGMENT_COUNT_TTL_SECONDS. `memberCountAt` says when it was taken.
 */

/** Members now: a count over contacts (DYNAMIC) or over segment_members (STATIC). */
export async function countMembers(em: EntityManager, segment: Segment, now = new Date()): Promise<number> {
  if (segment.type === 'STATIC') {
    const r = await sqlOne<{ n: string }>(em, 'select count(*) as n from segment_members where segment_id = ?', [segment.id]);
    return Number(r.n);
  }
  const expr = await segmentExpression(em, segment, { now });
  const r = await sqlOne<{ n: string }>(em, `select count(*) as n from contacts c where c.project_id = ? and (${expr.sql})`, [segment.projectId, ...expr.params]);
  return Number(r.n);
}

/** Stores a count (the entity's updatedAt only moves with edits, not with counts). */
export async function storeMemberCount(em: EntityManager, segment: Segment, count: number, at = new Date()): Promise<void> {
  segment.memberCount = count;
  segment.memberCountAt = at;
  await em.flush();
}

export async function refreshMemberCount(em: EntityManager, segment: Segment, now = new Date()): Promise<void> {
  await storeMemberCount(em, segment, await countMembers(em, segment, now), now);
}

export const isCountStale = (segment: Segment, ttlMs: number, now = new Date()) =>
  !segment.memberCountAt || now.getTime() - segment.memberCountAt.getTime() > ttlMs;

/**
 * GET /segments/{id}: the segment, its count taken again when older than `ttlMs`. A condition that
 * can no longer be evaluated (over the size bound after an edit made before the bound existed)
 * keeps its last count: reading the segment still works, and says when it was counted.
 */
export async function withFreshCount(em: EntityManager, segment: Segment, ttlMs: number, now = new Date()): Promise<Segment> {
  if (!isCountStale(segment, ttlMs, now)) return segment;
  try {
    await refreshMemberCount(em, segment, now);
  } catch (e) {
    if (!(e instanceof ConditionTooLargeError)) throw e;
    log.warn({ segmentId: segment.id }, e.message);
  }
  return segment;
}
