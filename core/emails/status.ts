import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';

/*
 * The status transitions of an email record during delivery, the only statements that change
 * them: here the attempt's start and a transient error; the final status, with its events, in
 * ./outcomes.ts (recordEmailOutcomes). Each is guarded so that a record already SENT, FAILED or
 * BOUNCED is never changed again:
 *   QUEUED/SENDING -> SENDING (an attempt starts) -> SENT | FAILED | BOUNCED.
 */

const OPEN = `status in ('QUEUED','SENDING')`;
const trimmed = (error: string) => error.slice(0, 1000);

/** QUEUED/SENDING -> SENDING, attempts + 1. False when the record is already final (or gone). */
export async function beginAttempt(em: EntityManager, emailId: string): Promise<boolean> {
  const rows = await sqlRows(em, `update emails set status = 'SENDING', attempts = attempts + 1, updated_at = now() where id = ? and ${OPEN} returning id`, [emailId]);
  return rows.length > 0;
}

/** The record's status and last error, optionally locked for the send (FOR UPDATE), with its contact. */
export async function emailState(
  em: EntityManager,
  emailId: string,
  opts: { lock?: boolean } = {},
): Promise<{ status: string; error: string | null; contactId: string | null } | undefined> {
  const row = await sqlFirst<{ status: string; error: string | null; contact_id: string | null }>(
    em,
    `select status, error, contact_id from emails where id = ?${opts.lock ? ' for update' : ''}`,
    [emailId],
  );
  return row && { status: row.status, error: row.error, contactId: row.contact_id };
}

/** A transient refusal: the status stays, the reply is kept as the error (the send is retried). */
export async function noteTransientError(em: EntityManager, emailId: string, error: string): Promise<void> {
  await sqlRun(em, 'update emails set error = ?, updated_at = now() where id = ?', [trimmed(error), emailId]);
}
