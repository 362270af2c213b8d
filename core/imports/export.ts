import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/sql.js';
import { segmentExpression } from '../segments/membership.js';
import { getSegment } from '../segments/segments.js';
import { fragment, sql, type SqlFragment } from '../segments/sql.js';
import { csvField } from './records.js';

/** Contacts read per statement (keyset on id, newest first, as GET /contacts pages). */
export const EXPORT_PAGE = 5000;

export type ExportFormat = 'csv' | 'ndjson';

interface Row {
  id: string;
  email: string;
  subscribed: boolean;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** The project's contacts, or one segment's (its condition for DYNAMIC, its members for STATIC). */
async function scope(em: EntityManager, projectId: string, segmentId: string | undefined): Promise<SqlFragment> {
  if (!segmentId) return sql`c.project_id = ${projectId}`;
  const segment = await getSegment(em, projectId, segmentId);
  return sql`c.project_id = ${projectId} and (${fragment(await segmentExpression(em, segment))})`;
}

/**
 * Every dotted path of a leaf in the contacts' data (nested objects are walked; arrays and
 * scalars are leaves), sorted: the CSV columns after email and subscribed. Counted in PostgreSQL,
 * so memory holds the distinct paths, not the contacts.
 */
async function dataColumns(em: EntityManager, where: SqlFragment): Promise<string[]> {
  const q = sql`with recursive k(path, value) as (
  select array[e.key], e.value from contacts c, jsonb_each(c.data) e where ${fragment(where)}
  union all
  select k.path || e.key, e.value from k, jsonb_each(k.value) e where jsonb_typeof(k.value) = 'object'
)
select distinct array_to_string(path, '.') as path from k where jsonb_typeof(value) <> 'object' or value = '{}'::jsonb order by 1`;
  return (await sqlRows<{ path: string }>(em, q.sql, q.params)).map((r) => r.path);
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
    const q = sql`select c.id, c.email, c.subscribed, c.data, c.created_at, c.updated_at from contacts c
where ${fragment(where)}${after ? sql` and c.id < ${after}` : sql``} order by c.id desc limit ${pageSize}`;
    const rows = await sqlRows<Row>(em, q.sql, q.params);
    if (rows.length === 0) return;
    let out = '';
    for (const r of rows) {
      if (format === 'csv') {
        out += csvField(r.email) + (r.subscribed ? ',true' : ',false');
        for (const col of columns) out += `,${csvField(leaf(r.data ?? {}, col))}`;
        out += '\n';
      } else {
        out += `${JSON.stringify({
          id: r.id,
          email: r.email,
          subscribed: r.subscribed,
          data: r.data ?? {},
          createdAt: new Date(r.created_at).toISOString(),
          updatedAt: new Date(r.updated_at).toISOString(),
        })}\n`;
      }
    }
    yield out;
    after = rows[rows.length - 1].id;
  }
}
