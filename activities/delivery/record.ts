import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { beginAttempt, emailState, markGivenUp, markRefused, markSent, noteTransientError } from '../../core/emails/status.js';
import { recordEvent } from '../../core/events/events.js';
import { suppress } from '../../core/suppressions.js';
import type { Email } from '../../db/entities/index.js';
import type { SendResult, SmtpFailure } from '../mailer.js';
import type { DeliveryOutcome, FinalStatus } from './outcome.js';

/*
 * The outcomes of one email record's delivery: its status transition (core/emails/status.ts) and
 * the `email.*` events written with it, in the caller's transaction.
 */

/** Step 1: QUEUED/SENDING -> SENDING, attempts + 1. Returns the outcome when the record is already final, else undefined. */
export async function startAttempt(em: EntityManager, emailId: string): Promise<DeliveryOutcome | undefined> {
  return (await beginAttempt(em, emailId)) ? undefined : currentOutcome(em, emailId);
}

export async function currentOutcome(em: EntityManager, emailId: string): Promise<DeliveryOutcome> {
  const row = await emailState(em, emailId);
  if (!row) throw ApplicationFailure.nonRetryable(`Email ${emailId} does not exist`, 'EMAIL_NOT_FOUND');
  return { emailId, status: row.status as FinalStatus, error: row.error, alreadyFinal: true };
}

/**
 * SENT, `email.sent` and (server accepted) `email.delivered`; a record already final is left
 * alone. `sentAt` is when the send started, on the database's clock (what the pacing controls).
 * The events name the record's contact as it is at this write (null once deleted).
 */
export async function recordSent(tx: EntityManager, email: Email, info: SendResult, sentAt: Date): Promise<DeliveryOutcome> {
  const updated = await markSent(tx, email.id, sentAt);
  if (!updated) return currentOutcome(tx, email.id);
  const base = { projectId: email.projectId, contactId: updated.contactId, emailId: email.id, campaignId: email.campaignId };
  const data = { messageId: email.messageId, to: email.toEmail, response: info.response };
  await recordEvent(tx, { ...base, name: 'email.sent', data });
  if (info.accepted.length > 0) await recordEvent(tx, { ...base, name: 'email.delivered', data });
  return { emailId: email.id, status: 'SENT' };
}

/** Permanent: FAILED/BOUNCED + event (+ suppression for a hard bounce). Transient: keeps the error text, returns null. */
export async function recordSmtpFailure(tx: EntityManager, email: Email, f: SmtpFailure): Promise<DeliveryOutcome | null> {
  const error = f.message.slice(0, 1000);
  if (!f.permanent) {
    await noteTransientError(tx, email.id, error);
    return null; // the caller rethrows the SMTP error
  }
  const row = await markRefused(tx, email.id, f.status, error);
  const name = f.status === 'BOUNCED' ? 'email.bounced' : 'email.failed';
  await recordEvent(tx, {
    projectId: email.projectId, contactId: row.contactId, emailId: email.id, campaignId: email.campaignId, name,
    data: { messageId: email.messageId, to: email.toEmail, error, code: f.code ?? null },
  });
  if (f.status === 'BOUNCED') await suppress(tx, email.projectId, email.toEmail, 'HARD_BOUNCE', 'smtp');
  return { emailId: email.id, status: f.status, error };
}

/** FAILED + `email.failed`, unless the record already got a final status. */
export async function recordFailed(tx: EntityManager, emailId: string, error: string): Promise<DeliveryOutcome> {
  const r = await markGivenUp(tx, emailId, error);
  if (!r) return currentOutcome(tx, emailId);
  await recordEvent(tx, {
    projectId: r.projectId, contactId: r.contactId, emailId, campaignId: r.campaignId, name: 'email.failed',
    data: { messageId: r.messageId, to: r.toEmail, error: error.slice(0, 1000), code: null },
  });
  return { emailId, status: 'FAILED', error };
}
