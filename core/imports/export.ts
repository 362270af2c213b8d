import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows, sqlRun } from '../../db/sql.js';
import { segmentExpression } from '../segments/membership.js';
import { getSegment } from '../segments/segments.js';
import { fragment, raw, sql, type SqlFragment } from '../segments/sql.js';
import { withStatementTimeout } from '../statement-timeout.js';
import { csvField } from './records.js';
import { readableDataColumns } from './rows.js';

/** Contacts read per statement (keyset on id, newest first, as GET /contacts pages). */
export const EXPORT_PAGE = 10_000;

export type ExportFormat = 'csv' | 'ndjson';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The project's contacts, or one segment's (its condition for DYNAMIC, its members for STATIC). */
async function scope(em: EntityManager, projectId: string, segmentId: string | undefined): Promise<SqlFragment> {
  if (!segmentId) return sql`c.project_id = ${projectId}`;
  const segment = await getSegment(em, projectId, segmentId);
  return sql`c.project_id = ${projectId} and (${fragment(await segmentExpression(em, segment))})`;
}

/**
 * Every dotted path of a leaf in the contacts' data (nested objects are walked; arrays and
 * scalars are leaves, and so is an empty object), sorted: the CSV columns after email and
 * subscribed and timezone. Counted in PostgreSQL, one statement per object path (a recursive query over every
 * key of every contact took 2-3 times longer), so memory holds the distinct paths only.
 */
async function dataColumns(em: EntityManager, where: SqlFragment): Promise<string[]> {
  const paths: string[] = [];
  const objects: string[][] = [[]]; // object paths still to look into ([] is `data` itself)
  for (let path = objects.pop(); path; path = objects.pop()) {
    const value = path.length === 0 ? sql`c.data` : sql`case when jsonb_typeof(c.data #> ${path}) = 'object' then c.data #> ${path} end`;
    const q = sql`select e.key, bool_or(jsonb_typeof(e.value) = 'object' and e.value <> '{}'::jsonb) as nested, bool_or(jsonb_typeof(e.value) <> 'object' or e.value = '{}'::jsonb) as leaf
from contacts c, jsonb_each(${value}) e where ${fragment(where)} group by e.key`;
    for (const r of await sqlRows<{ key: string; nested: boolean; leaf: boolean }>(em, q.sql, q.params)) {
      if (r.leaf) paths.push([...path, r.key].join('.'));
      if (r.nested) objects.push([...path, r.key]);
    }
  }
  return paths.sort();
}

/** A CSV cell from a leaf's JSON type and text: a string as it is, other values as JSON.stringify writes them, nothing for none or null. */
function cell(type: string | null, text: string | null): string {
  if (type === null || type === 'null' || text === null) return '';
  return type === 'string' ? text : JSON.stringify(JSON.parse(text));
}

/** Runs `fn` in a transaction, every statement bounded by `timeoutMs` when given (a 503 over it). */
type Bound = <T>(fn: (tx: EntityManager) => Promise<T>) => Promise<T>;

/**
 * The export as text chunks, one page of contacts each: CSV (header `email,subscribed,timezone,<data
 * paths>`, what POST /contacts/imports reads back) or NDJSON (one contact as GET /contacts/{id}
 * answers it per line). Pages are read one at a time as the consumer pulls, so memory stays flat.
 * A segment's export runs its condition in every statement: each is bounded by `timeoutMs`
 * (CONDITION_QUERY_TIMEOUT_MS), and the first page is read before the first byte, so a condition
 * too slow for the limit is a 503 rather than a 200 cut short.
 */
