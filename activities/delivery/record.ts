import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { recordEmailOutcomes, type EmailOutcome } from '../../core/emails/outcomes.js';
import { beginAttempt, emailState, noteTransientError } from '../../core/emails/status.js';
import type { Email } from '../../db/entities/index.js';
import type { SendResult, SmtpFailure } from '../mailer.js';
import type { DeliveryOutcome, FinalStatus } from './outcome.js';

/*
 * The outcomes of one email record's delivery, in the caller's transaction: the single-record case
 * of core/emails/outcomes.ts (status change, `email.*` events, hard-bounce suppression), which
 * every sender writes its outcomes through.
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

/** One outcome written; the record's current outcome when it was already final. */
async function recordOne(tx: EntityManager, outcome: EmailOutcome): Promise<DeliveryOutcome> {
  const [changed] = await recordEmailOutcomes(tx, [outcome]);
  if (!changed) return currentOutcome(tx, outcome.id);
  return outcome.status === 'SENT' ? { emailId: outcome.id, status: 'SENT' } : { emailId: outcome.id, status: outcome.status, error: outcome.error };
}

/**
 * SENT, `email.sent` and (server accepted) `email.delivered`; a record already final is left
 * alone. `sentAt` is when the send started, on the database's clock (what the pacing controls).
 */
export function recordSent(tx: EntityManager, email: Email, info: SendResult, sentAt: Date): Promise<DeliveryOutcome> {
  return recordOne(tx, { id: email.id, status: 'SENT', sentAt, response: info.response, delivered: info.accepted.length > 0 });
}

/** Permanent: FAILED/BOUNCED + event (+ suppression for a hard bounce). Transient: keeps the error text, returns null. */
export async function recordSmtpFailure(tx: EntityManager, email: Email, f: SmtpFailure): Promise<DeliveryOutcome | null> {
  const error = f.message.slice(0, 1000);
  if (!f.permanent) {
    await noteTransientError(tx, email.id, error);
    return null; // the caller rethrows the SMTP error
  }
  return recordOne(tx, { id: email.id, status: f.status, error, code: f.code ?? null });
}

/** FAILED + `email.failed`, unless the record already got a final status. */
export function recordFailed(tx: EntityManager, emailId: string, error: string): Promise<DeliveryOutcome> {
  return recordOne(tx, { id: emailId, status: 'FAILED', error, code: null });
}
