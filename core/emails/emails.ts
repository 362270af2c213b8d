import type { EntityManager } from '@mikro-orm/postgresql';
import { Email } from '../../db/entities/index.js';
import { isUuid } from '../../db/ids.js';
import { notFound } from '../errors.js';

/** One email record of the project (attachments are lazy and not loaded). */
export async function getEmail(em: EntityManager, projectId: string, id: string): Promise<Email> {
  const email = isUuid(id) ? await em.findOne(Email, { id, projectId }) : null;
  if (!email) throw notFound('Email');
  return email;
}

/** No progress for this long while QUEUED or SENDING: shown as `stalled` (a worker down, a very low send rate). */
export const STALLED_AFTER_MS = 5 * 60_000;

export const isStalled = (e: Pick<Email, 'status' | 'updatedAt'>, now = Date.now()) =>
  (e.status === 'QUEUED' || e.status === 'SENDING') && now - e.updatedAt.getTime() > STALLED_AFTER_MS;

export const toEmailDto = (e: Email) => ({
  id: e.id,
  to: e.toEmail,
  from: e.fromEmail,
  subject: e.subject,
  status: e.status,
  messageId: e.messageId,
  contactId: e.contactId ?? null,
  templateId: e.templateId ?? null,
  campaignId: e.campaignId ?? null,
  error: e.error ?? null,
  attempts: e.attempts,
  sentAt: e.sentAt ? e.sentAt.toISOString() : null,
  stalled: isStalled(e),
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});
