import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';
import { segmentEventName } from '../segments/events.js';
import type { ImportBatchResult } from './contract.js';
import { MAX_LISTED_ERRORS, type ImportOptions, type ImportRecord } from './imports.js';
import { isInvalid, parseRow, type ImportRow, type InvalidRow } from './rows.js';

/** Staged records per batch: one transaction, a few multi-row statements. */
export const IMPORT_BATCH_ROWS = 5000;

/** A file's rows for one address in one batch, folded into one write (in file order). */
interface Folded {
  email: string;
  rows: number;
  subscribed: boolean | null;
  data: Record<string, unknown>;
  remove: string[];
}

/**
 * Rows are applied in file order, as if each were one POST /contacts: a later row of the same
 * address merges into (or replaces, or is skipped after) the earlier one. Within a batch those
 * rows become one write with the same result; across batches the earlier batch has committed.
 */
export function foldRows(rows: ImportRow[], opts: Pick<ImportOptions, 'onExisting' | 'subscribed'>): Folded[] {
  const byEmail = new Map<string, Folded>();
  for (const r of rows) {
    const subscribed = r.subscribed ?? opts.subscribed;
    const f = byEmail.get(r.email);
    if (!f) {
      byEmail.set(r.email, { email: r.email, rows: 1, subscribed, data: { ...r.data }, remove: [...r.remove] });
      continue;
    }
    f.rows++;
    if (opts.onExisting === 'skip') continue;
    if (subscribed !== null) f.subscribed = subscribed;
    if (opts.onExisting === 'replace') {
      f.data = { ...r.data };
      f.remove = [];
    } else {
      for (const k of r.remove) {
        delete f.data[k];
        if (!f.remove.includes(k)) f.remove.push(k);
      }
      for (const [k, v] of Object.entries(r.data)) {
        f.data[k] = v;
        f.remove = f.remove.filter((x) => x !== k);
      }
    }
  }
  return [...byEmail.values()];
}

interface Counts {
  created: number;
  updated: number;
  skipped: number;
}

/** jsonb_to_recordset input of the upsert statements. */
const INPUT = `input as (select * from jsonb_to_recordset(?::jsonb) as i(id uuid, email text, requested boolean, set_data jsonb, remove_keys jsonb))`;

/**
 * The secret key's consent rule of core/contact-upsert.ts on existing contacts: `subscribed`
 * changes only when given; false is an opt-out (kept `unsubscribed_at`), true clears it; the opt-out
 * source is the secret key's (null). `data` merges (null removes) or, for replace, is replaced.
 */
const updateSql = (replace: boolean) => `with ${INPUT}
update contacts c set
  subscribed = coalesce(i.requested, c.subscribed),
  unsubscribed_at = case when i.requested is null then c.unsubscribed_at when i.requested then null else coalesce(c.unsubscribed_at, now()) end,
  opt_out_source = case when i.requested is null then c.opt_out_source else null end,
  data = ${replace ? 'i.set_data' : '(c.data || i.set_data) - array(select jsonb_array_elements_text(i.remove_keys))'},
  updated_at = now()
from input i, contacts old
where c.project_id = ? and c.email = i.email and old.id = c.id
returning c.id, c.email, c.subscribed, old.subscribed as previous, i.requested`;

/** New contacts as POST /contacts creates them: subscribed unless the row (or the default) says false. */
const INSERT_SQL = `with ${INPUT}
insert into contacts (id, project_id, email, subscribed, unsubscribed_at, opt_out_source, data, created_at, updated_at)
select i.id, ?, i.email, coalesce(i.requested, true), case when i.requested = false then now() end, null, i.set_data, now(), now() from input i
on conflict (project_id, email) do nothing
returning id, email, subscribed`;

interface Written {
  id: string;
  email: string;
  subscribed: boolean;
  previous: boolean | null;
  requested: boolean | null;
}

