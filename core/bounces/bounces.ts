import type { EntityManager } from '@mikro-orm/postgresql';
import { noteCampaignEngagement } from '../../core/campaigns/engagement.js';
import { isUuid } from '../../db/ids.js';
import { normalizeEmail } from '../contacts.js';
import { validationError } from '../errors.js';
import type { ParsedDsn, ReportType } from './dsn.js';
import { unsubscribeContact } from '../tracking/engagement.js';
import { recordEvent } from '../events/events.js';
import { suppress } from '../suppressions.js';
import { sqlFirst, sqlRun, transactionRetried } from '../../db/sql.js';

/*
 * Bounces and complaints reported by a mail provider (webhook) or a DSN: hard bounces and
 * complaints put the address on the suppression list (a complaint also unsubscribes the contact);
 * soft bounces are only recorded. A DSN is untrusted (anyone can mail the bounce address): it acts
 * only on a message of the project it matched, and on that message's recipient, never on an
 * address the report names.
 */

export interface BounceReport {
  type: ReportType;
  email: string;
  /** Our email record id (also in the `X-Mailhub-Email-Id` header of sent mail). */
  emailId?: string;
  /** The Message-ID of the sent message, with or without angle brackets. */
  messageId?: string;
  diagnostic?: string;
  /** Enhanced status code, e.g. `5.1.1`. */
  status?: string;
  /** When the provider saw it (ISO 8601); kept in the event data. */
  timestamp?: string;
}

export interface BounceOutcome {
  type: ReportType;
  email: string;
  /** The matched email record, if any. */
  emailId: string | null;
  suppressed: boolean;
  event: 'email.bounced' | 'email.complained';
  eventId: string;
}

interface MatchedEmail {
  id: string;
  contactId: string | null;
  campaignId: string | null;
  /** The address the message was sent to, normalized. */
  toEmail: string;
}

async function matchEmail(em: EntityManager, projectId: string, r: Pick<BounceReport, 'emailId' | 'messageId'>): Promise<MatchedEmail | null> {
  const id = r.emailId && isUuid(r.emailId) ? r.emailId.toLowerCase() : null;
  const mid = r.messageId?.trim().replace(/^<|>$/g, '') || null;
  if (!id && !mid) return null;
  const row = await sqlFirst<Record<string, any>>(
    em,
    `select * from (
       select id, contact_id, campaign_id, to_email from emails where project_id = ? and (id = ?::uuid or message_id in (?, ?))
       union all
       select id, (select c.id from contacts c where c.id = r.contact_id), campaign_id, to_email from campaign_recipients r
       where project_id = ? and (id = ?::uuid or message_id in (?, ?))
     ) m order by (id = ?::uuid) desc nulls last limit 1`,
    [projectId, id, mid, mid ? `<${mid}>` : null, projectId, id, mid, mid ? `<${mid}>` : null, id],
  );
  return row ? { id: row.id, contactId: row.contact_id ?? null, campaignId: row.campaign_id ?? null, toEmail: normalizeEmail(row.to_email) } : null;
}

/** The contact (locked: a concurrent unsubscribe records one event) by id, else by address. */
async function lockContact(em: EntityManager, projectId: string, contactId: string | null, email: string): Promise<{ id: string; subscribed: boolean } | null> {
  const row = await sqlFirst<Record<string, any>>(em, 'select id, subscribed from contacts where project_id = ? and id = coalesce(?::uuid, (select id from contacts where project_id = ? and email = ?)) for update', [projectId, contactId, projectId, email]);
  return row ? { id: row.id, subscribed: row.subscribed } : null;
}

