import { newId } from '../db/ids.js';

/*
 * Contact insert-or-update in one statement, with the consent rule for public keys
 * (core/consent/public-key-policy.ts). Used by POST /contacts, /v1/send, /v1/track.
 */

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Splits a data patch into keys to set and keys to remove (`null` removes). */
export function splitDataPatch(patch: Record<string, unknown> | undefined): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) remove.push(k);
    else if (v !== undefined) set[k] = v;
  }
  return { set, remove };
}

export interface UpsertInput {
  email: string;
  subscribed?: boolean;
  /** For a new contact, when it differs from `subscribed` (a public key's refused change still decides a new contact's state). */
  subscribedIfNew?: boolean;
  data?: Record<string, unknown>;
  /**
   * IANA zone (validated at the edge); null clears it. Written by the upsert itself, by the data
   * mode's rule (timezoneMode): an event and the zone it came with are committed together.
   */
  timezone?: string | null;
}

/**
 * Who is writing, and so what the upsert may change on an existing contact. The secret key (and
 * the service itself) has full control; a public key is limited by the project's policy
 * (core/consent/public-key-policy.ts): its `subscribed: true` never undoes an opt-out other than
 * one it made itself, and never subscribes a suppressed address.
 */
export interface UpsertAuthority {
  publicKey: boolean;
  /** How `data` changes an existing contact: `all` merges and removes, `add` only adds missing keys, `none` ignores it. */
  dataMode: 'all' | 'add' | 'none';
  /**
   * A `subscribed: true` never undoes an opt-out, whoever made it (a send's: its `subscribed` records
   * the consent of a recipient who never subscribed, core/consent/marketing.ts); it still subscribes
   * a contact that never opted out.
   */
  keepOptOut?: boolean;
}
export const FULL_AUTHORITY: UpsertAuthority = { publicKey: false, dataMode: 'all' };

/** The upsert's inputs, bound once; the statements below read them from here. */
export const CONTACT_INPUT_CTE = `
input as (
  select i.*, i.public_key and exists (select 1 from suppressions s where s.project_id = i.project_id and s.email = i.email) as suppressed
  from (select ?::uuid as id, ?::uuid as project_id, ?::text as email, ?::boolean as requested, ?::boolean as requested_new, ?::boolean as default_subscribed,
               ?::boolean as public_key, ?::boolean as keep_opt_out, ?::jsonb as set_data, ?::jsonb as remove_keys, ?::text as data_mode, ?::text as timezone, ?::text as timezone_mode) i
)`;

/** How the upsert reads its inputs: an input column by name, and the order its rows are inserted in. */
interface UpsertInputRows {
  column: (col: string) => string;
  order: string;
}
/** The one-row input (CONTACT_INPUT_CTE). */
const ONE_ROW: UpsertInputRows = { column: (col) => `(select ${col} from input)`, order: '' };
/**
 * An `input` of many rows (one per address: core/events/track.ts groups the tracks that arrive
 * together): a column of the conflicting row's own input row; rows inserted in address order, so
 * two such statements never lock in a cycle.
 */
const MANY_ROWS: UpsertInputRows = {
  column: (col) => `(select i.${col} from input i where i.project_id = excluded.project_id and i.email = excluded.email)`,
  order: ' order by project_id, email',
};

/**
 * Insert or update by (project, email) in one statement, safe under concurrent upserts of the
 * same address. `subscribed` changes an existing contact only when given (and allowed); `data` per
 * the data mode. `unsubscribed_at` is the opt-out: set by an explicit false, cleared by a true;
 * `opt_out_source` says when a public key made it (the only opt-out a public key may undo).
 * A new contact starts opted out when created with false, or from a public key on a suppressed address.
 */
