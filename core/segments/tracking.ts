import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Segment } from '../../db/entities/index.js';
import { refreshMemberCount, storeMemberCount } from './counts.js';
import { recordSegmentEvents } from './events.js';
import { segmentExpression } from './membership.js';
import { fragment, sql } from './sql.js';
import { sqlRows, sqlRun } from '../../db/sql.js';

export type RefreshStatus = 'GONE' | 'COUNTED' | 'BASELINE' | 'TRACKED';
export interface RefreshResult {
  status: RefreshStatus;
  entered: number;
  exited: number;
  memberCount: number;
}

/**
 * One pass of a segment's refresh workflow. Every segment gets a fresh memberCount. A DYNAMIC
 * segment with trackMembership compares who matches now with the members it saw last time
 * (kept in segment_members): newcomers get `segment.<id>.entry`, leavers `segment.<id>.exit`,
 * in the transaction that moves the snapshot, so a retried pass records nothing twice. The
 * first pass after tracking is turned on takes the snapshot silently (no burst of entries for
 * everyone already in).
 */
export async function refreshSegment(em: EntityManager, segmentId: string, now = new Date()): Promise<RefreshResult> {
  return em.transactional(async (tx) => {
    const segment = await tx.findOne(Segment, { id: segmentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!segment) return { status: 'GONE' as const, entered: 0, exited: 0, memberCount: 0 };
    if (segment.type === 'STATIC' || !segment.trackMembership) {
      await refreshMemberCount(tx, segment, now);
      return { status: 'COUNTED' as const, entered: 0, exited: 0, memberCount: segment.memberCount };
    }
    const expr = fragment(await segmentExpression(tx, segment, { now }));
    const current = sql`select c.id from contacts c where c.project_id = ${segment.projectId} and (${expr})`;
    if (!segment.trackedAt) {
      await sqlRun(tx, 'delete from segment_members where segment_id = ?', [segment.id]);
      const q = sql`insert into segment_members (segment_id, contact_id, project_id) select ${segment.id}, cur.id, ${segment.projectId} from (${current}) cur`;
      await sqlRun(tx, q.sql, q.params);
      segment.trackedAt = now;
      await refreshMemberCount(tx, segment, now);
      return { status: 'BASELINE' as const, entered: 0, exited: 0, memberCount: segment.memberCount };
    }
    const diff = sql`with cur as materialized (${current}),
entered as (insert into segment_members (segment_id, contact_id, project_id) select ${segment.id}, cur.id, ${segment.projectId} from cur on conflict do nothing returning contact_id),
exited as (delete from segment_members m where m.segment_id = ${segment.id} and not exists (select 1 from cur where cur.id = m.contact_id) returning m.contact_id)
select 'entry' as change, contact_id, null::bigint as n from entered
union all select 'exit', contact_id, null from exited
union all select 'count', null, count(*) from cur`;
    const rows = await sqlRows<{ change: 'entry' | 'exit' | 'count'; contact_id: string | null; n: string | null }>(tx, diff.sql, diff.params);
    const entered = rows.filter((r) => r.change === 'entry').map((r) => r.contact_id!);
    const exited = rows.filter((r) => r.change === 'exit').map((r) => r.contact_id!);
    await recordSegmentEvents(tx, segment, 'entry', entered);
    await recordSegmentEvents(tx, segment, 'exit', exited);
    await storeMemberCount(tx, segment, Number(rows.find((r) => r.change === 'count')!.n), now);
    return { status: 'TRACKED' as const, entered: entered.length, exited: exited.length, memberCount: segment.memberCount };
  });
}
