import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { preparedStatement, sqlPreparedRows } from '../../db/sql.js';
import { groupedCalls } from '../concurrency.js';
import { validationError } from '../errors.js';
import { CONTACT_INPUT_CTE, contactInputParams, FULL_AUTHORITY, PREVIOUS_SUBSCRIPTION_CTE, UPSERT_CONTACT_BODY, UPSERT_CONTACT_ROWS_BODY, upsertContactFields, type UpsertAuthority, type UpsertContactFields } from '../contact-upsert.js';
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
  /** null clears the contact's zone (by the data mode's rule, core/contact-upsert.ts). */
  timezone?: string | null;
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
  plain: preparedStatement('mailhub_track_v7', TRACK_SQL),
  subscription: preparedStatement('mailhub_track_subscription_v7', TRACK_WITH_SUBSCRIPTION_SQL),
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

/*
 * Many tracks in ONE statement: what a burst of sign-ups is. One statement and one
 * commit per call was most of the database's cost of a track (bench/RESULTS.md, stop 40: ~0.7 ms
 * of PostgreSQL CPU per call one at a time, ~0.1 ms many to a statement). The same writes as
 * TRACK_SQL and TRACK_WITH_SUBSCRIPTION_SQL for each row: the contact's upsert with the consent rule
 * (UPSERT_CONTACT_ROWS_BODY: each row's inputs read through its own input row, a statement holds
 * each address once), for a row that gives `subscribed` (a status event id) the subscription event
 * when the contact is new or its state changed (`prev`: the state before this statement), the
 * event, and the counters. Contacts are written in address order and counters in name order, so
 * two such statements never wait for each other in a cycle.
 */
const TRACK_ROWS_SQL = `
with input as (
  select i.*, i.public_key and exists (select 1 from suppressions s where s.project_id = i.project_id and s.email = i.email) as suppressed
  from jsonb_to_recordset(?::jsonb) as i(id uuid, project_id uuid, email text, requested boolean, requested_new boolean, default_subscribed boolean,
    public_key boolean, keep_opt_out boolean, set_data jsonb, remove_keys jsonb, data_mode text, timezone text, timezone_mode text, status_event_id uuid, event_id uuid, event_name text, event_data jsonb)
), prev as (
  select c.project_id, c.email, c.subscribed from contacts c join input i on c.project_id = i.project_id and c.email = i.email
  where i.status_event_id is not null
), contact as (${UPSERT_CONTACT_ROWS_BODY}
), status_event as (
  insert into events (id, project_id, name, contact_id, data, created_at, public_key)
  select i.status_event_id, i.project_id, case when contact.subscribed then 'contact.subscribed' else 'contact.unsubscribed' end, contact.id, '{}'::jsonb, now(), i.public_key
  from input i join contact on contact.project_id = i.project_id and contact.email = i.email
  left join prev on prev.project_id = i.project_id and prev.email = i.email
  where i.status_event_id is not null and (contact.inserted or contact.subscribed is distinct from prev.subscribed)
  returning id, project_id, name, contact_id, created_at
), tracked as (
  insert into events (id, project_id, name, contact_id, data, created_at, public_key)
  select i.event_id, i.project_id, i.event_name, contact.id, i.event_data, now(), i.public_key
  from input i join contact on contact.project_id = i.project_id and contact.email = i.email
  returning id, project_id, name, contact_id, created_at
), counted as (
  ${countEventNamesSql(`select project_id, name, count(*) as count, max(created_at) as last_seen_at
    from (select project_id, name, created_at from tracked union all select project_id, name, created_at from status_event) x group by project_id, name`)}
)
select t.id as event_id, t.contact_id, t.created_at, s.id as status_event_id, s.name as status_event_name
from tracked t left join status_event s on s.contact_id = t.contact_id`;

const TRACK_ROWS = preparedStatement('mailhub_track_rows_v3', TRACK_ROWS_SQL);

/** Most tracks in one statement. */
const TRACK_ROWS_MAX = 32;
/**
 * Statements of grouped tracks in flight at once per process: more than one, so a statement waiting
 * for a row lock (another writer's contact) does not hold up every other track of the process.
 */
const TRACK_STATEMENTS_AT_ONCE = 3;

/** A track's inputs: its contact upsert's (by name), its subscription event's id when it gives `subscribed`, and its event's. */
interface TrackCall {
  em: EntityManager;
  contact: UpsertContactFields;
  statusEventId: string | null;
  eventId: string;
  event: string;
  eventData: Record<string, unknown>;
}
interface TrackRow {
  contact_id: string;
  event_id: string;
  created_at: Date | string;
  status_event_id: string | null;
  status_event_name: string | null;
}

