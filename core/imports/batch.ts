import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { listParam, sqlFirst, sqlOne, sqlRows, sqlRun } from '../../db/sql.js';
import { segmentEventName } from '../segments/events.js';
import type { ImportBatchResult } from './contract.js';
import { MAX_LISTED_ERRORS, type ImportRecord, type OnExisting } from './imports.js';
import type { InvalidRow } from './rows.js';
import { parseRawStaged } from './staging.js';
import { countEventNamesSql } from '../events/name-counts.js';

/** Staged records per batch: one transaction of a few set-based statements. */
export const IMPORT_BATCH_ROWS = 20_000;

interface Counts {
  created: number;
  updated: number;
  skipped: number;
}

/**
 * The new contacts' ids: one db/ids.ts UUIDv7 per batch whose last 8 hex digits count the batch's
 * rows, so they are unique, time-ordered (in file order within the batch) and cost PostgreSQL a
 * string concatenation each instead of a random UUID.
 */
const batchIdPrefix = () => newId().replace(/-/g, '').slice(0, 24);
const NEW_ID = `(?::text || lpad(to_hex(row_number() over ()), 8, '0'))::uuid`;

/** The last `subscribed` a row of the address gave (or the import's default for rows that did not say). */
const LAST_REQUESTED = `(array_agg(requested order by line desc) filter (where requested is not null))[1]`;
/** The last time zone a row of the address gave ('' clears), as `subscribed`. */
const LAST_TIMEZONE = `(array_agg(timezone order by line desc) filter (where timezone is not null))[1]`;

/**
 * Rows of one address in one batch, folded into one write with the result of applying them in
 * file order, as if each were one POST /contacts: `merge` sets each data key to its last value
 * (or removes it, when its last mention removed it), `replace` takes the last row's data, `skip`
 * the first row only; `subscribed` and `timezone` are the last ones given (skip: the first row's). Across batches
 * the earlier batch has committed, so the later one applies on top of it.
 */
function foldedDuplicates(onExisting: OnExisting): string {
  if (onExisting === 'skip') {
    return `select distinct on (b.email) b.line, b.email, d.n, b.requested, b.data, b.remove_keys, b.timezone from b join d on d.email = b.email order by b.email, b.line`;
  }
  if (onExisting === 'replace') {
    return `select min(line), email, count(*)::int, ${LAST_REQUESTED}, (array_agg(data order by line desc))[1], '{}'::text[], ${LAST_TIMEZONE} from b where email in (select email from d) group by email`;
  }
  return `select d.line, d.email, d.rows, d.requested, coalesce(m.set_data, '{}'::jsonb), coalesce(m.remove_keys, '{}'::text[]), d.timezone
from (select min(line) as line, email, count(*)::int as rows, ${LAST_REQUESTED} as requested, ${LAST_TIMEZONE} as timezone from b where email in (select email from d) group by email) d
left join (
  select email, jsonb_object_agg(key, value) filter (where value is not null) as set_data, array_agg(key) filter (where value is null) as remove_keys
  from (
    select distinct on (email, key) email, key, value from (
      select b.email, b.line, e.key, e.value from b join d on d.email = b.email, jsonb_each(b.data) e
      union all
      select b.email, b.line, k.key, null from b join d on d.email = b.email, unnest(b.remove_keys) as k(key)
    ) kv order by email, key, line desc
  ) latest
  group by email
) m on m.email = d.email`;
}

/**
 * The batch's valid rows folded per address: (id, line, email, rows, requested, set_data,
 * remove_keys, timezone). Addresses seen once (nearly all) are found by hashing, not sorting; only the
 * repeated ones are folded. Params: the import's default subscribed, import id, from, to, id prefix.
 */
const foldedRowsSql = (onExisting: OnExisting) => `with b as (
  select line, email, coalesce(subscribed, ?::boolean) as requested, coalesce(data, '{}'::jsonb) as data, coalesce(remove_keys, '{}'::text[]) as remove_keys, timezone
  from contact_import_rows where import_id = ? and line > ? and line <= ? and email is not null
), d as (
  select email, count(*)::int as n from b group by email having count(*) > 1
)
select ${NEW_ID} as id, f.* from (
  select line, email, 1 as rows, requested, data as set_data, remove_keys, timezone from b where not exists (select 1 from d where d.email = b.email)
  union all (${foldedDuplicates(onExisting)})
) f`;

