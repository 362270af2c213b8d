import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { findOptedOut } from '../core/contacts.js';
import { dkimForSender } from '../core/domains/domains.js';
import { recordEvent } from '../core/events/events.js';
import { acquireSendToken, claimSendStart, pacingFor, sendRateOf, type Pacing } from '../core/pacing.js';
import { findSuppressed, suppress } from '../core/suppressions.js';
import { decorateForDelivery } from '../core/tracking/links.js';
import { Email, Project } from '../db/entities/index.js';
import type { ActivityDeps } from './deps.js';
import { classifySmtpError, SMTP_POOL_CONNECTIONS, type OutgoingMessage, type SendResult, type SmtpFailure } from './mailer.js';

export type FinalStatus = 'SENT' | 'FAILED' | 'BOUNCED';
export interface DeliveryOutcome {
  emailId: string;
  status: FinalStatus;
  error?: string | null;
  /** The record was already final when this attempt looked: nothing was sent by it. */
  alreadyFinal?: boolean;
}

/** ApplicationFailure types of a permanent SMTP rejection (details[0] is the DeliveryOutcome). */
export const EMAIL_BOUNCED = 'EMAIL_BOUNCED';
export const EMAIL_FAILED = 'EMAIL_FAILED';

const FINAL = new Set(['SENT', 'FAILED', 'BOUNCED']);
const HEARTBEAT_EVERY_MS = 3_000;

type Exec = <T>(em: EntityManager, sql: string, params: unknown[], method?: 'all' | 'get' | 'run') => Promise<T>;
const exec: Exec = (em, sql, params, method = 'all') => em.getConnection().execute(sql, params, method, em.getTransactionContext()) as Promise<never>;

/*
 * Delivery of one email record, at most once per record as far as this service can know:
 *  1. claim: QUEUED/SENDING -> SENDING, attempts+1 (a final record returns at once);
 *  2. decorate (tracking, unsubscribe headers) and look up the DKIM key;
 *  3. pace (core/pacing.ts): reserve a slot in the project's shared bucket, sleep until it;
 *  4. in ONE transaction: lock the row, re-check it is not final, claim the start in the project's
 *     sliding window (waiting while it is full), send, mark SENT + events, commit.
 *     The claim is the rate guarantee, so it sits right before the SMTP call: little can happen
 *     between the two to bunch sends up. (On the embedded database, where a second connection
 *     would wait for this transaction, the claim comes just before the transaction instead.)
 * Holding the row lock across the SMTP call makes concurrent attempts for the same record (a retry
 * started while a timed-out attempt is still running, a sweeper workflow next to the API's) wait
 * for the first and then see SENT. A crashed process's lock dies with its connection.
 *
 * The window that remains: the server answers 250 and the process dies (or loses the database)
 * before the SENT commit. The retry then sends again with the same Message-ID, which receiving
 * systems use to drop duplicates. A failed SENT write without a crash is retried in place and
 * never resends. (PGlite, the embedded database, runs one session at a time: a send holds it for
 * the SMTP round trip, which is a local file write with the outbox mailer.)
 */
