import type { EntityManager } from '@mikro-orm/postgresql';
import { Segment } from '../../db/entities/index.js';
import { rowToContact, normalizeEmail, type ContactRow } from '../contacts.js';
import { DomainError } from '../errors.js';
import { decodeCursor, encodeCursor, type Page } from '../paging.js';
import { recordSegmentEvents } from './events.js';
import { segmentExpression } from './membership.js';
import { getSegment } from './segments.js';
import { fragment, list, sql } from './sql.js';
import { sqlRows, sqlRun } from '../../db/sql.js';

/** Most addresses one add/remove call takes. */
export const MAX_MEMBER_EMAILS = 1000;

/**
 * A page of the segment's members, newest contact first, keyset on id like GET /contacts: live
 * for DYNAMIC (its condition), segment_members for STATIC. `total` is the cached memberCount.
 */
export async function listSegmentContacts(
  em: EntityManager,
  projectId: string,
  id: string,
  q: { limit: number; cursor?: string },
): Promise<Page<ContactRow> & { segment: Segment }> {
  const segment = await getSegment(em, projectId, id);
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const expr = await segmentExpression(em, segment);
  const page = sql`select c.id, c.email, c.subscribed, c.data, c.timezone, c.created_at, c.updated_at from contacts c
where c.project_id = ${projectId} and (${fragment(expr)})${after ? sql` and c.id < ${after}` : sql``}
order by c.id desc limit ${q.limit + 1}`;
  const rows = await sqlRows(em, page.sql, page.params);
  const hasMore = rows.length > q.limit;
  const items = (hasMore ? rows.slice(0, q.limit) : rows).map(rowToContact);
  return { segment, items, nextCursor: hasMore ? encodeCursor(items[items.length - 1].id) : null, total: segment.memberCount };
}

function assertStatic(segment: Segment) {
  if (segment.type !== 'STATIC') {
    throw new DomainError('CONFLICT', 'Only STATIC segments take members; this segment is DYNAMIC, its members follow its condition', {
      suggestion: 'Change the condition with PATCH /segments/{id}, or create a STATIC segment for a hand-picked list.',
    });
  }
}

export interface MemberChange {
  /** Contacts that joined (or left), not counting those already in (or out). */
  changed: number;
  /** Given addresses with no contact in the project (no contact is created). */
  notFound: string[];
}

/**
 * Adds (or removes) contacts, by email, to a STATIC segment: case-insensitive, idempotent, one
 * transaction that also moves memberCount and records `segment.<id>.entry` (or `.exit`) once
 * for each contact that actually joined (or left).
 */
export async function changeMembers(em: EntityManager, projectId: string, id: string, emails: string[], action: 'add' | 'remove'): Promise<MemberChange> {
  const segment = await getSegment(em, projectId, id);
  assertStatic(segment);
  const wanted = [...new Set(emails.map(normalizeEmail))];
  return em.transactional(async (tx) => {
    // Row lock: concurrent calls on one segment count and record events one after the other.
    await sqlRows(tx, 'select id from segments where id = ? for update', [segment.id]);
    const found = sql`select id, email from contacts where project_id = ${projectId} and email in (${list(wanted)})`;
    const change =
      action === 'add'
        ? sql`insert into segment_members (segment_id, contact_id, project_id) select ${segment.id}, id, ${projectId} from found on conflict do nothing returning contact_id`
        : sql`delete from segment_members m using found where m.segment_id = ${segment.id} and m.contact_id = found.id returning m.contact_id`;
    const q = sql`with found as (${found}), changed as (${change})
select found.id, found.email, (changed.contact_id is not null) as changed from found left join changed on changed.contact_id = found.id`;
    const rows = await sqlRows<{ id: string; email: string; changed: boolean }>(tx, q.sql, q.params);
    const changedIds = rows.filter((r) => r.changed).map((r) => r.id);
    const delta = action === 'add' ? changedIds.length : -changedIds.length;
    await sqlRun(tx, 'update segments set member_count = greatest(member_count + ?, 0), member_count_at = now() where id = ?', [delta, segment.id]);
    await recordSegmentEvents(tx, segment, action === 'add' ? 'entry' : 'exit', changedIds);
    const seen = new Set(rows.map((r) => r.email));
    return { changed: changedIds.length, notFound: wanted.filter((e) => !seen.has(e)) };
  });
}

/**
 * A contact being deleted leaves every segment that lists it, in the deleting transaction: its
 * segment_members rows go here rather than by cascade, each STATIC segment counts one member less,
 * and each STATIC or tracked DYNAMIC segment records `segment.<id>.exit` for it (detached from the
 * contact once it is gone, as its other events are). Segment rows are locked in id order first, as
 * add/remove calls and refresh passes lock them, then the contact row, so an add committed in
 * between is still seen here.
 */
export async function leaveSegmentsOnContactDelete(tx: EntityManager, projectId: string, contactId: string): Promise<void> {
  await sqlRows(
    tx,
    `select s.id from segments s where s.project_id = ? and exists (select 1 from segment_members m where m.segment_id = s.id and m.contact_id = ?)
     order by s.id for update of s`,
    [projectId, contactId],
  );
  await sqlRows(tx, 'select id from contacts where id = ? for update', [contactId]);
  const left = await sqlRows<{ segment_id: string }>(tx, 'delete from segment_members where contact_id = ? and project_id = ? returning segment_id', [contactId, projectId]);
  if (left.length === 0) return;
  const segments = await tx.find(Segment, { projectId, id: { $in: left.map((r) => r.segment_id) } }, { orderBy: { id: 'asc' } });
  const staticIds = segments.filter((s) => s.type === 'STATIC').map((s) => s.id);
  if (staticIds.length > 0) {
    await sqlRun(tx, `update segments set member_count = greatest(member_count - 1, 0), member_count_at = now() where id in (${staticIds.map(() => '?').join(', ')})`, staticIds);
  }
  for (const segment of segments) {
    if (segment.type === 'STATIC' || segment.trackMembership) await recordSegmentEvents(tx, segment, 'exit', [contactId]);
  }
}