/** The folded rows into `import_batch` (dropped at commit); says how many ask for subscribed, remove keys or clear the time zone. */
const foldSql = (onExisting: OnExisting) => `with folded as (
  insert into import_batch (id, line, email, rows, requested, set_data, remove_keys, timezone)
  ${foldedRowsSql(onExisting)}
  returning requested, remove_keys, timezone
)
select count(*) filter (where requested is not null)::int as requested, count(*) filter (where remove_keys <> '{}')::int as removals,
  count(*) filter (where timezone = '')::int as clears from folded`;

/**
 * The common case in one statement, without `import_batch`: no row (nor the import) asks for
 * `subscribed`, none removes keys or clears a time zone, no segment; so no event, and only `data`
 * (and a given time zone) change on existing contacts. Params: project id, then foldedRowsSql's.
 */
const plainUpsertSql = (onExisting: OnExisting) => `with up as (
  ${INSERT_COLUMNS}
  select f.id, ?, f.email, true, null, null, f.set_data, nullif(f.timezone, ''), now(), now() from (${foldedRowsSql(onExisting)}) f
  on conflict (project_id, email) do ${onExisting === 'skip' ? 'nothing' : `update set data = ${onExisting === 'replace' ? 'excluded.data' : 'c.data || excluded.data'}, ${SET_TIMEZONE}, updated_at = now()`}
  returning c.xmax = 0 as inserted
)
select count(*) filter (where inserted)::int as created from up`;

const CREATE_BATCH_TABLE = `create temp table import_batch (
  id uuid, line int, email text, rows int, requested boolean, set_data jsonb, remove_keys text[], timezone text,
  contact_id uuid, previous boolean, subscribed boolean, inserted boolean
) on commit drop`;

const INSERT_COLUMNS = 'insert into contacts as c (id, project_id, email, subscribed, unsubscribed_at, opt_out_source, data, timezone, created_at, updated_at)';
/** A given zone replaces an existing contact's; none leaves it (a clear, '', is written after the upsert: in `excluded` it reads as none). */
const SET_TIMEZONE = 'timezone = coalesce(excluded.timezone, c.timezone)';

/**
 * The upserts, one statement each, with the secret key's consent rule of core/contact-upsert.ts
 * on existing contacts: `subscribed` changes only when given; false is an opt-out (an existing
 * `unsubscribed_at` kept), true clears it; the opt-out source is the secret key's (null). `data`
 * merges or, for replace, is replaced. New contacts as POST /contacts creates them: subscribed
 * unless the row (or the default) says false. `xmax = 0` tells a row inserted from one updated.
 * Rows that ask for `subscribed` get their contact and outcome written back (for the events).
 */
function upsertSql(onExisting: OnExisting, requested: boolean, writeBack: boolean): string {
  const back = writeBack
    ? `, written as (update import_batch f set contact_id = up.id, subscribed = up.subscribed, inserted = up.inserted from up where f.email = up.email${onExisting === 'skip' ? ' and f.requested is not null' : ''})`
    : '';
  const data = onExisting === 'replace' ? 'excluded.data' : 'c.data || excluded.data';
  let insert: string;
  if (onExisting === 'skip') {
    insert = `${INSERT_COLUMNS}
  select f.id, ?, f.email, coalesce(f.requested, true), case when f.requested = false then now() end, null, f.set_data, nullif(f.timezone, ''), now(), now() from import_batch f
  on conflict (project_id, email) do nothing
  returning c.id, c.email, c.subscribed, true as inserted`;
  } else if (!requested) {
    insert = `${INSERT_COLUMNS}
  select f.id, ?, f.email, true, null, null, f.set_data, nullif(f.timezone, ''), now(), now() from import_batch f where f.requested is null
  on conflict (project_id, email) do update set data = ${data}, ${SET_TIMEZONE}, updated_at = now()
  returning c.id, c.email, c.subscribed, c.xmax = 0 as inserted`;
  } else {
    insert = `${INSERT_COLUMNS}
  select f.id, ?, f.email, f.requested, case when f.requested then null else now() end, null, f.set_data, nullif(f.timezone, ''), now(), now() from import_batch f where f.requested is not null
  on conflict (project_id, email) do update set subscribed = excluded.subscribed,
    unsubscribed_at = case when excluded.subscribed then null else coalesce(c.unsubscribed_at, now()) end,
    opt_out_source = null, data = ${data}, ${SET_TIMEZONE}, updated_at = now()
  returning c.id, c.email, c.subscribed, c.xmax = 0 as inserted`;
  }
  return `with up as (${insert})${back}
select count(*) filter (where inserted)::int as created from up`;
}

