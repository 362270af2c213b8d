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
  createdAt: e.createdAt.toISOString(),
});
