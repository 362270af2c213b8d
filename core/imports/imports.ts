import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { isUuid } from '../../db/ids.js';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';
import { DomainError, notFound } from '../errors.js';
import { decodeCursor, encodeCursor, type Page } from '../paging.js';
import { getSegment } from '../segments/segments.js';
import { contactImportWorkflowId } from '../workflow-ids.js';
import { CONTACT_IMPORT_WORKFLOW, type ContactImportWorkflow, type ImportStatus } from './contract.js';
import { RecordSplitter, type ImportFormat, type RawRecord } from './records.js';
import { parseCsvHeader, type CsvColumns, type InvalidRow } from './rows.js';
import { CopyBuffer, copyLine, copyStaged, insertStaged, stagedRow, type StagedRow } from './staging.js';

/** Largest import file. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
/** Invalid rows kept (with line, field and reason) per import. */
export const MAX_LISTED_ERRORS = 100;

export type OnExisting = 'merge' | 'replace' | 'skip';

export interface ImportOptions {
  /** For rows that do not say; null: as POST /contacts (new contacts subscribed, existing ones unchanged). */
  subscribed: boolean | null;
  onExisting: OnExisting;
  segmentId: string | null;
  dryRun: boolean;
  triggerAutomations: boolean;
}

/** An import as stored (`contact_imports`). */
export interface ImportRecord {
  id: string;
  project_id: string;
  status: ImportStatus | 'UPLOADING';
  format: ImportFormat;
  columns: CsvColumns | null;
  options: ImportOptions;
  rows_read: number;
  created: number;
  updated: number;
  skipped: number;
  invalid: number;
  errors: InvalidRow[];
  cursor_line: number;
  total_rows: number;
  bytes: string;
  failure: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export const toImportDto = (r: ImportRecord) => ({
  id: r.id,
  status: r.status as ImportStatus,
  format: r.format,
  options: r.options,
  totalRows: r.total_rows,
  bytes: Number(r.bytes),
  rowsRead: r.rows_read,
  created: r.created,
  updated: r.updated,
  skipped: r.skipped,
  invalid: r.invalid,
  errors: r.errors,
  failure: r.failure,
  createdAt: new Date(r.created_at).toISOString(),
  startedAt: r.started_at ? new Date(r.started_at).toISOString() : null,
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});
export type ImportDto = ReturnType<typeof toImportDto>;

const tooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', `An import file is at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, {
    suggestion: 'Split the file and import the parts one after the other.',
  });

/** Refused before the body is read: a declared length over the limit, a STATIC segment that is not one. */
export async function checkImportRequest(em: EntityManager, projectId: string, opts: ImportOptions, declaredBytes: number | null): Promise<void> {
  if (declaredBytes !== null && declaredBytes > MAX_IMPORT_BYTES) throw tooLarge();
  if (opts.segmentId) {
    const segment = await getSegment(em, projectId, opts.segmentId);
    if (segment.type !== 'STATIC') {
      throw new DomainError('CONFLICT', 'Imports add contacts to STATIC segments only; this segment is DYNAMIC, its members follow its condition', {
        suggestion: 'Create a STATIC segment for the imported list, or leave segmentId out.',
      });
    }
  }
}

/**
 * Staged rows written per statement while the body streams in (one statement in flight while the
 * next is parsed), and the bytes of COPY text a statement holds at most (a longer line, from a
 * record of up to 1 MB, goes alone in its own statement).
 */
const STAGE_ROWS = 2000;
const STAGE_BYTES = 1024 * 1024;
/** Bytes of the body split into records at a time. */
const SPLIT_BYTES = 8 * 1024;

/**
 * Streams an uploaded file into the staging table, each record parsed on the way (records of at
 * most 1 MB, the file at most 200 MB), never holding more than a few MB of it. The import is invisible (UPLOADING) until the
 * whole file is staged; a file refused on the way (too large, a record too long, a CSV header
 * without an email column) is deleted with what was staged, before any contact is written. An
 * import whose workflow cannot be started (Temporal unreachable: 503) stays FAILED, its staged rows deleted.
 */