/** Applies one report about `email` (the matched message's recipient when there is one). */
async function applyReport(em: EntityManager, projectId: string, r: BounceReport, matched: MatchedEmail | null, source: string): Promise<BounceOutcome> {
  const email = normalizeEmail(r.email);
  const contact = await lockContact(em, projectId, matched?.contactId ?? null, email);
  const contactId = contact?.id ?? null;
  const permanent = r.type !== 'soft_bounce';
  if (permanent) await suppress(em, projectId, email, r.type === 'complaint' ? 'COMPLAINT' : 'HARD_BOUNCE', source);
  // Someone who reported the mail as spam did not want it: unsubscribed too, so a lifted
  // suppression does not bring the marketing mail back.
  if (r.type === 'complaint' && contact) {
    await unsubscribeContact(em, { projectId, contactId: contact.id, subscribed: contact.subscribed, emailId: matched?.id ?? null, campaignId: matched?.campaignId ?? null, email, source: 'complaint' });
  }
  if (r.type === 'hard_bounce' && matched) {
    await sqlRun(em, `update emails set status = 'BOUNCED', error = ?, updated_at = now() where id = ?`, [(r.diagnostic ?? (r.status ? `Bounced with status ${r.status}` : 'Hard bounce')).slice(0, 2000), matched.id]);
  }
  const name = r.type === 'complaint' ? ('email.complained' as const) : ('email.bounced' as const);
  const data: Record<string, unknown> = { email, source };
  if (r.type !== 'complaint') data.type = r.type === 'hard_bounce' ? 'hard' : 'soft';
  if (r.status) data.status = r.status;
  if (r.diagnostic) data.diagnostic = r.diagnostic.slice(0, 2000);
  if (r.timestamp) data.reportedAt = r.timestamp;
  const ev = await recordEvent(em, { projectId, name, contactId, emailId: matched?.id ?? null, campaignId: matched?.campaignId ?? null, data });
  if (matched?.campaignId && r.type !== 'soft_bounce') await noteCampaignEngagement(em, matched.id, r.type === 'complaint' ? 'complained' : 'bounced');
  return { type: r.type, email, emailId: matched?.id ?? null, suppressed: permanent, event: name, eventId: ev.id };
}

/**
 * Runs `fn` in one transaction (all or nothing). Two batches (or a batch and a delivery) may lock
 * the same rows in opposite orders: PostgreSQL then aborts one as a deadlock, and it is simply run again.
 */
const inTransaction = <T>(em: EntityManager, fn: (tem: EntityManager) => Promise<T>): Promise<T> => transactionRetried(em.fork(), fn);

/**
 * Applies a batch of reports from a trusted caller (the JSON webhook) in one transaction, in
 * order. A report whose emailId/messageId names a message sent to another address than its
 * `email` is refused (the whole batch): suppressing one address and unsubscribing another is never
 * what the caller meant. `batch`: the body was an array (error fields are then `<index>.<key>`).
 */
export async function processBounces(em: EntityManager, projectId: string, reports: BounceReport[], source: string, opts: { batch?: boolean } = {}): Promise<BounceOutcome[]> {
  return inTransaction(em, async (tem) => {
    const out: BounceOutcome[] = [];
    for (const [i, r] of reports.entries()) {
      const matched = await matchEmail(tem, projectId, r);
      if (matched && matched.toEmail !== normalizeEmail(r.email)) {
        const key = r.emailId && matched.id === r.emailId.toLowerCase() ? 'emailId' : 'messageId';
        throw validationError(
          [{ field: `${opts.batch ? `${i}.` : ''}${key}`, message: 'names a message sent to another address than `email`', code: 'recipient_mismatch' }],
          'The report names a message sent to another address',
        );
      }
      out.push(await applyReport(tem, projectId, r, matched, source));
    }
    return out;
  });
}

const notABounce = (message: string) => validationError([{ field: 'body', message, code: 'invalid_dsn' }], 'Not a bounce report');

/**
 * Applies a parsed DSN or abuse report (untrusted input). It must match a message of the project
 * by its VERP return path or returned Message-ID, else it changes nothing (422); the report is
 * then about that message's recipient, whatever address it names (a forged report must not
 * suppress an address of its choosing). A message has one recipient, so one report: the
 * recipient group naming it, else the first permanent one, else the first.
 */
export async function processDsn(em: EntityManager, projectId: string, dsn: ParsedDsn): Promise<BounceOutcome[]> {
  // A mail message has no NUL characters (RFC 5322), and PostgreSQL text cannot hold one.
  if (dsn.hasNul) throw notABounce('must not contain NUL characters');
  if (dsn.recipients.length === 0) throw notABounce('No failed or delayed recipient (or feedback report) found in the message');
  return inTransaction(em, async (tem) => {
    const matched = await matchEmail(tem, projectId, { emailId: dsn.emailId ?? undefined, messageId: dsn.messageId ?? undefined });
    if (!matched) {
      throw validationError(
        [{ field: 'body', message: 'matches no message of this project (by the VERP return path it was sent to, or the returned Message-ID)', code: 'unmatched_dsn' }],
        'The bounce report matches no message of this project; nothing was changed',
      );
    }
    const g = dsn.recipients.find((x) => x.email === matched.toEmail) ?? dsn.recipients.find((x) => x.type !== 'soft_bounce') ?? dsn.recipients[0]!;
    const report: BounceReport = { type: g.type, email: matched.toEmail, ...(g.status ? { status: g.status } : {}), ...(g.diagnostic ? { diagnostic: g.diagnostic } : {}) };
    return [await applyReport(tem, projectId, report, matched, 'dsn')];
  });
}