export async function exportContacts(
  em: EntityManager,
  projectId: string,
  format: ExportFormat,
  opts: { segmentId?: string; pageSize?: number; timeoutMs?: number } = {},
): Promise<AsyncGenerator<string>> {
  const { timeoutMs } = opts;
  // (A whole-project export runs no condition: unbounded, as GET /contacts.)
  const bound: Bound = opts.segmentId && timeoutMs !== undefined ? (fn) => withStatementTimeout(em, timeoutMs, fn) : (fn) => em.transactional(fn);
  // Resolved before the first byte, so an unknown segment is still a 404.
  const { where, columns } = await bound(async (tx) => {
    const w = await scope(tx, projectId, opts.segmentId);
    return { where: w, columns: format === 'csv' ? readableDataColumns(await dataColumns(tx, w)) : [] };
  });
  const chunks = pages(bound, format, where, columns, opts.pageSize ?? EXPORT_PAGE);
  const first = await chunks.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  })();
}

/**
 * NDJSON: each page's lines are written by PostgreSQL (one text value per page, so no per-row work
 * here): the contact as GET /contacts/{id} answers it, `data` as PostgreSQL prints JSON (the same
 * value; spaces after `:` and `,`).
 */
const NDJSON_LINE = `'{"id":"' || c.id || '","email":' || to_json(c.email)::text || ',"subscribed":' || c.subscribed || ',"data":' || coalesce(c.data, '{}'::jsonb)::text
  || ',"timezone":' || coalesce(to_json(c.timezone)::text, 'null') || ',"createdAt":"' || to_char(c.created_at at time zone 'UTC', ${ISO}) || '","updatedAt":"' || to_char(c.updated_at at time zone 'UTC', ${ISO}) || E'"}\\n'`;

/**
 * One page, read by walking the (project_id, id desc) index in order and stopping at the page size.
 * Without this the planner, on statistics older than a bulk import (a fresh million contacts still
 * counted as none), read every remaining contact into a bitmap and sorted them, for every page:
 * the export slowed down as it went, to ~2,500 rows/s on a million.
 */
async function pageQuery<T>(bound: Bound, q: { sql: string; params: unknown[] }): Promise<T[]> {
  return bound(async (tx) => {
    await sqlRun(tx, `select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
    return sqlRows<T>(tx, q.sql, q.params);
  });
}

/** The CSV header goes out with the first page (even an empty one): `exportContacts` reads that before the first byte. */
async function* pages(bound: Bound, format: ExportFormat, where: SqlFragment, columns: string[], pageSize: number): AsyncGenerator<string> {
  let head = format === 'csv' ? `${['email', 'subscribed', 'timezone', ...columns].map(csvField).join(',')}\n` : '';
  let after: string | undefined;
  for (;;) {
    const page = sql`from contacts c where ${fragment(where)}${after ? sql` and c.id < ${after}` : sql``} order by c.id desc limit ${pageSize}`;
    if (format === 'ndjson') {
      const q = sql`select string_agg(p.line, '' order by p.id desc) as text, min(p.id::text) as last from (select c.id, ${raw(NDJSON_LINE)} as line ${page}) p`;
      const [{ text, last }] = await pageQuery<{ text: string | null; last: string | null }>(bound, q);
      if (text === null || last === null) return;
      yield text;
      after = last;
      continue;
    }
    // Each cell's JSON type and text from PostgreSQL: a string leaf (nearly all) is used as it is.
    const cells = columns.map((col, i) => sql`, jsonb_typeof(c.data #> ${col.split('.')}) as ${raw(`t${i}`)}, c.data #>> ${col.split('.')} as ${raw(`v${i}`)}`);
    const q = sql`select c.id, c.email, c.subscribed, c.timezone${raw(cells.map((x) => x.sql).join(''))} ${page}`;
    const rows = await pageQuery<Record<string, string | boolean | null>>(bound, { sql: q.sql, params: [...cells.flatMap((x) => x.params), ...q.params] });
    if (rows.length === 0) {
      if (head) yield head;
      return;
    }
    let out = head;
    head = '';
    for (const r of rows) {
      out += csvField(r.email as string) + (r.subscribed ? ',true,' : ',false,') + csvField((r.timezone as string | null) ?? '');
      for (let i = 0; i < columns.length; i++) out += `,${csvField(cell(r[`t${i}`] as string | null, r[`v${i}`] as string | null))}`;
      out += '\n';
    }
    yield out;
    after = rows[rows.length - 1].id as string;
  }
}