export async function createImport(
  em: EntityManager,
  temporal: Client,
  taskQueue: string,
  projectId: string,
  format: ImportFormat,
  opts: ImportOptions,
  body: AsyncIterable<Uint8Array>,
  /** Stage with COPY (PostgreSQL); false on the embedded database, whose wire server has no COPY. */
  copy = true,
): Promise<ImportRecord> {
  const id = newId();
  // An upload whose API process died stays UPLOADING: gone at the project's next import.
  await sqlRun(
    em,
    `with gone as (delete from contact_imports where project_id = ? and status = 'UPLOADING' and created_at < now() - interval '1 day' returning id)
delete from contact_import_rows where import_id in (select id from gone)`,
    [projectId],
  );
  await sqlRun(em, `insert into contact_imports (id, project_id, status, format, options) values (?, ?, 'UPLOADING', ?, ?::jsonb)`, [
    id,
    projectId,
    format,
    JSON.stringify(opts),
  ]);
  try {
    const { columns, rows, bytes } = await stageBody(em, id, format, body, copy);
    await sqlRun(em, `update contact_imports set status = 'QUEUED', columns = ?::jsonb, total_rows = ?, bytes = ? where id = ?`, [
      columns === null ? null : JSON.stringify(columns),
      rows,
      bytes,
      id,
    ]);
  } catch (err) {
    // (Staged rows have no foreign key to their import: see Migration20261126190000.)
    await sqlRun(em, 'delete from contact_import_rows where import_id = ?', [id]);
    await sqlRun(em, 'delete from contact_imports where id = ?', [id]);
    throw err;
  }
  // Read before the start: a fast worker may already have taken it (RUNNING) when the answer is
  // built, and the answer says what was accepted, QUEUED (the route's documentation).
  const queued = (await findImport(em, projectId, id))!;
  try {
    await temporal.workflow.start<ContactImportWorkflow>(CONTACT_IMPORT_WORKFLOW, {
      workflowId: contactImportWorkflowId(id),
      taskQueue,
      args: [{ importId: id }],
    });
  } catch (err) {
    // Its staged rows go too: no workflow will read them, and a client retrying would pile up copies of the file.
    await sqlRun(em, `update contact_imports set status = 'FAILED', failure = ?, finished_at = now() where id = ?`, ['its workflow could not be started', id]);
    await sqlRun(em, 'delete from contact_import_rows where import_id = ?', [id]);
    throw new DomainError('SERVICE_UNAVAILABLE', `The import could not be started: ${(err as Error).message}`, { retryable: true });
  }
  return queued;
}

/** The request body, its read errors (the client went away mid-upload) a 400 rather than a 500. */
async function* uploadChunks(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* body;
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('BAD_REQUEST', `The upload ended before the whole file arrived (${(err as Error).message})`, {
      suggestion: 'Send the file again; nothing of this upload was kept.',
    });
  }
}

