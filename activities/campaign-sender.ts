import type { EntityManager } from '@mikro-orm/postgresql';
import { Context } from '@temporalio/activity';
import type { Campaign, Project } from '../db/entities/index.js';
import { findOptedOut } from '../core/contacts.js';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { prepareContent, recipientVariables, renderContent } from '../core/templates/render.js';
import { findSuppressed, suppress } from '../core/suppressions.js';
import { decorateForDelivery } from '../core/tracking/links.js';
import { fenceRefusal, handOffFence, recordOutcomes, type Outcome, type RecipientRow } from '../core/campaigns/recipients.js';
import type { ActivityDeps } from './deps.js';
import { returnPathFor, signingKeyFor } from './delivery/compose.js';
import { groupPacer } from './delivery/pace.js';
import { SENDS_IN_FLIGHT } from './mail.activities.js';
import { classifySmtpError, NotAdmittedError, prepareMessage, type OutgoingMessage } from './mailer.js';
import { sqlRows } from '../db/sql.js';
import { capCampaignRows, releaseUnsentCampaignSlots } from '../core/schedule/frequency-cap.js';
import { timingSettings } from '../core/schedule/settings.js';

/*
 * Delivers the claimed rows of one page over the pooled SMTP mailer:
 *  1. skip rows whose address is suppressed, or (MARKETING) whose contact opted out: SKIPPED;
 *  2. per row, in LANES concurrent lanes: render from the frozen campaign and the contact, compose
 *     and DKIM-sign (off the event loop), reserve a slot in the project's shared pacing bucket;
 *     then, with a ready SMTP connection in hand (the mailer's admit hook; as many at once as the
 *     pool has connections), have the start admitted by the shared sliding window, and pass the
 *     row's hand-off fence (core/campaigns/recipients.ts, handOffFence: the campaign still SENDING
 *     at the epoch this attempt started with, the row still QUEUED and claimed by this attempt;
 *     held until MAIL FROM is written) on the connection that carries it. Lanes that are ready
 *     together share one pacing round trip (activities/delivery/pace.ts, groupPacer);
 *  3. outcomes are buffered and written in one statement every FLUSH_MS or FLUSH_ROWS.
 * A row refused with 4xx is tried again (TRANSIENT_RETRIES here, then by the page's retry) until
 * it has been handed over DELIVERY_MAX_ATTEMPTS times in all; then it is FAILED with the last reply.
 * Never twice: a row is sent only while QUEUED and claimed by this attempt, and a retry skips
 * rows already final. The window that remains is the 250-before-commit one: if the process dies
 * after the server's 250 and before the outcome's batch commits (FLUSH_MS later, plus the write), the
 * retry sends those again with the same Message-ID.
 */
// Short: at the SMTP server's speed a buffered outcome is the crash window (sent, not yet recorded).
const FLUSH_MS = 50;
/**
 * Outcomes per write, and the most a page keeps unrecorded (buffered or being written): a lane
 * waits for the write before it hands more over. So a worker killed at any moment leaves at most
 * FLUSH_ROWS per page in flight plus its SMTP connections' sends unrecorded: the bound of the
 * crash window's repeats (test/campaigns-crash.timing.test.ts).
 */
export const FLUSH_ROWS = 100;
const HEARTBEAT_MS = 1_000;
const TRANSIENT_RETRIES = [1_000, 3_000];
/** Rows being prepared or paced while others are on the wire. */
const LANES = 4 * SENDS_IN_FLIGHT;

export interface SenderResult {
  /** A status other than SENDING seen by a fence (PAUSED, CANCELLED...), or the activity was cancelled. */
  stop?: string;
  /** Rows left QUEUED after transient failures: the page is retried later. */
  transientLeft: number;
}