/** The parameters of TRACK_SQL, or of TRACK_WITH_SUBSCRIPTION_SQL with a status event id. */
const trackParams = (t: TrackCall) => [
  ...contactInputParams(t.contact),
  ...(t.statusEventId ? [t.statusEventId, t.contact.project_id] : []),
  t.eventId,
  t.contact.project_id,
  t.event,
  JSON.stringify(t.eventData),
  t.contact.project_id,
];

/** One call on its own: TRACK_SQL, or TRACK_WITH_SUBSCRIPTION_SQL when it gives `subscribed`. */
async function trackOne(t: TrackCall): Promise<TrackRow> {
  const [row] = await sqlPreparedRows<TrackRow>(t.em, t.statusEventId ? PREPARED.subscription : PREPARED.plain, trackParams(t));
  return row;
}

/** A call's row, or what failed it (one call's failure is not its group's). */
type TrackAnswer = { row: TrackRow } | { error: unknown };
const alone = (t: TrackCall): Promise<TrackAnswer> => trackOne(t).then((row) => ({ row }), (error: unknown) => ({ error }));

/**
 * The tracks that arrived together (groupedCalls: in one turn of the event loop, or while
 * statements ran): one alone as before, several in one statement (each address once; a second
 * call for the same address goes after it, on its own). A statement that fails (a deadlock with
 * another writer, say) is not the others' failure: each of its calls is then tried on its own.
 */
async function trackTogether(calls: TrackCall[]): Promise<TrackAnswer[]> {
  if (calls.length === 1) return [await alone(calls[0])];
  const seen = new Set<string>();
  const together: TrackCall[] = [];
  const after: TrackCall[] = [];
  for (const t of calls) {
    const key = `${t.contact.project_id}\n${t.contact.email}`;
    (seen.has(key) ? after : together).push(t);
    seen.add(key);
  }
  const answers = new Map<TrackCall, TrackAnswer>();
  try {
    const input = together.map((t) => ({ ...t.contact, status_event_id: t.statusEventId, event_id: t.eventId, event_name: t.event, event_data: t.eventData }));
    const rows = new Map((await sqlPreparedRows<TrackRow>(together[0].em, TRACK_ROWS, [JSON.stringify(input)])).map((r) => [r.event_id, r]));
    for (const t of together) answers.set(t, { row: rows.get(t.eventId)! });
  } catch {
    for (const t of together) answers.set(t, await alone(t));
  }
  for (const t of after) answers.set(t, await alone(t));
  return calls.map((t) => answers.get(t)!);
}

/** A grouper per database (the ORM's connection): calls of two databases never share a statement. */
const groupers = new WeakMap<object, (t: TrackCall) => Promise<TrackAnswer>>();
async function trackGrouped(t: TrackCall): Promise<TrackRow> {
  const connection = t.em.getConnection();
  let grouped = groupers.get(connection);
  if (!grouped) groupers.set(connection, (grouped = groupedCalls(TRACK_ROWS_MAX, trackTogether, TRACK_STATEMENTS_AT_ONCE)));
  const answer = await grouped(t);
  if ('error' in answer) throw answer.error;
  return answer.row;
}

/** Records a custom event for the contact with this email, creating or updating the contact. */
export async function trackEvent(em: EntityManager, projectId: string, input: TrackInput, authority: UpsertAuthority = FULL_AUTHORITY): Promise<TrackResult> {
  assertTrackableEventName(input.event);
  const event = normalizeEventName(input.event);
  const { contactPatch, eventData } = splitTrackData(input.data);
  const ifNew = 'subscribedIfNew' in input ? input.subscribedIfNew : input.subscribed;
  const withSubscription = input.subscribed !== undefined || ifNew !== undefined;
  // New contacts from track are subscribed unless the call says otherwise.
  const contact = upsertContactFields(projectId, { email: input.email, subscribed: input.subscribed, subscribedIfNew: ifNew, data: contactPatch, timezone: input.timezone }, true, authority);
  // Ids in the order the events are written (ids are time-ordered): the subscription event's first.
  const statusEventId = withSubscription ? newId() : null;
  const call: TrackCall = { em, contact, statusEventId, eventId: newId(), event, eventData };
  // A call inside a transaction runs on its connection, alone; every other call may share a
  // statement with the calls beside it (its time zone, if any, is written by the same upsert).
  const row = em.getTransactionContext() ? await trackOne(call) : await trackGrouped(call);
  return {
    contactId: row.contact_id,
    eventId: row.event_id,
    createdAt: new Date(row.created_at),
    subscriptionEvent: row.status_event_id ? { id: row.status_event_id, name: row.status_event_name! } : null,
  };
}
