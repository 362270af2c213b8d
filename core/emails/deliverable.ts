import type { EntityManager } from '@mikro-orm/postgresql';
import type { Email } from '../../db/entities/index.js';
import { findOptedOut } from '../contacts.js';
import { findSuppressed } from '../suppressions.js';

/** Why an address must not get a message now: on the suppression list, or (marketing mail) opted out. */
export type Undeliverable = 'SUPPRESSED' | 'OPTED_OUT';

/**
 * The send-time eligibility of every sender (one email record, a campaign page): which of
 * `emails` are suppressed (a bounce, a complaint, manual) or, for marketing mail, belong to a
 * contact that opted out (core/consent/marketing.ts). Two statements for any number of addresses.
 */
export async function undeliverable(em: EntityManager, projectId: string, emails: string[], marketing: boolean): Promise<Map<string, Undeliverable>> {
  const refused = new Map<string, Undeliverable>();
  if (marketing) for (const e of await findOptedOut(em, projectId, emails)) refused.set(e, 'OPTED_OUT');
  for (const s of await findSuppressed(em, projectId, emails)) refused.set(s.email, 'SUPPRESSED');
  return refused;
}

/**
 * What changed since the email was queued (a backlog can take minutes): the address got
 * suppressed (a bounce, a complaint), or, for marketing mail, the contact opted out. Returns why
 * it must not be sent, or null.
 */
export async function whyNotToSend(em: EntityManager, email: Pick<Email, 'projectId' | 'toEmail' | 'marketing'>): Promise<string | null> {
  const refused = await undeliverable(em, email.projectId, [email.toEmail], email.marketing);
  const why = refused.values().next().value;
  if (why === 'SUPPRESSED') return 'Not sent: the address was put on the suppression list after the email was queued';
  if (why === 'OPTED_OUT') return 'Not sent: the recipient unsubscribed from marketing mail after the email was queued';
  return null;
}