/** `epoch`: the campaign's send_epoch read with its SENDING status before the rows were claimed. */
export async function deliverRows(
  deps: ActivityDeps,
  em: EntityManager,
  campaign: Campaign,
  project: Project,
  rows: RecipientRow[],
  claim: string,
  epoch: number,
): Promise<SenderResult> {
  const ctx = Context.current();
  const pending: Outcome[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let lastFlush = Date.now();
  let unrecorded = 0;
  const flush = () => {
    const batch = pending.splice(0);
    lastFlush = Date.now();
    flushing = flushing.then(() => writeOutcomes(em, campaign, batch)).finally(() => (unrecorded -= batch.length));
    return flushing;
  };
  const settle = (o: Outcome) => {
    unrecorded++;
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
  // 1b. The project's frequency cap (MARKETING only): rows over it are CAPPED, never sent later.
  const capped = await capCampaignRows(em, campaign, timingSettings(project.settings).frequencyCap, todo);
  for (const r of todo) if (capped.has(r.id)) settle({ id: r.id, status: 'CAPPED', error: 'Capped: the contact already got the most marketing mails the frequency cap allows' });
  if (capped.size > 0) todo.splice(0, todo.length, ...todo.filter((r) => !capped.has(r.id)));

  // 2. Per row.
  const contacts = await contactsById(em, todo.map((r) => r.contactId));
  const prepared = prepareContent({ subject: campaign.subject, body: campaign.body, type: 'html' });
  const dkim = await signingKeyFor(em, deps.config, campaign.projectId, campaign.fromEmail);
  const pacer = groupPacer(em, campaign.projectId, pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond)));
  const maxAttempts = deps.config.deliveryRetry.maximumAttempts;
  /** Set once a fence failed: the campaign's status (or PAUSED for a moved epoch); null when our claim moved. */
  let refusal: { stop?: string } | undefined;
  let cancelled = false;
  let transientLeft = 0;
  let next = 0;
  let done = 0;
  const heartbeat = setInterval(() => ctx.heartbeat({ done }), HEARTBEAT_MS);
  const stopped = () => cancelled || ctx.cancellationSignal.aborted || refusal !== undefined;

  const compose = (r: RecipientRow): OutgoingMessage => {
    const contact = contacts.get(r.contactId) ?? { id: r.contactId, email: r.toEmail, data: {} };
    const rendered = renderContent(prepared, recipientVariables(contact));
    const decoration = decorateForDelivery({ id: r.id, html: rendered.html, textBody: rendered.text, marketing: campaign.type === 'MARKETING' }, project, deps.config);
    return {
      emailId: r.id,
      messageId: r.messageId,
      from: { name: campaign.fromName, address: campaign.fromEmail },
      to: r.toEmail,
      replyTo: campaign.replyTo,
      subject: rendered.subject,
      html: decoration.html,
      text: decoration.text,
      headers: decoration.headers,
      returnPath: returnPathFor(deps.config.bounceAddress, r.id),
      dkim,
    };
  };

  /** One hand-off: undefined when the campaign stopped or the row is no longer ours. */
  const handOff = async (r: RecipientRow, msg: OutgoingMessage) => {
    while (unrecorded >= FLUSH_ROWS) await flush().catch(() => {});
    await pacer.reserve();
    if (stopped()) return undefined;
    let startMs: number | undefined;
    let attempts = 0;
    // Runs once the mailer holds a ready SMTP connection for this message (so nothing but the
    // fence and MAIL FROM follow the admitted start).
    const admit = async () => {
      if (stopped()) return false;
      startMs = await pacer.admit(async () => !stopped());
      if (startMs === undefined) return false;
      if (ctx.cancellationSignal.aborted) {
        cancelled = true;
        return false;
      }
      return true;
    };
    // On the connection that carries the message, right before MAIL FROM (after any replacement).
    const fence = async () => {
      const hold = await handOffFence(em, { campaignId: campaign.id, epoch, recipientId: r.id, claim });
      if (hold) attempts = hold.attempts;
      else refusal ??= { stop: await fenceRefusal(em, campaign.id, epoch) };
      return hold;
    };
    const result = await deps.mailer.send(msg, { admit, fence }).then((ok) => ({ ok }), (err: unknown) => ({ err }));
    if ('err' in result && result.err instanceof NotAdmittedError) return undefined;
    return { result, sentAt: new Date(startMs!), attempts };
  };

  const deliverOne = async (r: RecipientRow) => {
    const msg = await prepareMessage(compose(r));
    for (let retry = 0; ; retry++) {
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
      // Refused for now: as /v1/send, at most DELIVERY_MAX_ATTEMPTS hand-offs of the row (over all attempts of the page).
      if (sent.attempts >= maxAttempts) {
        return settle({ id: r.id, status: 'FAILED', error: `Gave up after ${sent.attempts} attempts: ${f.message}`, code: f.code ?? null });
      }
      if (retry >= TRANSIENT_RETRIES.length) {
        transientLeft++;
        return; // left QUEUED: the page activity fails and is retried with backoff
      }
      await ctx.sleep(TRANSIENT_RETRIES[retry]).catch(() => {});
    }
  };

  const lane = async () => {
    while (next < todo.length && !stopped()) {
      const r = todo[next++];
      await deliverOne(r);
      done++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(LANES, todo.length) }, lane));
  } finally {
    clearInterval(heartbeat);
    await flush();
    if (campaign.type === 'MARKETING') await releaseUnsentCampaignSlots(em, campaign.projectId, todo.map((r) => r.id), claim);
  }
  // A refusal without a status (our claim was taken: a newer attempt of the page runs) stops this
  // attempt quietly; Temporal ignores its result.
  const stop = refusal?.stop ?? (cancelled || ctx.cancellationSignal.aborted ? 'CANCELLED' : undefined);
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
