import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import type { Email } from '../../db/entities/index.js';
import { emailState } from '../../core/emails/status.js';
import { sqlRows } from '../../db/sql.js';
import type { ActivityDeps } from '../deps.js';
import { withKeyLock } from '../lib/keyed-lock.js';
import { retrying } from '../lib/retry.js';
import { classifySmtpError, type OutgoingMessage, type SendResult, type SmtpFailure } from '../mailer.js';
import { EMAIL_BOUNCED, EMAIL_FAILED, FINAL_STATUSES, type DeliveryOutcome, type FinalStatus } from './outcome.js';
import { recordFailed, recordSent, recordSmtpFailure } from './record.js';

/** The sender's last check before the hand-off, in the send's transaction: why not to send, or null. */
export type SendFence = (tx: EntityManager) => Promise<string | null>;

/**
 * Lock, send, record, in ONE transaction that waits for nothing but the SMTP call (PGlite, the
 * embedded database, serves one transaction at a time). `start` waits for the pacing to admit the
 * send and returns its start on the database's clock; the mailer calls it with a connection ready.
 *
 * Holding the row lock across the SMTP call makes concurrent attempts for the same record (a retry
 * started while a timed-out attempt is still running, a sweeper workflow next to the API's) wait
 * for the first and then see SENT. A crashed process's lock dies with its connection. A failed
 * SENT write without a crash is retried in place and never resends.
 */
export async function sendAndRecord(
  deps: Pick<ActivityDeps, 'orm' | 'mailer' | 'deliveryFaults' | 'config'>,
  em: EntityManager,
  email: Email,
  message: OutgoingMessage,
  start: () => Promise<number>,
  fence?: SendFence,
): Promise<DeliveryOutcome> {
  let accepted: SendResult | undefined;
  let sentAt: Date | undefined;
  let smtp: { error: unknown; failure: SmtpFailure } | undefined;
  let outcome: DeliveryOutcome | null;
  // The embedded database serves one transaction at a time: there the send runs outside one,
  // under an in-process lock per email (the one process that opened PGlite is the only one
  // delivering from it), and each write is its own short transaction; otherwise every API call
  // would wait for the SMTP round trip.
  const guarded = <T>(body: (tx: EntityManager) => Promise<T>) =>
    deps.config.embeddedDatabase ? withKeyLock(email.id, () => body(em)) : em.transactional(body);
  try {
    outcome = await guarded(async (tx) => {
      const row = await emailState(tx, email.id, { lock: true });
      if (!row) throw ApplicationFailure.nonRetryable(`Email ${email.id} does not exist`, 'EMAIL_NOT_FOUND');
      if (FINAL_STATUSES.has(row.status)) return { emailId: email.id, status: row.status as FinalStatus, error: row.error, alreadyFinal: true };
      // The contact as it is now (it may have been deleted while this send waited), held until
      // the commit: a concurrent delete of it waits, or deadlocks with us here, before anything is
      // sent, never between the server's 250 and the events that reference it.
      if (row.contactId) await sqlRows(tx, 'select 1 from contacts where id = ? for key share', [row.contactId]);
      // The sender's own fence (an automation execution still RUNNING), held with the row lock
      // until the outcome commits: refused, the record is FAILED and nothing is sent.
      const refused = fence ? await fence(tx) : null;
      if (refused) return recordFailed(tx, email.id, refused);
      // The start is admitted once the mailer has a connection ready for this message.
      const admit = async () => {
        sentAt = new Date(await start());
        return true;
      };
      try {
        accepted = await deps.mailer.send(message, { admit });
      } catch (error) {
        smtp = { error, failure: classifySmtpError(error) };
        const failure = smtp.failure;
        return tx.transactional((sp) => recordSmtpFailure(sp, email, failure));
      }
      if (accepted.accepted.length === 0 && accepted.rejected.length > 0) {
        smtp = { error: new Error(accepted.response), failure: { permanent: true, status: 'BOUNCED', code: 550, message: `Recipient rejected: ${accepted.response}` } };
        accepted = undefined;
        const failure = smtp.failure;
        return tx.transactional((sp) => recordSmtpFailure(sp, email, failure));
      }
      await deps.deliveryFaults?.beforeRecordSent?.(email.id);
      // In a savepoint, retried in place: a failed statement (a deadlock on a counter row) must
      // not roll back the transaction and let go of the row lock while the message is out.
      const sent = accepted;
      return retrying(() => tx.transactional((sp) => recordSent(sp, email, sent, sentAt!)), 3);
    });
  } catch (dbError) {
    if (!accepted) throw dbError; // nothing left this process: the retry sends it
    // The server took the message but the SENT write failed: write it again, never resend from here.
    outcome = await retrying(() => deps.orm.em.fork().transactional((tx) => recordSent(tx, email, accepted!, sentAt!)));
  }
  if (smtp) {
    if (!outcome) throw smtp.error; // transient (4xx, connection): Temporal retries with backoff
    throw ApplicationFailure.nonRetryable(smtp.failure.message, outcome.status === 'BOUNCED' ? EMAIL_BOUNCED : EMAIL_FAILED, outcome);
  }
  if (!outcome!.alreadyFinal) await deps.deliveryFaults?.afterRecordSent?.(email.id);
  return outcome!;
}