async function stageBody(em: EntityManager, id: string, format: ImportFormat, body: AsyncIterable<Uint8Array>, copy: boolean) {
  const splitter = new RecordSplitter(format);
  let columns: CsvColumns | null = null;
  // COPY: two buffers, one filled while the other's statement runs (PostgreSQL and the parser
  // overlap); a buffer is refilled only once its statement has settled. Without COPY: the rows of an INSERT.
  const copyBuffers = copy ? [new CopyBuffer(STAGE_BYTES), new CopyBuffer(STAGE_BYTES)] : [];
  let filling = 0;
  let pendingRows: StagedRow[] = [];
  let pendingBytes = 0;
  let rows = 0;
  let bytes = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const send = async (statement: () => Promise<void>) => {
    await inFlight;
    inFlight = statement();
    inFlight.catch(() => {}); // awaited (and thrown) at the next statement or the end
  };
  const flush = async () => {
    if (copy) {
      const lines = copyBuffers[filling].take();
      filling = 1 - filling;
      // (The buffer filled next is the one whose statement `send` awaits first.)
      await send(() => copyStaged(em, lines));
    } else {
      const batch = pendingRows;
      pendingRows = [];
      pendingBytes = 0;
      await send(() => insertStaged(em, id, batch));
    }
  };
  /** A line that did not fit in what is left of the buffer: the next buffer, or (longer than a whole buffer) a statement of its own. */
  const stageOverflow = async (line: string) => {
    if (copyBuffers[filling].lines > 0) await flush();
    if (!copyBuffers[filling].add(line)) await send(() => copyStaged(em, Buffer.from(line, 'utf8')));
  };
  const pending = () => (copy ? copyBuffers[filling].lines : pendingRows.length);
  const take = async (records: RawRecord[]) => {
    for (const r of records) {
      if (format === 'csv' && columns === null) {
        columns = parseCsvHeader(r.text);
        continue;
      }
      const row = stagedRow(format, columns, r);
      rows++;
      if (copy) {
        const line = copyLine(id, row);
        if (!copyBuffers[filling].add(line)) await stageOverflow(line);
        if (copyBuffers[filling].lines >= STAGE_ROWS) await flush();
      } else {
        pendingRows.push(row);
        pendingBytes += r.text.length;
        if (pendingRows.length >= STAGE_ROWS || pendingBytes >= STAGE_BYTES) await flush();
      }
    }
  };
  try {
    for await (const chunk of uploadChunks(body)) {
      bytes += chunk.byteLength;
      if (bytes > MAX_IMPORT_BYTES) throw tooLarge();
      // A socket chunk (64 KB) in slices of 8 KB: the records split from one slice, alive until
      // staged, are few, so what a scavenge finds alive (and promotes) stays small.
      for (let at = 0; at < chunk.byteLength; at += SPLIT_BYTES) await take(splitter.push(chunk.subarray(at, at + SPLIT_BYTES)));
    }
    await take(splitter.end());
    if (pending() > 0) await flush();
    await inFlight;
  } catch (err) {
    await inFlight.catch(() => {}); // settled before the caller deletes what was staged
    throw err;
  }
  if (format === 'csv' && columns === null) {
    throw new DomainError('VALIDATION_ERROR', 'The CSV file is empty', {
      errors: [{ field: 'header', message: 'the file has no header row (its first line names the columns, one of them "email")', code: 'missing_email_column' }],
    });
  }
  return { columns: columns as CsvColumns | null, rows, bytes };
}

/** The import, or null (not this project's, still uploading, or no such id). */
export async function findImport(em: EntityManager, projectId: string, id: string): Promise<ImportRecord | null> {
  if (!isUuid(id)) return null;
  return (await sqlFirst<ImportRecord>(em, `select * from contact_imports where id = ? and project_id = ? and status <> 'UPLOADING'`, [id, projectId])) ?? null;
}

export async function getImport(em: EntityManager, projectId: string, id: string): Promise<ImportRecord> {
  const r = await findImport(em, projectId, id);
  if (!r) throw notFound('Import');
  return r;
}

/** Newest first, keyset on id like every list. */
export async function listImports(em: EntityManager, projectId: string, q: { limit: number; cursor?: string }): Promise<Page<ImportRecord>> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    sqlRows<ImportRecord>(
      em,
      `select * from contact_imports where project_id = ? and status <> 'UPLOADING'${after ? ' and id < ?' : ''} order by id desc limit ?`,
      after ? [projectId, after, q.limit + 1] : [projectId, q.limit + 1],
    ),
    sqlRows<{ total: string }>(em, `select count(*) as total from contact_imports where project_id = ? and status <> 'UPLOADING'`, [projectId]),
  ]);
  const hasMore = rows.length > q.limit;
  const items = hasMore ? rows.slice(0, q.limit) : rows;
  return { items, nextCursor: hasMore ? encodeCursor(items[items.length - 1].id) : null, total: Number(total) };
}

/**
 * QUEUED or RUNNING -> CANCELLED. A batch holds the import's row lock for its whole transaction,
 * so this waits for the batch under way to commit: once it answers, no further batch writes.
 */
export async function cancelImport(em: EntityManager, projectId: string, id: string): Promise<ImportRecord> {
  const existing = await getImport(em, projectId, id);
  const rows = await sqlRows<ImportRecord>(
    em,
    `update contact_imports set status = 'CANCELLED', finished_at = now() where id = ? and status in ('QUEUED', 'RUNNING') returning *`,
    [existing.id],
  );
  if (rows.length === 0) {
    const now = await getImport(em, projectId, id);
    throw new DomainError('CONFLICT', `Import ${id} is ${now.status}: only a QUEUED or RUNNING import can be cancelled`, {
      suggestion: 'Read the import with GET /contacts/imports/{id}.',
    });
  }
  return rows[0];
}