function upsertContactBody(input: UpsertInputRows): string {
  const I = input.column;
  // The requested `subscribed` after the consent rule, on the live row `c` (so a concurrent
  // opt-out cannot be overwritten): null when nothing changes. A public key's true is dropped for
  // an address on the suppression list or a contact that opted out other than through a public key;
  // a send's (keep_opt_out) for any contact that opted out.
  const EFFECTIVE = `(case when ${I('requested')} and ((${I('public_key')} and (${I('suppressed')} or (c.unsubscribed_at is not null and c.opt_out_source is distinct from 'public_key')))
    or (${I('keep_opt_out')} and c.unsubscribed_at is not null)) then null else ${I('requested')} end)`;
  return `
insert into contacts as c (id, project_id, email, subscribed, unsubscribed_at, opt_out_source, data, timezone, created_at, updated_at)
select id, project_id, email, coalesce(requested_new, default_subscribed) and not suppressed,
  case when suppressed or not requested_new then now() end, case when public_key and not suppressed and not requested_new then 'public_key' end, set_data, timezone, now(), now()
from input${input.order}
on conflict (project_id, email) do update set
  subscribed = coalesce(${EFFECTIVE}, c.subscribed),
  unsubscribed_at = case when ${EFFECTIVE} is null then c.unsubscribed_at when ${EFFECTIVE} then null else coalesce(c.unsubscribed_at, now()) end,
  opt_out_source = case when ${EFFECTIVE} is null then c.opt_out_source when ${EFFECTIVE} then null
    when ${I('public_key')} and not (c.unsubscribed_at is not null and c.opt_out_source is null) then 'public_key' else null end,
  data = case ${I('data_mode')}
    when 'none' then c.data
    when 'add' then ${I('set_data')} || c.data
    else (c.data || ${I('set_data')}) - array(select jsonb_array_elements_text(${I('remove_keys')})) end,
  timezone = case ${I('timezone_mode')}
    when 'all' then ${I('timezone')}
    when 'add' then coalesce(c.timezone, ${I('timezone')})
    else c.timezone end,
  updated_at = now()
returning c.id, c.project_id, c.email, c.subscribed, c.data, c.timezone, c.created_at, c.updated_at, (xmax = 0) as inserted`;
}

/** The upsert of the one contact of CONTACT_INPUT_CTE. */
export const UPSERT_CONTACT_BODY = upsertContactBody(ONE_ROW);
/** The upsert of an `input` of many rows with CONTACT_INPUT_CTE's columns, each address once. */
export const UPSERT_CONTACT_ROWS_BODY = upsertContactBody(MANY_ROWS);

export const UPSERT_CONTACT_SQL = `with ${CONTACT_INPUT_CTE}\n${UPSERT_CONTACT_BODY}`;

/**
 * `prev`: the contact's `subscribed` before the upsert of the same statement (all CTEs read one
 * snapshot), to tell whether the upsert changed it. Goes between CONTACT_INPUT_CTE and the upsert.
 */
export const PREVIOUS_SUBSCRIPTION_CTE = `prev as (select subscribed from contacts where project_id = (select project_id from input) and email = (select email from input)),`;

/** The upsert's inputs by name: CONTACT_INPUT_CTE's columns (and the input rows of core/events/track.ts's TRACK_ROWS_SQL). */
export function upsertContactFields(projectId: string, input: UpsertInput, defaultSubscribed: boolean, authority: UpsertAuthority = FULL_AUTHORITY) {
  const { set, remove } = splitDataPatch(input.data);
  return {
    id: newId(),
    project_id: projectId,
    email: normalizeEmail(input.email),
    requested: input.subscribed ?? null,
    requested_new: ('subscribedIfNew' in input ? input.subscribedIfNew : input.subscribed) ?? null,
    default_subscribed: defaultSubscribed,
    public_key: authority.publicKey,
    keep_opt_out: authority.keepOptOut ?? false,
    set_data: set,
    remove_keys: remove,
    data_mode: authority.dataMode,
    timezone: input.timezone ?? null,
    timezone_mode: timezoneMode(input, authority),
  };
}

/**
 * How a given `timezone` changes an existing contact: with full control of data (`all`) it is set
 * (null clears it); a caller limited to adding data (a public key, a send) only fills a missing
 * zone. Null when no zone was given: the contact's stays.
 */
function timezoneMode(input: UpsertInput, authority: UpsertAuthority): 'all' | 'add' | null {
  if (input.timezone === undefined) return null;
  return authority.dataMode === 'all' ? 'all' : 'add';
}
export type UpsertContactFields = ReturnType<typeof upsertContactFields>;

/** The parameters of CONTACT_INPUT_CTE, in order. */
export const contactInputParams = (f: UpsertContactFields): unknown[] => [
  f.id,
  f.project_id,
  f.email,
  f.requested,
  f.requested_new,
  f.default_subscribed,
  f.public_key,
  f.keep_opt_out,
  JSON.stringify(f.set_data),
  JSON.stringify(f.remove_keys),
  f.data_mode,
  f.timezone,
  f.timezone_mode,
];

export function upsertContactParams(projectId: string, input: UpsertInput, defaultSubscribed: boolean, authority: UpsertAuthority = FULL_AUTHORITY): unknown[] {
  return contactInputParams(upsertContactFields(projectId, input, defaultSubscribed, authority));
}
