import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { validationError } from '../errors.js';
import { normalizeEmail } from '../contact-upsert.js';
import { decodeCursor, encodeCursor, type Page } from '../paging.js';
import { sqlRows, sqlOne } from '../../db/sql.js';
import { countEventNamesSql } from './name-counts.js';
import { normalizeEventName } from './name.js';

export interface NewEvent {
  projectId: string;
  name: string;
  contactId?: string | null;
  emailId?: string | null;
  campaignId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Inserts one event and bumps the per-project name counter (so GET /events/names never scans the
 * events table) in a single statement. Runs inside the caller's transaction when there is one.
 */
export const RECORD_EVENT_SQL = `
with e as (
  insert into events (id, project_id, name, contact_id, email_id, campaign_id, data, created_at)
  values (?, ?, ?, ?, ?, ?, ?::jsonb, now())
  returning id, project_id, name, created_at
), n as (
  ${countEventNamesSql('select project_id, name, 1 as count, created_at as last_seen_at from e')}
)
select id, created_at from e`;

export async function recordEvent(em: EntityManager, ev: NewEvent): Promise<{ id: string; createdAt: Date }> {
  const row = await sqlOne<Record<string, any>>(em, RECORD_EVENT_SQL, [newId(), ev.projectId, ev.name, ev.contactId ?? null, ev.emailId ?? null, ev.campaignId ?? null, JSON.stringify(ev.data ?? {})]);
  return { id: row.id, createdAt: new Date(row.created_at) };
}

/* ---------- reading: GET /events and GET /events/names ---------- */

/**
 * Ids are UUIDv7: the first 48 bits are the creation time in ms, and PostgreSQL compares uuids
 * bytewise. So a time range is an id range, served by the same (…, id desc) indexes as paging.
 */
function uuidV7Bound(ms: number, fill: '0' | 'f'): string {
  const h = Math.min(Math.max(Math.floor(ms), 0), 2 ** 48 - 1).toString(16).padStart(12, '0');
  const f4 = fill.repeat(4);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${f4}-${f4}-${fill.repeat(12)}`;
}
/** Smallest UUIDv7 of that millisecond (inclusive lower bound). */
export const minUuidV7At = (ms: number) => uuidV7Bound(ms, '0');
/** Largest UUIDv7 of that millisecond (inclusive upper bound). */
export const maxUuidV7At = (ms: number) => uuidV7Bound(ms, 'f');

export interface EventFilters {
  name?: string;
  contactId?: string;
  /** Contact email: resolved to the contact id first. */
  email?: string;
  campaignId?: string;
  emailId?: string;
  /** ISO datetimes, inclusive, millisecond precision. */
  from?: string;
  to?: string;
}

export interface EventDto {
  id: string;
  name: string;
  contactId: string | null;
  email: string | null;
  emailId: string | null;
  campaignId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

/** Beyond this many matches (for filters the counters cannot answer) `total` stops counting. */
export const TOTAL_COUNT_CAP = 10_000;

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/**
 * The two statements behind one GET /events page. Every filter is an equality on the leading
 * columns of an index whose last column is `id` (project, name, contact, email, campaign), and
 * time and cursor are id bounds, so a page is a short index range scan, never a scan of events.
 * The total comes from the event_names counters when only `name` (or nothing) is filtered (exact,
 * O(1)); otherwise it is counted along the same index, newest first, up to TOTAL_COUNT_CAP: an
 * exact count of a wide time range would read most of the table on every page.
 */
export function buildEventQueries(projectId: string, filters: Omit<EventFilters, 'email'>, page: { limit: number; afterId?: string }) {
  // A name is compared as names are stored (tracked names are normalised: core/events/name.ts).
  const f = filters.name === undefined ? filters : { ...filters, name: normalizeEventName(filters.name) };
  const where = ['e.project_id = ?'];
  const params: unknown[] = [projectId];
  const add = (cond: string, value: unknown) => {
    where.push(cond);
    params.push(value);
  };
  if (f.name !== undefined) add('e.name = ?', f.name);
  if (f.contactId !== undefined) add('e.contact_id = ?', f.contactId);
  if (f.emailId !== undefined) add('e.email_id = ?', f.emailId);
  if (f.campaignId !== undefined) add('e.campaign_id = ?', f.campaignId);
  if (f.from !== undefined) add('e.id >= ?', minUuidV7At(Date.parse(f.from)));
  if (f.to !== undefined) add('e.id <= ?', maxUuidV7At(Date.parse(f.to)));

  const fromCounters = f.contactId === undefined && f.emailId === undefined && f.campaignId === undefined && f.from === undefined && f.to === undefined;
  const count: SqlQuery & { capped: boolean } = fromCounters
    ? {
        sql: `select coalesce(sum(count), 0)::bigint as total from event_names where project_id = ?${f.name !== undefined ? ' and name = ?' : ''}`,
        params: f.name !== undefined ? [projectId, f.name] : [projectId],
        capped: false,
      }
    : {
        sql: `select count(*) as total from (select 1 from events e where ${where.join(' and ')} order by e.id desc limit ?) capped`,
        params: [...params, TOTAL_COUNT_CAP + 1],
        capped: true,
      };

  const listWhere = [...where];
  const listParams = [...params];
  if (page.afterId !== undefined) {
    listWhere.push('e.id < ?');
    listParams.push(page.afterId);
  }
  listParams.push(page.limit + 1);
  const list: SqlQuery = {
    sql: `select e.id, e.name, e.contact_id, e.email_id, e.campaign_id, e.data, e.created_at, c.email
from events e left join contacts c on c.id = e.contact_id
where ${listWhere.join(' and ')}
order by e.id desc limit ?`,
    params: listParams,
  };
  return { list, count };
}

export function assertTimeRange(f: Pick<EventFilters, 'from' | 'to'>) {
  if (f.from !== undefined && f.to !== undefined && Date.parse(f.from) > Date.parse(f.to)) {
    throw validationError([{ field: 'from', message: '`from` must not be later than `to`', code: 'invalid_range' }]);
  }
}

const toEventDto = (r: Record<string, any>): EventDto => ({
  id: r.id,
  name: r.name,
  contactId: r.contact_id ?? null,
  email: r.email ?? null,
  emailId: r.email_id ?? null,
  campaignId: r.campaign_id ?? null,
  data: r.data ?? {},
  createdAt: new Date(r.created_at).toISOString(),
});

/** Newest-first keyset page of a project's events. */
export async function listEvents(
  em: EntityManager,
  projectId: string,
  q: EventFilters & { limit: number; cursor?: string },
): Promise<Page<EventDto> & { totalCapped: boolean }> {
  assertTimeRange(q);
  const afterId = q.cursor ? decodeCursor(q.cursor) : undefined;
  const { email, ...filters } = q;
  if (email !== undefined) {
    const contact = await sqlRows<{ id: string }>(em, 'select id from contacts where project_id = ? and email = ?', [projectId, normalizeEmail(email)]);
    if (contact.length === 0 || (filters.contactId !== undefined && filters.contactId !== contact[0].id)) {
      return { items: [], nextCursor: null, total: 0, totalCapped: false };
    }
    filters.contactId = contact[0].id;
  }
  const { list, count } = buildEventQueries(projectId, filters, { limit: q.limit, afterId });
  const [rows, totalRow] = await Promise.all([
    sqlRows<Record<string, any>>(em, list.sql, list.params),
    sqlOne<{ total: string | number }>(em, count.sql, count.params),
  ]);
  const hasMore = rows.length > q.limit;
  const items = (hasMore ? rows.slice(0, q.limit) : rows).map(toEventDto);
  const counted = Number(totalRow.total);
  return {
    items,
    nextCursor: hasMore ? encodeCursor(items[items.length - 1].id) : null,
    total: count.capped ? Math.min(counted, TOTAL_COUNT_CAP) : counted,
    totalCapped: count.capped && counted > TOTAL_COUNT_CAP,
  };
}

export interface EventNameDto {
  name: string;
  count: number;
  lastSeenAt: string;
}

/** Distinct event names with counts, from the counter table (never a scan of events). */
export async function listEventNames(em: EntityManager, projectId: string): Promise<EventNameDto[]> {
  const rows = await sqlRows<Record<string, any>>(em, 'select name, sum(count) as count, max(last_seen_at) as last_seen_at from event_names where project_id = ? group by name order by name', [projectId]);
  return rows.map((r) => ({ name: r.name, count: Number(r.count), lastSeenAt: new Date(r.last_seen_at).toISOString() }));
}
