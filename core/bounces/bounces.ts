import type { EntityManager } from '@mikro-orm/postgresql';
import { noteCampaignEngagement } from '../../core/campaigns/engagement.js';
import { isUuid } from '../../db/ids.js';
import { normalizeEmail } from '../contacts.js';
import type { ParsedDsn, ReportType } from './dsn.js';
import { unsubscribeContact } from '../tracking/engagement.js';
import { recordEvent } from '../events/events.js';
import { suppress } from '../suppressions.js';
import { sqlFirst, sqlRun } from '../../db/sql.js';

/*
 * Bounces and complaints reported by a mail provider (webhook) or a DSN: hard bounces and
 * complaints put the address on the suppression list (a complaint also unsubscribes the contact);
 * soft bounces are only recorded.
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
}

async function matchEmail(em: EntityManager, projectId: string, r: BounceReport): Promise<MatchedEmail | null> {
  const id = r.emailId && isUuid(r.emailId) ? r.emailId.toLowerCase() : null;
  const mid = r.messageId?.trim().replace(/^<|>$/g, '') || null;
  if (!id && !mid) return null;
  const row = await sqlFirst<Record<string, any>>(
    em,
    `select * from (
       select id, contact_id, campaign_id from emails where project_id = ? and (id = ?::uuid or message_id in (?, ?))
       union all
       select id, (select c.id from contacts c where c.id = r.contact_id), campaign_id from campaign_recipients r
       where project_id = ? and (id = ?::uuid or message_id in (?, ?))
     ) m order by (id = ?::uuid) desc nulls last limit 1`,
    [projectId, id, mid, mid ? `<${mid}>` : null, projectId, id, mid, mid ? `<${mid}>` : null, id],
  );
  return row ? { id: row.id, contactId: row.contact_id ?? null, campaignId: row.campaign_id ?? null } : null;
}

/** The contact (locked: a concurrent unsubscribe records one event) by id, else by address. */
async function lockContact(em: EntityManager, projectId: string, contactId: string | null, email: string): Promise<{ id: string; subscribed: boolean } | null> {
  const row = await sqlFirst<Record<string, any>>(em, 'select id, subscribed from contacts where project_id = ? and id = coalesce(?::uuid, (select id from contacts where project_id = ? and email = ?)) for update', [projectId, contactId, projectId, email]);
  return row ? { id: row.id, subscribed: row.subscribed } : null;
}

async function processOne(em: EntityManager, projectId: string, r: BounceReport, source: string): Promise<BounceOutcome> {
  const email = normalizeEmail(r.email);
  const matched = await matchEmail(em, projectId, r);
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
 * Applies a batch of reports in one transaction (all or nothing), in order. Two batches (or a
 * batch and a delivery) may lock the same rows in opposite orders: PostgreSQL then aborts one as a
 * deadlock, and it is simply run again.
 */
export async function processBounces(em: EntityManager, projectId: string, reports: BounceReport[], source: string): Promise<BounceOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.fork().transactional(async (tem) => {
        const out: BounceOutcome[] = [];
        for (const r of reports) out.push(await processOne(tem, projectId, r, source));
        return out;
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

/** The reports a parsed DSN stands for, each tied to the bounced message when the DSN names it. */
export const reportsFromDsn = (dsn: ParsedDsn): BounceReport[] =>
  dsn.recipients.map((r) => ({
    type: r.type,
    email: r.email,
    ...(dsn.emailId ? { emailId: dsn.emailId } : {}),
    ...(dsn.messageId ? { messageId: dsn.messageId } : {}),
    ...(r.status ? { status: r.status } : {}),
    ...(r.diagnostic ? { diagnostic: r.diagnostic } : {}),
  }));