export function createMailActivities(deps: ActivityDeps) {
  const preparing = limiter(PREPARE_CONCURRENCY);
  const sending = limiter(SENDS_IN_FLIGHT);
  async function deliverEmail({ emailId }: { emailId: string }): Promise<DeliveryOutcome> {
    return withHeartbeat(async () => {
      const em = deps.orm.em.fork();
      // Everything but the send itself happens before taking a slot, so the send starts on time; a
      // few at a time, so a burst of new activities cannot starve this process's sends that are due.
      const prepared = await preparing.run(async () => {
        const final = await claim(em, emailId);
        if (final) return { final };
        const email = await em.findOneOrFail(Email, { id: emailId }, { populate: ['attachments'] as never });
        const refused = await notToBeSent(em, email);
        if (refused) return { final: await markEmailFailed({ emailId, error: refused }) };
        const project = await em.findOneOrFail(Project, { id: email.projectId });
        return { email, project, message: await composeMessage(em, email, project) };
      });
      if (prepared.final) return prepared.final;
      const { email, project, message } = prepared as Required<typeof prepared>;
      const pacing = pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond));
      await reserveSlot(em, project.id, pacing);
      const claimed = deps.config.embeddedDatabase ? await claimStart(em, project.id, pacing) : undefined;
      return sending.run(() => sendAndRecord(em, email, message, async () => claimed ?? claimStart(em, project.id, pacing)));
    });
  }

  async function composeMessage(em: EntityManager, email: Email, project: Project): Promise<OutgoingMessage> {
    const decoration = decorateForDelivery(email, project, deps.config);
    const dkim = await dkimForSender(em, email.projectId, email.fromEmail, deps.config.secretKey);
    return {
      emailId: email.id,
      messageId: email.messageId,
      from: { name: email.fromName, address: email.fromEmail },
      to: email.toEmail,
      replyTo: email.replyTo,
      subject: email.subject,
      html: decoration.html,
      text: email.textBody,
      attachments: email.attachments,
      headers: { ...email.headers, ...decoration.headers },
      returnPath: returnPathFor(deps.config.bounceAddress, email.id),
      dkim,
    };
  }

  /**
   * Step 4: lock, send, record. The transaction waits for nothing but the SMTP call (PGlite, the
   * embedded database, serves one transaction at a time). `start` waits for the pacing to admit
   * the send and returns its start on the database's clock.
   */
  async function sendAndRecord(em: EntityManager, email: Email, message: OutgoingMessage, start: () => Promise<number>): Promise<DeliveryOutcome> {
    let accepted: SendResult | undefined;
    let sentAt: Date | undefined;
    let smtp: { error: unknown; failure: SmtpFailure } | undefined;
    let outcome: DeliveryOutcome | null;
    try {
      outcome = await em.transactional(async (tx) => {
        const row = await exec<{ status: string; error: string | null; contact_id: string | null }>(
          tx,
          'select status, error, contact_id from emails where id = ? for update',
          [email.id],
          'get',
        );
        if (FINAL.has(row.status)) return { emailId: email.id, status: row.status as FinalStatus, error: row.error, alreadyFinal: true };
        // The contact as it is now (it may have been deleted while this send waited), held until
        // the commit: a concurrent delete of it waits, or deadlocks with us here, before anything is
        // sent, never between the server's 250 and the events that reference it.
        if (row.contact_id) await exec(tx, 'select 1 from contacts where id = ? for key share', [row.contact_id], 'all');
        sentAt = new Date(await start());
        try {
          accepted = await deps.mailer.send(message);
        } catch (error) {
          smtp = { error, failure: classifySmtpError(error) };
          return recordSmtpFailure(tx, email, smtp.failure);
        }
        if (accepted.accepted.length === 0 && accepted.rejected.length > 0) {
          smtp = { error: new Error(accepted.response), failure: { permanent: true, status: 'BOUNCED', code: 550, message: `Recipient rejected: ${accepted.response}` } };
          accepted = undefined;
          return recordSmtpFailure(tx, email, smtp.failure);
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

  /**
   * SENT, `email.sent` and (server accepted) `email.delivered`; a record already final is left
   * alone. `sentAt` is when the send started, on the database's clock (what the pacing controls).
   * The events name the record's contact as it is at this write (null once deleted).
   */
  async function recordSent(tx: EntityManager, email: Email, info: SendResult, sentAt: Date): Promise<DeliveryOutcome> {
    const updated = await exec<{ contact_id: string | null }[]>(
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

  /** Permanent: FAILED/BOUNCED + event (+ suppression for a hard bounce). Transient: keeps the error text for the record. */
  async function recordSmtpFailure(tx: EntityManager, email: Email, f: SmtpFailure): Promise<DeliveryOutcome | null> {
    const error = f.message.slice(0, 1000);
    if (!f.permanent) {
      await exec(tx, 'update emails set error = ?, updated_at = now() where id = ?', [error, email.id], 'run');
      return null; // the caller rethrows the SMTP error
    }
    const [row] = await exec<{ contact_id: string | null }[]>(
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

  /** Every retry used up (or timed out): the record becomes FAILED unless it already got a final status. */
  async function markEmailFailed({ emailId, error }: { emailId: string; error: string }): Promise<DeliveryOutcome> {
    return deps.orm.em.fork().transactional(async (tx) => {
      const rows = await exec<{ project_id: string; contact_id: string | null; campaign_id: string | null; message_id: string; to_email: string }[]>(
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
    });
  }

  /**
   * What changed since the email was queued (a backlog can take minutes): the address got
   * suppressed (a bounce, a complaint), or, for marketing mail, the contact opted out. Returns why
   * it must not be sent, or null.
   */
  async function notToBeSent(em: EntityManager, email: Email): Promise<string | null> {
    if ((await findSuppressed(em, email.projectId, [email.toEmail])).length > 0) {
      return 'Not sent: the address was put on the suppression list after the email was queued';
    }
    if (email.marketing && (await findOptedOut(em, email.projectId, [email.toEmail])).length > 0) {
      return 'Not sent: the recipient unsubscribed from marketing mail after the email was queued';
    }
    return null;
  }

  /** Step 1. Returns the outcome when the record is already final (nothing to do), else undefined. */
  async function claim(em: EntityManager, emailId: string): Promise<DeliveryOutcome | undefined> {
    const rows = await exec<unknown[]>(
      em,
      `update emails set status = 'SENDING', attempts = attempts + 1, updated_at = now() where id = ? and status in ('QUEUED','SENDING') returning id`,
      [emailId],
    );
    return rows.length > 0 ? undefined : currentOutcome(em, emailId);
  }

  async function currentOutcome(em: EntityManager, emailId: string): Promise<DeliveryOutcome> {
    const row = await exec<{ status: string; error: string | null } | undefined>(em, 'select status, error from emails where id = ?', [emailId], 'get');
    if (!row) throw ApplicationFailure.nonRetryable(`Email ${emailId} does not exist`, 'EMAIL_NOT_FOUND');
    return { emailId, status: row.status as FinalStatus, error: row.error, alreadyFinal: true };
  }

  return { deliverEmail, markEmailFailed };
}

/** `bounces@mail.example.com` -> `bounces+<email id>@mail.example.com` (what services/dsn.ts reads back). */
export function returnPathFor(bounceAddress: string | undefined, emailId: string): string | undefined {
  if (!bounceAddress) return undefined;
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${emailId}${bounceAddress.slice(at)}`;
}

/** Step 3: reserve a slot in the shared bucket and sleep until it (heartbeats keep running). */
export async function reserveSlot(em: EntityManager, projectId: string, pacing: Pacing): Promise<void> {
  for (;;) {
    const token = await acquireSendToken(em, projectId, pacing.reserveRate);
    await sleep(token.waitMs);
    if (token.granted) return;
  }
}

/** The start admitted by the project's sliding window (epoch ms, database clock), sleeping while it is full. */
export async function claimStart(em: EntityManager, projectId: string, pacing: Pacing): Promise<number> {
  for (;;) {
    const start = await claimSendStart(em, projectId, pacing);
    if (start.admitted) return start.startMs;
    await sleep(start.waitMs);
  }
}

const PREPARE_CONCURRENCY = 2;
/**
 * Step-4 transactions at once in this process: as many as nodemailer's pool sends at once, so an
 * admitted start never waits for an SMTP connection. Each holds a pooled database connection and,
 * to claim its start, briefly needs a second one: being fewer than the database pool's connections
 * (10, db/orm.ts), they can never all wait for each other.
 */
export const SENDS_IN_FLIGHT = SMTP_POOL_CONNECTIONS;

/** At most `n` calls of `run` at once in this process; the rest wait in order. */
export function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      while (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await fn();
      } finally {
        active--;
        waiting.shift()?.();
      }
    },
  };
}

/** Cancellation-aware sleep (the activity heartbeats, so a cancelled workflow stops the wait). */
const sleep = (ms: number) => Context.current().sleep(Math.max(0, ms));

/** Heartbeats while `fn` runs, so a dead worker is noticed within the heartbeat timeout, a slow send is not. */
async function withHeartbeat<T>(fn: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

async function retrying<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** i));
    }
  }
}
