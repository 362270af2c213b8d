import type { EntityManager } from '@mikro-orm/postgresql';
import { Context } from '@temporalio/activity';
import type { Campaign, Project } from '../db/entities/index.js';
import { findOptedOut } from '../core/contacts.js';
import { dkimForSender } from '../core/domains/domains.js';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { prepareContent, recipientVariables, renderContent } from '../core/templates/render.js';
import { findSuppressed, suppress } from '../core/suppressions.js';
import { decorateForDelivery } from '../core/tracking/links.js';
import { gate, recordOutcomes, type Outcome, type RecipientRow } from '../core/campaigns/recipients.js';
import type { ActivityDeps } from './deps.js';
import { returnPathFor } from './delivery/compose.js';
import { admitStart, reserveSlot } from './delivery/pace.js';
import { SENDS_IN_FLIGHT } from './mail.activities.js';
import { classifySmtpError, type OutgoingMessage, type SendResult } from './mailer.js';
import { sqlRows } from '../db/sql.js';

/*
 * Delivers the claimed rows of one page, SENDS_IN_FLIGHT at a time over the pooled SMTP mailer:
 *  1. skip rows whose address is suppressed, or (MARKETING) whose contact opted out: SKIPPED;
 *  2. per row: render from the frozen campaign and the contact, pace (the shared PostgreSQL
 *     limiter of /v1/send), then the gate (core/campaigns/recipients.ts): a short transaction that
 *     holds the campaign's lock shared while it checks status + claim and hands the message to SMTP;
 *  3. outcomes are buffered and written in one statement every FLUSH_MS or FLUSH_ROWS.
 * Never twice: a row is sent only while QUEUED and claimed by this attempt, and a retry skips
 * rows already final. The window that remains is the 250-before-commit one, here at most one
 * flush batch (FLUSH_ROWS, FLUSH_MS) plus the messages in flight: if the process dies after the
 * server's 250 and before the batch commits, the retry sends those again with the same Message-ID.
 */
const FLUSH_MS = 250;
const FLUSH_ROWS = 100;
const HEARTBEAT_MS = 1_000;
const TRANSIENT_RETRIES = [1_000, 3_000];

export interface SenderResult {
  /** A status other than SENDING seen at a gate (PAUSED, CANCELLED...), or the activity was cancelled. */
  stop?: string;
  /** Rows left QUEUED after transient failures: the page is retried later. */
  transientLeft: number;
}

