import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { recordEvent } from '../../core/events/events.js';
import { suppress } from '../../core/suppressions.js';
import type { Email } from '../../db/entities/index.js';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';
import type { SendResult, SmtpFailure } from '../mailer.js';
import type { DeliveryOutcome, FinalStatus } from './outcome.js';

/*
 * The status changes of an email record during delivery, each guarded so that a record already
 * SENT, FAILED or BOUNCED is never changed again.
 */

/** Step 1: QUEUED/SENDING -> SENDING, attempts + 1. Returns the outcome when the record is already final, else undefined. */
export async function startAttempt(em: EntityManager, emailId: string): Promise<DeliveryOutcome | undefined> {
  const rows = await sqlRows(
    em,
    `update emails set status = 'SENDING', attempts = attempts + 1, updated_at = now() where id = ? and status in ('QUEUED','SENDING') returning id`,
    [emailId],
  );
  return rows.length > 0 ? undefined : currentOutcome(em, emailId);
}

export async function currentOutcome(em: EntityManager, emailId: string): Promise<DeliveryOutcome> {
  const row = await sqlFirst<{ status: string; error: string | null }>(em, 'select status, error from emails where id = ?', [emailId]);
  if (!row) throw ApplicationFailure.nonRetryable(`Email ${emailId} does not exist`, 'EMAIL_NOT_FOUND');
  return { emailId, status: row.status as FinalStatus, error: row.error, alreadyFinal: true };
}

/**
 * SENT, `email.sent` and (server accepted) `email.delivered`; a record already final is left
 * alone. `sentAt` is when the send started, on the database's clock (what the pacing controls).
 * The events name the record's contact as it is at this write (null once deleted).
 */
export async function recordSent(tx: EntityManager, email: Email, info: SendResult, sentAt: Date): Promise<DeliveryOutcome> {
  const updated = await sqlRows<{ contact_id: string | null }>(
    tx,
    `update emails set status = 'SENT', sent_at = ?, error = null, updated_at = now() where id = ? and status in ('QUEUED','SENDING') returning contact_id`,
    [sentAt, email.id],
  );
  if (updated.length === 0) return currentOutcome(tx, email.id);
  const base = { projectId: email.projectId, contactId: updated[0].contact_id, emailId: email.id, campaignId: email.campaignId };
  const data = { messageId: email.messageId, to: email.toEmail, response: info.response };
  await recordEvent(tx, { ...base, name: 'email.sent', data });
  if (info.accepted.length > 0) await recordEvent(tx, { ...base, name: 'email.delivered', data });
  return { emailId: email.id, status: 'SENT' };
}

/** Permanent: FAILED/BOUNCED + event (+ suppression for a hard bounce). Transient: keeps the error text, returns null. */
export async function recordSmtpFailure(tx: EntityManager, email: Email, f: SmtpFailure): Promise<DeliveryOutcome | null> {
  const error = f.message.slice(0, 1000);
  if (!f.permanent) {
    await sqlRun(tx, 'update emails set error = ?, updated_at = now() where id = ?', [error, email.id]);
    return null; // the caller rethrows the SMTP error
  }
  const [row] = await sqlRows<{ contact_id: string | null }>(
    tx,
    'update emails set status = ?, error = ?, updated_at = now() where id = ? returning contact_id',
    [f.status, error, email.id],
  );
  const name = f.status === 'BOUNCED' ? 'email.bounced' : 'email.failed';
  await recordEvent(tx, {
    projectId: email.projectId, contactId: row.contact_id, emailId: email.id, campaignId: email.campaignId, name,
    data: { messageId: email.messageId, to: email.toEmail, error, code: f.code ?? null },
  });
  if (f.status === 'BOUNCED') await suppress(tx, email.projectId, email.toEmail, 'HARD_BOUNCE', 'smtp');
  return { emailId: email.id, status: f.status, error };
}

/** FAILED + `email.failed`, unless the record already got a final status. */
export async function recordFailed(tx: EntityManager, emailId: string, error: string): Promise<DeliveryOutcome> {
  const rows = await sqlRows<{ project_id: string; contact_id: string | null; campaign_id: string | null; message_id: string; to_email: string }>(
    tx,
    `update emails set status = 'FAILED', error = ?, updated_at = now() where id = ? and status in ('QUEUED','SENDING')
     returning project_id, contact_id, campaign_id, message_id, to_email`,
    [error.slice(0, 1000), emailId],
  );
  if (rows.length === 0) return currentOutcome(tx, emailId);
  const r = rows[0];
  await recordEvent(tx, {
    projectId: r.project_id, contactId: r.contact_id, emailId, campaignId: r.campaign_id, name: 'email.failed',
    data: { messageId: r.message_id, to: r.to_email, error: error.slice(0, 1000), code: null },
  });
  return { emailId, status: 'FAILED', error };
}