/**
 * Writes one batch's valid rows (staged lines `from` < line <= `to`) and returns the counts:
 * folded per address in `import_batch`, then one upsert per kind of row, the segment and the
 * events set-based too. `valid` is the batch's number of valid rows.
 */
async function writeBatch(tx: EntityManager, imp: ImportRecord, from: number, to: number, valid: number, plain: boolean): Promise<Counts> {
  const opts = imp.options;
  const counts = (created: number): Counts =>
    opts.onExisting === 'skip' ? { created, updated: 0, skipped: valid - created } : { created, updated: valid - created, skipped: 0 };
  if (plain) {
    return counts((await sqlOne<{ created: number }>(tx, plainUpsertSql(opts.onExisting), [imp.project_id, opts.subscribed, imp.id, from, to, batchIdPrefix()])).created);
  }
  let segmentName: string | null = null;
  if (opts.segmentId) {
    // Locked before any contact, as segment member changes and contact deletes lock them.
    const seg = await sqlFirst<{ name: string }>(tx, 'select name from segments where id = ? for update', [opts.segmentId]);
    if (!seg) throw new Error(`segment ${opts.segmentId} was deleted during the import`);
    segmentName = seg.name;
  }
  await sqlRun(tx, CREATE_BATCH_TABLE);
  const { requested, removals, clears } = await sqlOne<{ requested: number; removals: number; clears: number }>(tx, foldSql(opts.onExisting), [opts.subscribed, imp.id, from, to, batchIdPrefix()]);
  if (requested > 0 || removals > 0 || clears > 0 || opts.segmentId) {
    // Joins of the batch with contacts: one index probe per address, never a scan of the project's contacts.
    await sqlRun(tx, `select set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
  }
  let created = 0;
  if (opts.onExisting === 'skip') {
    created = (await sqlOne<{ created: number }>(tx, upsertSql('skip', false, requested > 0), [imp.project_id])).created;
  } else {
    if (requested > 0) {
      // The subscription before the write (locked), for the events of the rows that change it.
      await sqlRun(
        tx,
        `update import_batch f set previous = c.subscribed
from (select c.email, c.subscribed from import_batch b join contacts c on c.project_id = ? and c.email = b.email where b.requested is not null for update of c) c
where f.email = c.email`,
        [imp.project_id],
      );
      created += (await sqlOne<{ created: number }>(tx, upsertSql(opts.onExisting, true, true), [imp.project_id])).created;
    }
    if (requested < valid) created += (await sqlOne<{ created: number }>(tx, upsertSql(opts.onExisting, false, false), [imp.project_id])).created;
    if (removals > 0 && opts.onExisting === 'merge') {
      // Keys the rows removed (NDJSON nulls); never also set, so removing after the merge is the same.
      await sqlRun(tx, `update contacts c set data = c.data - f.remove_keys from import_batch f where c.project_id = ? and c.email = f.email and f.remove_keys <> '{}'`, [imp.project_id]);
    }
    if (clears > 0) {
      // Zones the rows cleared (NDJSON nulls): the upsert left them (no zone given reads as none).
      await sqlRun(tx, `update contacts c set timezone = null from import_batch f where c.project_id = ? and c.email = f.email and f.timezone = '' and c.timezone is not null`, [imp.project_id]);
    }
  }
  const joined = opts.segmentId ? await joinSegment(tx, imp) : [];
  if (requested > 0 || joined.length > 0) await recordImportEvents(tx, imp, requested > 0, joined, segmentName);
  return counts(created);
}

/** Adds the batch's contacts to the import's STATIC segment; returns the ids that joined. */
async function joinSegment(tx: EntityManager, imp: ImportRecord): Promise<string[]> {
  const segmentId = imp.options.segmentId!;
  const rows = await sqlRows<{ contact_id: string }>(
    tx,
    `insert into segment_members (segment_id, contact_id, project_id)
select ?, c.id, c.project_id from import_batch f join contacts c on c.project_id = ? and c.email = f.email order by f.line
on conflict do nothing returning contact_id`,
    [segmentId, imp.project_id],
  );
  if (rows.length > 0) await sqlRun(tx, 'update segments set member_count = member_count + ?, member_count_at = now() where id = ?', [rows.length, segmentId]);
  return rows.map((r) => r.contact_id);
}

/** Events in one statement each (the events rows and the per-name counters), as recordEvent writes them one by one. */
async function recordEvents(tx: EntityManager, projectId: string, events: { name: string; contactId: string; data: Record<string, unknown> }[]): Promise<string[]> {
  if (events.length === 0) return [];
  const input = events.map((e) => ({ id: newId(), name: e.name, contact_id: e.contactId, data: e.data }));
  await sqlRun(
    tx,
    `with ev as (
  insert into events (id, project_id, name, contact_id, data, created_at)
  select i.id, ?, i.name, i.contact_id, i.data, now() from jsonb_to_recordset(?::jsonb) as i(id uuid, name text, contact_id uuid, data jsonb)
  returning name, created_at
)
${countEventNamesSql('select ?::uuid as project_id, name, count(*) as count, max(created_at) as last_seen_at from ev group by name')}`,
    [projectId, JSON.stringify(input), projectId],
  );
  return input.map((e) => e.id);
}

/**
 * `contact.subscribed` / `contact.unsubscribed` where a row's subscribed (or the import's default)
 * set the state, as POST /contacts records them; `segment.<id>.entry` for contacts that joined
 * the segment. Without triggerAutomations the events stay recorded but leave the automation inbox
 * in the same transaction, so no automation starts (or wakes) for them.
 */
async function recordImportEvents(tx: EntityManager, imp: ImportRecord, requested: boolean, joined: string[], segmentName: string | null) {
  const opts = imp.options;
  const events: { name: string; contactId: string; data: Record<string, unknown> }[] = [];
  if (requested) {
    const changed = await sqlRows<{ contact_id: string; subscribed: boolean }>(
      tx,
      'select contact_id, subscribed from import_batch where requested is not null and (inserted or previous is distinct from subscribed) order by line',
    );
    for (const w of changed) {
      events.push({ name: w.subscribed ? 'contact.subscribed' : 'contact.unsubscribed', contactId: w.contact_id, data: { source: 'import', importId: imp.id } });
    }
  }
  if (opts.segmentId) {
    const name = segmentEventName(opts.segmentId, 'entry');
    for (const id of joined) events.push({ name, contactId: id, data: { segmentId: opts.segmentId, segmentName } });
  }
  const ids = await recordEvents(tx, imp.project_id, events);
  if (!opts.triggerAutomations && ids.length > 0) {
    await sqlRun(tx, `delete from automation_inbox where event_id = ${listParam('uuid')}`, [JSON.stringify(ids)]);
  }
}

/**
 * One batch of an import, in one transaction: the next IMPORT_BATCH_ROWS staged records after the
 * cursor are written (not in a dry run), and the counters, the first invalid rows and the cursor
 * move in the same commit, with the batch's staged records deleted. So a crash at any point redoes
 * exactly the batch that did not commit: no row lost, none counted twice. The import's row lock is
 * held throughout, so a cancel waits for the batch to commit.
 */
export async function importBatch(em: EntityManager, importId: string, batchRows = IMPORT_BATCH_ROWS): Promise<ImportBatchResult> {
  return em.transactional(async (tx) => {
    const imp = await sqlFirst<ImportRecord>(tx, 'select * from contact_imports where id = ? for update', [importId]);
    if (!imp) {
      // Deleted with its project: its staged rows (no foreign key) go too.
      await sqlRun(tx, 'delete from contact_import_rows where import_id = ?', [importId]);
      return { done: true, status: 'GONE' };
    }
    if (imp.status !== 'QUEUED' && imp.status !== 'RUNNING') {
      await sqlRun(tx, 'delete from contact_import_rows where import_id = ?', [importId]);
      return { done: true, status: imp.status === 'UPLOADING' ? 'GONE' : imp.status };
    }
    const span = await sqlOne<{ records: number; last: number | null; invalid: number; raw: number; subscribed: number; removals: number; clears: number }>(
      tx,
      `select count(*)::int as records, max(line) as last, count(*) filter (where email is null and record is null)::int as invalid, count(*) filter (where record is not null)::int as raw,
  count(*) filter (where subscribed is not null)::int as subscribed, count(*) filter (where remove_keys is not null)::int as removals, count(*) filter (where timezone = '')::int as clears
from (select line, email, record, subscribed, remove_keys, timezone from contact_import_rows where import_id = ? and line > ? order by line limit ?) r`,
      [importId, imp.cursor_line, batchRows],
    );
    if (span.records === 0) {
      await sqlRun(tx, `update contact_imports set status = 'COMPLETED', started_at = coalesce(started_at, now()), finished_at = now() where id = ?`, [importId]);
      return { done: true, status: 'COMPLETED' };
    }
    const from = imp.cursor_line;
    const to = span.last!;
    let invalid = span.invalid;
    if (span.raw > 0) {
      const raw = await sqlRows<{ line: number; record: string; problem: string | null }>(
        tx,
        'select line, record, problem from contact_import_rows where import_id = ? and line > ? and line <= ? and record is not null',
        [importId, from, to],
      );
      await parseRawStaged(tx, importId, imp.format, imp.columns, raw);
      invalid = (await sqlOne<{ n: number }>(tx, 'select count(*)::int as n from contact_import_rows where import_id = ? and line > ? and line <= ? and email is null', [importId, from, to])).n;
    }
    let counts: Counts = { created: 0, updated: 0, skipped: 0 };
    if (!imp.options.dryRun && span.records > invalid) {
      const opts = imp.options;
      const plain = span.raw === 0 && span.subscribed === 0 && span.removals === 0 && span.clears === 0 && opts.subscribed === null && !opts.segmentId;
      counts = await writeBatch(tx, imp, from, to, span.records - invalid, plain);
    }
    const room = Math.max(0, MAX_LISTED_ERRORS - imp.errors.length);
    const errors =
      invalid > 0 && room > 0
        ? await sqlRows<InvalidRow>(tx, 'select line, field, reason from contact_import_rows where import_id = ? and line > ? and line <= ? and email is null order by line limit ?', [
            importId,
            from,
            to,
            room,
          ])
        : [];
    await sqlRun(
      tx,
      `update contact_imports set status = 'RUNNING', started_at = coalesce(started_at, now()), cursor_line = ?, rows_read = rows_read + ?,
  created = created + ?, updated = updated + ?, skipped = skipped + ?, invalid = invalid + ?, errors = errors || ?::jsonb where id = ?`,
      [to, span.records, counts.created, counts.updated, counts.skipped, invalid, JSON.stringify(errors), importId],
    );
    await sqlRun(tx, 'delete from contact_import_rows where import_id = ? and line > ? and line <= ?', [importId, from, to]);
    return { done: false, status: 'RUNNING' };
  });
}

/** The workflow gave up (its activity failed for good): FAILED with the reason, staging cleared. */
export async function failImport(em: EntityManager, importId: string, reason: string): Promise<void> {
  await em.transactional(async (tx) => {
    await sqlRun(tx, `update contact_imports set status = 'FAILED', failure = ?, finished_at = now() where id = ? and status in ('QUEUED', 'RUNNING')`, [reason.slice(0, 1000), importId]);
    await sqlRun(tx, 'delete from contact_import_rows where import_id = ?', [importId]);
  });
}
