import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { validationError } from '../errors.js';
import { normalizeEmail, UPSERT_CONTACT_SQL, upsertContactParams } from '../contacts.js';

/** Event names the service emits itself; a client may not forge them through /v1/track. */
export const SYSTEM_EVENT_PREFIXES = ['email.', 'contact.', 'segment.'] as const;

export const isSystemEventName = (name: string) => {
  // Leading spaces would otherwise slip a forged " email.opened" past the check.
  const lower = name.trimStart().toLowerCase();
  return SYSTEM_EVENT_PREFIXES.some((p) => lower.startsWith(p));
};

export interface TrackInput {
  email: string;
  event: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
}

export interface TrackResult {
  contactId: string;
  eventId: string;
  createdAt: Date;
  /** `contact.subscribed` / `contact.unsubscribed` when `subscribed` changed the contact's state. */
  subscriptionEvent: { id: string; name: string } | null;
}

/**
 * The Plunk client's wrapper `{value, persistent}`: exactly those two keys with a boolean
 * `persistent`. Anything else (even `{value: 1}`) is a plain nested value.
 */
function unwrap(v: unknown): { value: unknown; persistent: boolean } {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    const w = v as { value?: unknown; persistent?: unknown };
    if (keys.length === 2 && 'value' in w && typeof w.persistent === 'boolean') return { value: w.value, persistent: w.persistent };
  }
  return { value: v, persistent: true };
}

/**
 * Splits track `data` into the contact patch (persistent values; `null` removes the key) and the
 * event's data (every value, unwrapped). `{value, persistent:false}` goes to the event only.
 */
export function splitTrackData(data: Record<string, unknown> | undefined): {
  contactPatch: Record<string, unknown>;
  eventData: Record<string, unknown>;
} {
  const contactPatch: Record<string, unknown> = {};
  const eventData: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(data ?? {})) {
    const { value, persistent } = unwrap(raw);
    eventData[key] = value;
    if (persistent) contactPatch[key] = value;
  }
  return { contactPatch, eventData };
}

/*
 * One statement per track call: contact upsert, event insert and the event_names counter (and,
 * when `subscribed` is given, the subscription event) as data-modifying CTEs. `prev` reads the
 * contact as it was before this statement (all CTEs share one snapshot), so a change of
 * `subscribed` is detected without a second round trip (two concurrent calls flipping the same
 * contact may both see the old state and both record the event: harmless). Counter rows are
 * touched in name order so two statements never lock them in opposite orders.
 */
const SUBSCRIPTION_PREV = `prev as (select subscribed from contacts where project_id = ? and email = ?),`;
const SUBSCRIPTION_EVENT = `
status_event as (
  insert into events (id, project_id, name, contact_id, data, created_at)
  select ?::uuid, ?::uuid, case when contact.subscribed then 'contact.subscribed' else 'contact.unsubscribed' end, contact.id, '{}'::jsonb, now()
  from contact
  where contact.inserted or contact.subscribed is distinct from (select subscribed from prev)
  returning id, name, created_at
),`;

function trackSql(withSubscription: boolean): string {
  const recorded = withSubscription
    ? `select name, created_at from tracked union all select name, created_at from status_event`
    : `select name, created_at from tracked`;
  return `
with ${withSubscription ? SUBSCRIPTION_PREV : ''}
contact as (${UPSERT_CONTACT_SQL}
),${withSubscription ? SUBSCRIPTION_EVENT : ''}
tracked as (
  insert into events (id, project_id, name, contact_id, data, created_at)
  select ?::uuid, ?::uuid, ?::text, contact.id, ?::jsonb, now() from contact
  returning id, name, created_at
), counted as (
  insert into event_names as n (project_id, name, count, last_seen_at)
  select ?::uuid, name, count(*), max(created_at) from (${recorded}) r group by name order by name
  on conflict (project_id, name) do update set count = n.count + excluded.count, last_seen_at = greatest(n.last_seen_at, excluded.last_seen_at)
)
select contact.id as contact_id, tracked.id as event_id, tracked.created_at,
  ${withSubscription ? 'status_event.id as status_event_id, status_event.name as status_event_name' : 'null as status_event_id, null as status_event_name'}
from contact cross join tracked${withSubscription ? ' left join status_event on true' : ''}`;
}

export const TRACK_SQL = trackSql(false);
export const TRACK_WITH_SUBSCRIPTION_SQL = trackSql(true);

/** `?` -> `$1, $2 …` (none of these statements uses the jsonb `?` operator). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const PREPARED = {
  plain: { name: 'mailhub_track_v2', text: numbered(TRACK_SQL) },
  subscription: { name: 'mailhub_track_subscription_v2', text: numbered(TRACK_WITH_SUBSCRIPTION_SQL) },
};

interface PgConnection {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, any>[] }>;
}
interface KnexPoolClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(conn: PgConnection): Promise<unknown>;
}

/**
 * Runs a statement as a named prepared statement on a pooled connection: PostgreSQL parses and
 * plans it once per connection instead of on every call (the inline-literal path through
 * `execute` re-plans this CTE each time, a large share of the database's work per track call).
 * Inside a transaction it falls back to `execute` on the transaction's connection.
 */
async function executePrepared(em: EntityManager, stmt: { name: string; text: string }, sql: string, params: unknown[]) {
  const conn = em.getConnection();
  const trx = em.getTransactionContext();
  if (trx) return conn.execute<Record<string, any>>(sql, params, 'get', trx);
  const pool = conn.getKnex().client as KnexPoolClient;
  const pg = await pool.acquireConnection();
  try {
    return (await pg.query({ name: stmt.name, text: stmt.text, values: params })).rows[0];
  } finally {
    await pool.releaseConnection(pg);
  }
}

export function assertTrackableEventName(name: string) {
  if (isSystemEventName(name)) {
    throw validationError([
      {
        field: 'event',
        message: `Event names starting with ${SYSTEM_EVENT_PREFIXES.join(', ')} are reserved for events the service records itself`,
        code: 'reserved_name',
      },
    ]);
  }
}

/** Records a custom event for the contact with this email, creating or updating the contact. */
export async function trackEvent(em: EntityManager, projectId: string, input: TrackInput): Promise<TrackResult> {
  assertTrackableEventName(input.event);
  const { contactPatch, eventData } = splitTrackData(input.data);
  const withSubscription = input.subscribed !== undefined;
  // New contacts from track are subscribed unless the call says otherwise.
  const upsert = upsertContactParams(projectId, { email: input.email, subscribed: input.subscribed, data: contactPatch }, true);
  const params = withSubscription
    ? [projectId, normalizeEmail(input.email), ...upsert, newId(), projectId]
    : [...upsert];
  params.push(newId(), projectId, input.event, JSON.stringify(eventData), projectId);
  const row = withSubscription
    ? await executePrepared(em, PREPARED.subscription, TRACK_WITH_SUBSCRIPTION_SQL, params)
    : await executePrepared(em, PREPARED.plain, TRACK_SQL, params);
  return {
    contactId: row.contact_id,
    eventId: row.event_id,
    createdAt: new Date(row.created_at),
    subscriptionEvent: row.status_event_id ? { id: row.status_event_id, name: row.status_event_name } : null,
  };
}
