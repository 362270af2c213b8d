import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/sql.js';
import { segmentExpression } from '../segments/membership.js';
import { getSegment } from '../segments/segments.js';
import { fragment, raw, sql, type SqlFragment } from '../segments/sql.js';
import { csvField } from './records.js';

/** Contacts read per statement (keyset on id, newest first, as GET /contacts pages). */
export const EXPORT_PAGE = 10_000;

export type ExportFormat = 'csv' | 'ndjson';

/** A contact as a page reads it: `data` as JSON text, the times already in ISO 8601 (UTC, milliseconds). */
interface Row {
  id: string;
  email: string;
  subscribed: boolean;
  data: string | null;
  created_at: string;
  updated_at: string;
}

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
 * subscribed. Counted in PostgreSQL, one statement per object path (a recursive query over every
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

function leaf(data: Record<string, unknown>, path: string): string {
  let v: unknown = data;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return '';
    v = (v as Record<string, unknown>)[k];
  }
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * The export as text chunks, one page of contacts each: CSV (header `email,subscribed,<data
 * paths>`, what POST /contacts/imports reads back) or NDJSON (one contact as GET /contacts/{id}
 * answers it per line). Pages are read one at a time as the consumer pulls, so memory stays flat.
 */
export async function exportContacts(
  em: EntityManager,
  projectId: string,
  format: ExportFormat,
  opts: { segmentId?: string; pageSize?: number } = {},
): Promise<AsyncGenerator<string>> {
  // Resolved before the first byte, so an unknown segment is still a 404.
  const where = await scope(em, projectId, opts.segmentId);
  const columns = format === 'csv' ? await dataColumns(em, where) : [];
  return pages(em, format, where, columns, opts.pageSize ?? EXPORT_PAGE);
}

async function* pages(em: EntityManager, format: ExportFormat, where: SqlFragment, columns: string[], pageSize: number): AsyncGenerator<string> {
  if (format === 'csv') yield `${['email', 'subscribed', ...columns].map(csvField).join(',')}\n`;
  let after: string | undefined;
  for (;;) {
    const q = sql`select c.id, c.email, c.subscribed, c.data::text as data,
  to_char(c.created_at at time zone 'UTC', ${raw(ISO)}) as created_at, to_char(c.updated_at at time zone 'UTC', ${raw(ISO)}) as updated_at
from contacts c where ${fragment(where)}${after ? sql` and c.id < ${after}` : sql``} order by c.id desc limit ${pageSize}`;
    const rows = await sqlRows<Row>(em, q.sql, q.params);
    if (rows.length === 0) return;
    let out = '';
    for (const r of rows) {
      // Re-serialised, so the text is what JSON.stringify writes (as GET /contacts/{id} answers).
      const data = r.data === null ? {} : (JSON.parse(r.data) as Record<string, unknown>);
      if (format === 'csv') {
        out += csvField(r.email) + (r.subscribed ? ',true' : ',false');
        for (const col of columns) out += `,${csvField(leaf(data, col))}`;
        out += '\n';
      } else {
        out += `{"id":"${r.id}","email":${JSON.stringify(r.email)},"subscribed":${r.subscribed},"data":${JSON.stringify(data)},"createdAt":"${r.created_at}","updatedAt":"${r.updated_at}"}\n`;
      }
    }
    yield out;
    after = rows[rows.length - 1].id;
  }
}
