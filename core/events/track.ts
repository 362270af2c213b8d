import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { preparedStatement, sqlPreparedRows } from '../../db/sql.js';
import { validationError } from '../errors.js';
import { setContactTimezone } from '../schedule/contact-timezone.js';
import { CONTACT_INPUT_CTE, FULL_AUTHORITY, PREVIOUS_SUBSCRIPTION_CTE, UPSERT_CONTACT_BODY, upsertContactParams, type UpsertAuthority } from '../contact-upsert.js';
import { eventNameProblem, isSystemEventName, normalizeEventName, SYSTEM_EVENT_PREFIXES } from './name.js';
import { countEventNamesSql } from './name-counts.js';

export { isSystemEventName, SYSTEM_EVENT_PREFIXES };

export interface TrackInput {
  email: string;
  event: string;
  subscribed?: boolean;
  /** For a new contact when a public key's policy dropped `subscribed` for existing ones. */
  subscribedIfNew?: boolean;
  data?: Record<string, unknown>;
  /** The contact's IANA zone (validated at the edge). */
  timezone?: string;
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
 * contact may both see the old state and both record the event: harmless). Both events remember
 * whether a public key recorded them (`public_key`: workflows may refuse such starts). Counter rows are
 * touched in name order so two statements never lock them in opposite orders.
 */
const SUBSCRIPTION_EVENT = `
status_event as (
  insert into events (id, project_id, name, contact_id, data, created_at, public_key)
  select ?::uuid, ?::uuid, case when contact.subscribed then 'contact.subscribed' else 'contact.unsubscribed' end, contact.id, '{}'::jsonb, now(), (select public_key from input)
  from contact
  where contact.inserted or contact.subscribed is distinct from (select subscribed from prev)
  returning id, name, created_at
),`;

function trackSql(withSubscription: boolean): string {
  const recorded = withSubscription
    ? `select name, created_at from tracked union all select name, created_at from status_event`
    : `select name, created_at from tracked`;
  return `
with ${CONTACT_INPUT_CTE},
${withSubscription ? PREVIOUS_SUBSCRIPTION_CTE : ''}
contact as (${UPSERT_CONTACT_BODY}
),${withSubscription ? SUBSCRIPTION_EVENT : ''}
tracked as (
  insert into events (id, project_id, name, contact_id, data, created_at, public_key)
  select ?::uuid, ?::uuid, ?::text, contact.id, ?::jsonb, now(), (select public_key from input) from contact
  returning id, name, created_at
), counted as (
  ${countEventNamesSql(`select ?::uuid as project_id, name, count(*) as count, max(created_at) as last_seen_at from (${recorded}) x group by name`)}
)
select contact.id as contact_id, tracked.id as event_id, tracked.created_at,
  ${withSubscription ? 'status_event.id as status_event_id, status_event.name as status_event_name' : 'null as status_event_id, null as status_event_name'}
from contact cross join tracked${withSubscription ? ' left join status_event on true' : ''}`;
}

export const TRACK_SQL = trackSql(false);
export const TRACK_WITH_SUBSCRIPTION_SQL = trackSql(true);

// None of these statements uses the jsonb `?` operator (placeholders become $1, $2 ...).
// Named prepared statements: PostgreSQL parses and plans each CTE once per connection instead of
// on every call (a large share of the database's work per track call).
const PREPARED = {
  plain: preparedStatement('mailhub_track_v5', TRACK_SQL),
  subscription: preparedStatement('mailhub_track_subscription_v5', TRACK_WITH_SUBSCRIPTION_SQL),
};


/** A name a client may track: valid once normalised (core/events/name.ts) and not reserved. */
export function assertTrackableEventName(name: string) {
  const problem = eventNameProblem(normalizeEventName(name));
  if (problem) throw validationError([{ field: 'event', message: problem, code: 'invalid_value' }]);
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
export async function trackEvent(em: EntityManager, projectId: string, input: TrackInput, authority: UpsertAuthority = FULL_AUTHORITY): Promise<TrackResult> {
  assertTrackableEventName(input.event);
  const event = normalizeEventName(input.event);
  const { contactPatch, eventData } = splitTrackData(input.data);
  const ifNew = 'subscribedIfNew' in input ? input.subscribedIfNew : input.subscribed;
  const withSubscription = input.subscribed !== undefined || ifNew !== undefined;
  // New contacts from track are subscribed unless the call says otherwise.
  const upsert = upsertContactParams(projectId, { email: input.email, subscribed: input.subscribed, subscribedIfNew: ifNew, data: contactPatch }, true, authority);
  const params = withSubscription ? [...upsert, newId(), projectId] : [...upsert];
  params.push(newId(), projectId, event, JSON.stringify(eventData), projectId);
  const [row] = await sqlPreparedRows<Record<string, any>>(em, withSubscription ? PREPARED.subscription : PREPARED.plain, params);
  if (input.timezone !== undefined) await setContactTimezone(em, projectId, row.contact_id, input.timezone, authority.dataMode === 'all' ? 'all' : 'add');
  return {
    contactId: row.contact_id,
    eventId: row.event_id,
    createdAt: new Date(row.created_at),
    subscriptionEvent: row.status_event_id ? { id: row.status_event_id, name: row.status_event_name } : null,
  };
}