const inputJson = (rows: Folded[]) =>
  JSON.stringify(rows.map((r) => ({ id: newId(), email: r.email, requested: r.subscribed, set_data: r.data, remove_keys: r.remove })));

/**
 * Writes the folded rows: existing contacts updated (unless skip), the others inserted; an
 * address inserted meanwhile by someone else is updated on the next round. Returns what was
 * written (subscription before and after, for the events) and the counts.
 */
async function writeContacts(tx: EntityManager, projectId: string, folded: Folded[], opts: ImportOptions): Promise<{ written: Written[]; counts: Counts }> {
  const counts: Counts = { created: 0, updated: 0, skipped: 0 };
  const written: Written[] = [];
  let left = folded;
  for (let round = 0; left.length > 0; round++) {
    const done = new Set<string>();
    if (opts.onExisting !== 'skip') {
      for (const r of await sqlRows<Written>(tx, updateSql(opts.onExisting === 'replace'), [inputJson(left), projectId])) {
        written.push(r);
        done.add(r.email);
      }
      const byEmail = new Map(left.map((f) => [f.email, f]));
      for (const e of done) counts.updated += byEmail.get(e)!.rows;
      left = left.filter((f) => !done.has(f.email));
    }
    if (left.length === 0) break;
    const requested = new Map(left.map((f) => [f.email, f.subscribed]));
    const inserted = await sqlRows<{ id: string; email: string; subscribed: boolean }>(tx, INSERT_SQL, [inputJson(left), projectId]);
    const insertedEmails = new Set(inserted.map((r) => r.email));
    for (const r of inserted) written.push({ ...r, previous: null, requested: requested.get(r.email) ?? null });
    for (const f of left) {
      if (insertedEmails.has(f.email)) {
        counts.created += 1;
        if (opts.onExisting === 'skip') counts.skipped += f.rows - 1;
        else counts.updated += f.rows - 1;
      } else if (opts.onExisting === 'skip') counts.skipped += f.rows;
    }
    // skip: an existing contact stays as it is. Otherwise one created meanwhile is updated next round.
    left = opts.onExisting === 'skip' || round >= 5 ? [] : left.filter((f) => !insertedEmails.has(f.email));
  }
  return { written, counts };
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
insert into event_names (project_id, name, count, last_seen_at)
select ?, name, count(*), max(created_at) from ev group by name
on conflict (project_id, name) do update set count = event_names.count + excluded.count, last_seen_at = excluded.last_seen_at`,
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
async function recordImportEvents(tx: EntityManager, imp: ImportRecord, written: Written[], joined: string[], segmentName: string | null) {
  const opts = imp.options;
  const events: { name: string; contactId: string; data: Record<string, unknown> }[] = [];
  for (const w of written) {
    if (w.requested === null || w.previous === w.subscribed) continue;
    events.push({ name: w.subscribed ? 'contact.subscribed' : 'contact.unsubscribed', contactId: w.id, data: { source: 'import', importId: imp.id } });
  }
  if (opts.segmentId) {
    const name = segmentEventName(opts.segmentId, 'entry');
    for (const id of joined) events.push({ name, contactId: id, data: { segmentId: opts.segmentId, segmentName } });
  }
  const ids = await recordEvents(tx, imp.project_id, events);
  if (!opts.triggerAutomations && ids.length > 0) {
    await sqlRun(tx, 'delete from automation_inbox where event_id in (select jsonb_array_elements_text(?::jsonb)::uuid)', [JSON.stringify(ids)]);
  }
}

/** Adds the batch's contacts to the import's STATIC segment; returns the ids that joined. */
async function joinSegment(tx: EntityManager, imp: ImportRecord, emails: string[]): Promise<string[]> {
  const segmentId = imp.options.segmentId!;
  const rows = await sqlRows<{ contact_id: string }>(
    tx,
    `insert into segment_members (segment_id, contact_id, project_id)
select ?, c.id, c.project_id from contacts c where c.project_id = ? and c.email in (select jsonb_array_elements_text(?::jsonb))
on conflict do nothing returning contact_id`,
    [segmentId, imp.project_id, JSON.stringify(emails)],
  );
  if (rows.length > 0) await sqlRun(tx, 'update segments set member_count = member_count + ?, member_count_at = now() where id = ?', [rows.length, segmentId]);
  return rows.map((r) => r.contact_id);
}

/**
 * One batch of an import, in one transaction: the next IMPORT_BATCH_ROWS staged records after the
 * cursor are parsed, the valid ones written (not in a dry run), and the counters, the first
 * invalid rows and the cursor move in the same commit, with the batch's staged records deleted.
 * So a crash at any point redoes exactly the batch that did not commit: no row lost, none counted
 * twice. The import's row lock is held throughout, so a cancel waits for the batch to commit.
 */
export async function importBatch(em: EntityManager, importId: string, batchRows = IMPORT_BATCH_ROWS): Promise<ImportBatchResult> {
  return em.transactional(async (tx) => {
    const imp = await sqlFirst<ImportRecord>(tx, 'select * from contact_imports where id = ? for update', [importId]);
    if (!imp) return { done: true, status: 'GONE' };
    if (imp.status !== 'QUEUED' && imp.status !== 'RUNNING') {
      await sqlRun(tx, 'delete from contact_import_rows where import_id = ?', [importId]);
      return { done: true, status: imp.status === 'UPLOADING' ? 'GONE' : imp.status };
    }
    const records = await sqlRows<{ line: number; record: string; problem: string | null }>(
      tx,
      'select line, record, problem from contact_import_rows where import_id = ? and line > ? order by line limit ?',
      [importId, imp.cursor_line, batchRows],
    );
    if (records.length === 0) {
      await sqlRun(tx, `update contact_imports set status = 'COMPLETED', started_at = coalesce(started_at, now()), finished_at = now() where id = ?`, [importId]);
      return { done: true, status: 'COMPLETED' };
    }
    const valid: ImportRow[] = [];
    const invalid: InvalidRow[] = [];
    for (const r of records) {
      const row = r.problem ? { line: r.line, field: 'record', reason: r.problem } : parseRow(imp.format, r.line, r.record, imp.columns);
      if (isInvalid(row)) invalid.push(row);
      else valid.push(row);
    }
    let counts: Counts = { created: 0, updated: 0, skipped: 0 };
    if (!imp.options.dryRun && valid.length > 0) {
      let segmentName: string | null = null;
      if (imp.options.segmentId) {
        // Locked before any contact, as segment member changes and contact deletes lock them.
        const seg = await sqlFirst<{ name: string }>(tx, 'select name from segments where id = ? for update', [imp.options.segmentId]);
        if (!seg) throw new Error(`segment ${imp.options.segmentId} was deleted during the import`);
        segmentName = seg.name;
      }
      const folded = foldRows(valid, imp.options);
      const result = await writeContacts(tx, imp.project_id, folded, imp.options);
      counts = result.counts;
      const joined = imp.options.segmentId ? await joinSegment(tx, imp, folded.map((f) => f.email)) : [];
      await recordImportEvents(tx, imp, result.written, joined, segmentName);
    }
    const last = records[records.length - 1].line;
    const room = Math.max(0, MAX_LISTED_ERRORS - imp.errors.length);
    await sqlRun(
      tx,
      `update contact_imports set status = 'RUNNING', started_at = coalesce(started_at, now()), cursor_line = ?, rows_read = rows_read + ?,
  created = created + ?, updated = updated + ?, skipped = skipped + ?, invalid = invalid + ?, errors = errors || ?::jsonb where id = ?`,
      [last, records.length, counts.created, counts.updated, counts.skipped, invalid.length, JSON.stringify(invalid.slice(0, room).map((e) => ({ line: e.line, field: e.field.slice(0, 200), reason: e.reason.slice(0, 500) }))), importId],
    );
    await sqlRun(tx, 'delete from contact_import_rows where import_id = ? and line <= ?', [importId, last]);
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
