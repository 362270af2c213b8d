import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlCopyIn, sqlRun } from '../../db/sql.js';
import type { ImportFormat, RawRecord } from './records.js';
import { isInvalid, parseRow, type CsvColumns } from './rows.js';

/*
 * The staging table `contact_import_rows`: one row per record of the file, already parsed (by the
 * API while the body streams in), so the worker's batches are set-based SQL over its columns.
 */

/** A staged record: valid (email, and subscribed/data/remove_keys/timezone when given) or invalid (field, reason). */
export interface StagedRow {
  line: number;
  email?: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
  remove_keys?: string[];
  /** A zone to set, or '' to clear the contact's (NDJSON null); absent: not said. */
  timezone?: string;
  field?: string;
  reason?: string;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as PostgreSQL stores it, at most `max` UTF-16 units: without NUL, lone surrogates (from a
 * JSON escape) as U+FFFD, cut before a surrogate pair rather than inside it. On the embedded
 * database rows are staged as JSON, whose parser refuses a lone surrogate (the upload was a 500).
 */
function storableText(text: string, max: number): string {
  const clean = text.replace(/\0/g, '').replace(LONE_SURROGATE, '\ufffd');
  return clean.length > max && /[\ud800-\udbff]/.test(clean[max - 1]) ? clean.slice(0, max - 1) : clean.slice(0, max);
}

/** A record as the batch will read it: parsed, or the reason it is invalid (kept short for the errors list). */
export function stagedRow(format: ImportFormat, columns: CsvColumns | null, record: RawRecord): StagedRow {
  // PostgreSQL text cannot hold NUL: such a record is invalid as a whole.
  if (record.text.includes('\0')) return { line: record.line, field: 'record', reason: 'contains a NUL character' };
  const row = parseRow(format, record.line, record.text, columns);
  // (An NDJSON key named in `field` may hold an escaped NUL or lone surrogate, which PostgreSQL text cannot.)
  if (isInvalid(row)) return { line: row.line, field: storableText(row.field, 200), reason: storableText(row.reason, 500) };
  const out: StagedRow = { line: row.line, email: row.email };
  if (row.subscribed !== null) out.subscribed = row.subscribed;
  if (Object.keys(row.data).length > 0) out.data = row.data;
  if (row.remove.length > 0) out.remove_keys = row.remove;
  if (row.timezone !== undefined) out.timezone = row.timezone ?? '';
  return out;
}

/** One statement for many staged rows (absent fields are NULL), where COPY is not available. */
export async function insertStaged(em: EntityManager, importId: string, rows: StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sqlRun(
    em,
    `insert into contact_import_rows (import_id, line, email, subscribed, data, remove_keys, timezone, field, reason)
select ?, r.line, r.email, r.subscribed, r.data, r.remove_keys, r.timezone, r.field, r.reason
from jsonb_to_recordset(?::jsonb) as r(line int, email text, subscribed boolean, data jsonb, remove_keys text[], timezone text, field text, reason text)`,
    [importId, JSON.stringify(rows)],
  );
}

/** Staged rows as `copyLine` wrote them (the bytes of whole lines), in one COPY. */
export async function copyStaged(em: EntityManager, lines: Buffer): Promise<void> {
  if (lines.length === 0) return;
  await sqlCopyIn(em, 'copy contact_import_rows (import_id, line, email, subscribed, data, remove_keys, timezone, field, reason) from stdin', lines);
}

/**
 * COPY lines gathered into one Buffer allocated once and refilled statement after statement:
 * each line's string dies as soon as it is written (young garbage), where a string of a
 * statement's lines, and the Buffer made of it, lived long enough to reach V8's old generation
 * and its large-object space (the API's RSS grew by ~150 MB during a 1,000,000-row upload).
 */
export class CopyBuffer {
  private readonly buf: Buffer;
  /** Bytes and lines written since the last `take`. */
  bytes = 0;
  lines = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  /** Appends `line`; false (nothing written) when it does not fit in what is left. */
  add(line: string): boolean {
    const size = Buffer.byteLength(line, 'utf8');
    if (this.bytes + size > this.buf.length) return false;
    this.buf.write(line, this.bytes, 'utf8');
    this.bytes += size;
    this.lines++;
    return true;
  }

  /** The lines written so far (a view of the buffer, valid until it is refilled), and empties it. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.bytes);
    this.bytes = 0;
    this.lines = 0;
    return out;
  }
}

/** A value in COPY's text format: backslash, tab, line feed and carriage return escaped; null is \N. */
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function copyValue(v: string | undefined): string {
  if (v === undefined) return '\\N';
  return SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : v;
}
const arrayLiteral = (items: string[]) => `{${items.map((k) => `"${k.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** One staged row as a line of COPY's text format (the upload writes it into a CopyBuffer at once). */
export function copyLine(importId: string, r: StagedRow): string {
  return `${importId}\t${r.line}\t${copyValue(r.email)}\t${r.subscribed === undefined ? '\\N' : r.subscribed ? 't' : 'f'}\t${copyValue(r.data && JSON.stringify(r.data))}\t${copyValue(
    r.remove_keys && arrayLiteral(r.remove_keys),
  )}\t${copyValue(r.timezone)}\t${copyValue(r.field)}\t${copyValue(r.reason)}\n`;
}

/**
 * Rows an earlier version staged raw (`record`, `problem`): parsed now, in place, so a batch reads
 * them like any other. Only an import under way across that upgrade has any.
 */
export async function parseRawStaged(
  em: EntityManager,
  importId: string,
  format: ImportFormat,
  columns: CsvColumns | null,
  raw: { line: number; record: string; problem: string | null }[],
): Promise<void> {
  const rows = raw.map((r) => (r.problem ? { line: r.line, field: 'record', reason: r.problem } : stagedRow(format, columns, { line: r.line, text: r.record })));
  await sqlRun(
    em,
    `update contact_import_rows s set email = r.email, subscribed = r.subscribed, data = r.data, remove_keys = r.remove_keys, timezone = r.timezone, field = r.field, reason = r.reason, record = null, problem = null
from jsonb_to_recordset(?::jsonb) as r(line int, email text, subscribed boolean, data jsonb, remove_keys text[], timezone text, field text, reason text)
where s.import_id = ? and s.line = r.line`,
    [JSON.stringify(rows), importId],
  );
}