export async function deliverRows(deps: ActivityDeps, em: EntityManager, campaign: Campaign, project: Project, rows: RecipientRow[], claim: string): Promise<SenderResult> {
  const ctx = Context.current();
  const pending: Outcome[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let lastFlush = Date.now();
  const flush = () => {
    const batch = pending.splice(0);
    lastFlush = Date.now();
    flushing = flushing.then(() => writeOutcomes(em, campaign, batch));
    return flushing;
  };
  const settle = (o: Outcome) => {
    pending.push(o);
    if (pending.length >= FLUSH_ROWS || Date.now() - lastFlush >= FLUSH_MS) void flush().catch(() => {});
  };

  // 1. Addresses that must not get it (found at send time: counted as skipped, not failed).
  const emails = rows.map((r) => r.toEmail);
  const suppressed = new Set((await findSuppressed(em, campaign.projectId, emails)).map((s) => s.email));
  const optedOut = new Set(campaign.type === 'MARKETING' ? await findOptedOut(em, campaign.projectId, emails) : []);
  const todo: RecipientRow[] = [];
  for (const r of rows) {
    if (suppressed.has(r.toEmail)) settle({ id: r.id, status: 'SKIPPED', error: 'Skipped: the address is on the suppression list' });
    else if (optedOut.has(r.toEmail)) settle({ id: r.id, status: 'SKIPPED', error: 'Skipped: the contact unsubscribed from marketing mail' });
    else todo.push(r);
  }

  // 2. Per row.
  const contacts = await contactsById(em, todo.map((r) => r.contactId));
  const prepared = prepareContent({ subject: campaign.subject, body: campaign.body, type: 'html' });
  const dkim = await dkimForSender(em, campaign.projectId, campaign.fromEmail, deps.config.secretKey);
  const pacing = pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond));
  let stop: string | undefined;
  let transientLeft = 0;
  let next = 0;
  let done = 0;
  const heartbeat = setInterval(() => ctx.heartbeat({ done }), HEARTBEAT_MS);

  const compose = (r: RecipientRow): OutgoingMessage => {
    const contact = contacts.get(r.contactId) ?? { id: r.contactId, email: r.toEmail, data: {} };
    const rendered = renderContent(prepared, recipientVariables(contact));
    const decoration = decorateForDelivery({ id: r.id, html: rendered.html, marketing: campaign.type === 'MARKETING' }, project, deps.config);
    return {
      emailId: r.id,
      messageId: r.messageId,
      from: { name: campaign.fromName, address: campaign.fromEmail },
      to: r.toEmail,
      replyTo: campaign.replyTo,
      subject: rendered.subject,
      html: decoration.html,
      text: rendered.text,
      headers: decoration.headers,
      returnPath: returnPathFor(deps.config.bounceAddress, r.id),
      dkim,
    };
  };

  /** One hand-off through the gate; undefined when the gate said no. */
  const handOff = async (r: RecipientRow, msg: OutgoingMessage) => {
    await reserveSlot(em, campaign.projectId, pacing);
    const startMs = await admitStart(em, campaign.projectId, pacing);
    let sending: Promise<{ ok: SendResult } | { err: unknown }> | undefined;
    await em.transactional(async (tx) => {
      const answer = await gate(tx, campaign.id, r.id, claim);
      if (!answer.go) {
        stop ??= answer.stop;
        return;
      }
      if (ctx.cancellationSignal.aborted) {
        stop ??= 'CANCELLED';
        return;
      }
      sending = deps.mailer.send(msg).then((ok) => ({ ok }), (err: unknown) => ({ err }));
    });
    return sending ? { result: await sending, sentAt: new Date(startMs) } : undefined;
  };

  const deliverOne = async (r: RecipientRow) => {
    const msg = compose(r);
    for (let attempt = 0; ; attempt++) {
      const sent = await handOff(r, msg);
      if (!sent) return;
      const res = sent.result;
      if ('ok' in res && res.ok.accepted.length > 0) {
        return settle({ id: r.id, status: 'SENT', sentAt: sent.sentAt, response: res.ok.response });
      }
      const f = 'ok' in res
        ? { permanent: true, status: 'BOUNCED' as const, code: 550, message: `Recipient rejected: ${res.ok.response}` }
        : classifySmtpError(res.err);
      if (f.permanent) return settle({ id: r.id, status: f.status, error: f.message, code: f.code ?? null });
      if (attempt >= TRANSIENT_RETRIES.length) {
        transientLeft++;
        return; // left QUEUED: the page activity fails and is retried with backoff
      }
      await ctx.sleep(TRANSIENT_RETRIES[attempt]).catch(() => {});
    }
  };

  const lane = async () => {
    while (next < todo.length && !stop && !ctx.cancellationSignal.aborted) {
      const r = todo[next++];
      await deliverOne(r);
      done++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(SENDS_IN_FLIGHT, todo.length) }, lane));
  } finally {
    clearInterval(heartbeat);
    await flush();
  }
  if (!stop && ctx.cancellationSignal.aborted) stop = 'CANCELLED';
  return { stop, transientLeft };
}

/** Writes a batch (retried: the server already took these messages; only the record is missing). */
async function writeOutcomes(em: EntityManager, campaign: Campaign, batch: Outcome[]): Promise<void> {
  if (batch.length === 0) return;
  for (let i = 1; ; i++) {
    try {
      await em.transactional(async (tx) => {
        const changed = await recordOutcomes(tx, campaign, batch);
        for (const row of changed) if (row.status === 'BOUNCED') await suppress(tx, campaign.projectId, row.toEmail, 'HARD_BOUNCE', 'smtp');
      });
      return;
    } catch (err) {
      if (i >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * 2 ** i));
    }
  }
}

async function contactsById(em: EntityManager, ids: string[]) {
  const rows = ids.length
    ? await sqlRows<{ id: string; email: string; data: Record<string, unknown> }>(em, 'select id, email, data from contacts where id in (select jsonb_array_elements_text(?::jsonb)::uuid)', [JSON.stringify(ids)])
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}
