import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvent } from '../events/events.js';
import { suppress } from '../suppressions.js';
import { upsertContact } from '../contacts.js';
import { sqlFirst, sqlRun } from '../../db/sql.js';
import { noteCampaignEngagement, RECIPIENT_REF_SQL } from '../campaigns/engagement.js';

/*
 * What the public links in sent mail do: opens, clicks and unsubscribes, each tied to the email
 * record whose id the signed token carries (and through it the project, contact and campaign).
 */

export interface EmailRef {
  id: string;
  projectId: string;
  contactId: string | null;
  campaignId: string | null;
  toEmail: string;
  projectName: string;
}

export async function findEmailRef(em: EntityManager, emailId: string): Promise<EmailRef | null> {
  const row = await sqlFirst<Record<string, any>>(
    em,
    `select e.id, e.project_id, e.contact_id, e.campaign_id, e.to_email, p.name as project_name
       from emails e join projects p on p.id = e.project_id where e.id = ?
       union all ${RECIPIENT_REF_SQL}`,
    [emailId, emailId],
  );
  if (!row) return null;
  return {
    id: row.id,
    projectId: row.project_id,
    contactId: row.contact_id ?? null,
    campaignId: row.campaign_id ?? null,
    toEmail: row.to_email,
    projectName: row.project_name,
  };
}

const clip = (s: string | undefined, n = 500) => (s ? s.slice(0, n) : undefined);

/** Records `email.opened` (every fetch of the pixel; stats count distinct emails). */
export async function recordOpen(em: EntityManager, emailId: string, userAgent?: string): Promise<boolean> {
  const ref = await findEmailRef(em, emailId);
  if (!ref) return false;
  await recordEvent(em, { projectId: ref.projectId, name: 'email.opened', contactId: ref.contactId, emailId: ref.id, campaignId: ref.campaignId, data: { userAgent: clip(userAgent) } });
  if (ref.campaignId) await noteCampaignEngagement(em, ref.id, 'opened');
  return true;
}

/** Records `email.clicked` with the link that was followed. */
export async function recordClick(em: EntityManager, emailId: string, url: string, userAgent?: string): Promise<boolean> {
  const ref = await findEmailRef(em, emailId);
  if (!ref) return false;
  await recordEvent(em, { projectId: ref.projectId, name: 'email.clicked', contactId: ref.contactId, emailId: ref.id, campaignId: ref.campaignId, data: { url, userAgent: clip(userAgent) } });
  if (ref.campaignId) await noteCampaignEngagement(em, ref.id, 'clicked');
  return true;
}

/**
 * Unsubscribes the recipient of an email: `subscribed=false` on its contact (the record's contact,
 * else the one with its address) and one `contact.unsubscribed` event. A contact deleted since the
 * send is not re-created (its personal data stays gone): the opt-out is kept as an UNSUBSCRIBED
 * suppression of the address instead. A repeat changes nothing and records nothing.
 * Returns null when the email record does not exist.
 */
export async function unsubscribeRecipient(em: EntityManager, emailId: string): Promise<{ changed: boolean; contactId: string | null; ref: EmailRef } | null> {
  return em.transactional(async (tem) => {
    const ref = await findEmailRef(tem, emailId);
    if (!ref) return null;
    // Lock the contact row so two concurrent one-click POSTs record one event.
    const contact = await sqlFirst<Record<string, any>>(tem, `select id, subscribed from contacts where project_id = ? and id = coalesce(?::uuid, (select id from contacts where project_id = ? and email = ?)) for update`, [ref.projectId, ref.contactId, ref.projectId, ref.toEmail]);
    if (contact) {
      const changed = await unsubscribeContact(tem, { projectId: ref.projectId, contactId: contact.id, subscribed: contact.subscribed, emailId: ref.id, campaignId: ref.campaignId, email: ref.toEmail, source: 'unsubscribe_link' });
      if (changed && ref.campaignId) await noteCampaignEngagement(tem, ref.id, 'unsubscribed');
      return { changed, contactId: contact.id, ref };
    }
    const { isNew } = await suppress(tem, ref.projectId, ref.toEmail, 'UNSUBSCRIBED', 'unsubscribe_link', { keepReason: true });
    return { changed: isNew, contactId: null, ref };
  });
}

/**
 * An opt-out of a contact row the caller has locked (or just read in its transaction):
 * `subscribed=false`, `unsubscribed_at` set (a trusted opt-out: no public key undoes it), and one `contact.unsubscribed` event saying why when
 * it was subscribed. Returns whether it was (false: no event).
 */
export async function unsubscribeContact(
  tem: EntityManager,
  c: { projectId: string; contactId: string; subscribed: boolean; emailId: string | null; campaignId: string | null; email: string; source: string },
): Promise<boolean> {
  // The opt-out is kept even when the contact was not subscribed (created unsubscribed by a send):
  // marketing mail stops reaching it either way (services/send.ts).
  await sqlRun(tem, `update contacts set subscribed = false, unsubscribed_at = coalesce(unsubscribed_at, now()), opt_out_source = null, updated_at = now() where id = ?`, [c.contactId]);
  if (!c.subscribed) return false;
  await recordEvent(tem, {
    projectId: c.projectId,
    name: 'contact.unsubscribed',
    contactId: c.contactId,
    emailId: c.emailId,
    campaignId: c.campaignId,
    data: { source: c.source, email: c.email },
  });
  return true;
}
