import type { EntityManager } from '@mikro-orm/postgresql';
import type { Email } from '../../db/entities/index.js';
import { findOptedOut } from '../contacts.js';
import { findSuppressed } from '../suppressions.js';

/**
 * What changed since the email was queued (a backlog can take minutes): the address got
 * suppressed (a bounce, a complaint), or, for marketing mail, the contact opted out. Returns why
 * it must not be sent, or null.
 */
export async function whyNotToSend(em: EntityManager, email: Pick<Email, 'projectId' | 'toEmail' | 'marketing'>): Promise<string | null> {
  if ((await findSuppressed(em, email.projectId, [email.toEmail])).length > 0) {
    return 'Not sent: the address was put on the suppression list after the email was queued';
  }
  if (email.marketing && (await findOptedOut(em, email.projectId, [email.toEmail])).length > 0) {
    return 'Not sent: the recipient unsubscribed from marketing mail after the email was queued';
  }
  return null;
}
