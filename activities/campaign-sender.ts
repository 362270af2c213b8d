import type { EntityManager } from '@mikro-orm/postgresql';
import { Context } from '@temporalio/activity';
import type { Campaign, Project } from '../db/entities/index.js';
import { findOptedOut } from '../core/contacts.js';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { prepareContent, recipientVariables, renderContent } from '../core/templates/render.js';
import { findSuppressed, suppress } from '../core/suppressions.js';
import { decorateForDelivery } from '../core/tracking/links.js';
import { recordOutcomes, senderCheck, SENDER_LEASE_MS, type GateAnswer, type Outcome, type RecipientRow } from '../core/campaigns/recipients.js';
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
 *     pool has connections), have the start admitted by the shared sliding window, check the
 *     lease (core/campaigns/recipients.ts, senderCheck: still SENDING, still our claim; re-read at
 *     most every SENDER_LEASE_MS) and hand the message over. Lanes that are ready together share
 *     one pacing round trip (activities/delivery/pace.ts, groupPacer);
 *  3. outcomes are buffered and written in one statement every FLUSH_MS or FLUSH_ROWS.
 * Never twice: a row is sent only while QUEUED and claimed by this attempt, and a retry skips
 * rows already final. The window that remains is the 250-before-commit one: if the process dies
 * after the server's 250 and before the outcome's batch commits (FLUSH_MS later, plus the write), the
 * retry sends those again with the same Message-ID.
 */
// Short: at the SMTP server's speed a buffered outcome is the crash window (sent, not yet recorded).
const FLUSH_MS = 50;
const FLUSH_ROWS = 100;
const HEARTBEAT_MS = 1_000;
const TRANSIENT_RETRIES = [1_000, 3_000];
/** Rows being prepared or paced while others are on the wire. */
const LANES = 4 * SENDS_IN_FLIGHT;

export interface SenderResult {
  /** A status other than SENDING seen by the lease (PAUSED, CANCELLED...), or the activity was cancelled. */
  stop?: string;
  /** Rows left QUEUED after transient failures: the page is retried later. */
  transientLeft: number;
}

/** senderCheck at most once per SENDER_LEASE_MS, shared by the lanes; false once it said no. */
function senderLease(em: EntityManager, campaignId: string, claim: string) {
  let validUntil = 0;
  let refusal: Extract<GateAnswer, { go: false }> | undefined;
  let reading: Promise<void> | undefined;
  const read = async (recipientId: string) => {
    const t0 = performance.now();
    const answer = await senderCheck(em, campaignId, recipientId, claim);
    if (answer.go) validUntil = t0 + SENDER_LEASE_MS;
    else refusal = answer;
  };
  return {
    /** Whether `recipientId` may be handed over now; call right before the hand-off, in the same tick. */
    async holds(recipientId: string): Promise<boolean> {
      for (;;) {
        if (refusal) return false;
        if (performance.now() < validUntil) return true;
        reading ??= read(recipientId).finally(() => (reading = undefined));
        await reading;
      }
    },
    refusal: () => refusal,
  };
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
  // 1b. The project's frequency cap (MARKETING only): rows over it are CAPPED, never sent later.
  const capped = await capCampaignRows(em, campaign, timingSettings(project.settings).frequencyCap, todo);
  for (const r of todo) if (capped.has(r.id)) settle({ id: r.id, status: 'CAPPED', error: 'Capped: the contact already got the most marketing mails the frequency cap allows' });
  if (capped.size > 0) todo.splice(0, todo.length, ...todo.filter((r) => !capped.has(r.id)));

  // 2. Per row.
  const contacts = await contactsById(em, todo.map((r) => r.contactId));
  const prepared = prepareContent({ subject: campaign.subject, body: campaign.body, type: 'html' });
  const dkim = await signingKeyFor(em, deps.config, campaign.projectId, campaign.fromEmail);
  const pacer = groupPacer(em, campaign.projectId, pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond)));
  const lease = senderLease(em, campaign.id, claim);
  let cancelled = false;
  let transientLeft = 0;
  let next = 0;
  let done = 0;
  const heartbeat = setInterval(() => ctx.heartbeat({ done }), HEARTBEAT_MS);
  const stopped = () => cancelled || ctx.cancellationSignal.aborted || lease.refusal() !== undefined;

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

  /** One hand-off: undefined when the campaign stopped or the row is no longer ours. */
  const handOff = async (r: RecipientRow, msg: OutgoingMessage) => {
    await pacer.reserve();
    if (stopped()) return undefined;
    let startMs: number | undefined;
    // Runs once the mailer holds a ready SMTP connection for this message (so nothing but MAIL
    // FROM follows the admitted start). The lease is read before the admission, so that a lease
    // read does not sit between the start and MAIL FROM; right after the admission it is checked
    // again, without a read unless it ran out meanwhile (a start not used is released).
    const admit = async () => {
      if (stopped() || !(await lease.holds(r.id))) return false;
      startMs = await pacer.admit(() => lease.holds(r.id));
      if (startMs === undefined) return false;
      if (ctx.cancellationSignal.aborted) {
        cancelled = true;
        return false;
      }
      return true;
    };
    const result = await deps.mailer.send(msg, { admit }).then((ok) => ({ ok }), (err: unknown) => ({ err }));
    if ('err' in result && result.err instanceof NotAdmittedError) return undefined;
    return { result, sentAt: new Date(startMs!) };
  };

  const deliverOne = async (r: RecipientRow) => {
    const msg = await prepareMessage(compose(r));
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
  const stop = lease.refusal()?.stop ?? (cancelled || ctx.cancellationSignal.aborted ? 'CANCELLED' : undefined);
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
