import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { timestamps } from './columns.js';

/** The table's check constraint lists the same values (migration 20261123000001). */
export const EMAIL_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'BOUNCED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface StoredAttachment {
  filename: string;
  /** base64 */
  content: string;
  contentType?: string;
  /** Inline part: the HTML refers to it as `cid:<contentId>`. */
  contentId?: string;
}

/** One message to one recipient: the unit of delivery, idempotent by id and `messageId`. */
export class Email {
  id: string = newId();
  projectId!: string;
  contactId?: string | null;
  templateId?: string | null;
  campaignId?: string | null;
  toEmail!: string;
  /** Display name for To: (the request's `{name, email}`); null: the bare address. */
  toName?: string | null;
  fromEmail!: string;
  fromName?: string | null;
  replyTo?: string | null;
  subject!: string;
  html!: string;
  textBody?: string | null;
  headers: Record<string, string> = {};
  attachments: StoredAttachment[] = [];
  marketing = false;
  messageId!: string;
  status: EmailStatus = 'QUEUED';
  error?: string | null;
  attempts = 0;
  sentAt?: Date | null;
  /** When its delivery workflow was started; null while the sweeper still has to start it. */
  dispatchedAt?: Date | null;
  createdAt = new Date();
  updatedAt = new Date();
}

export const EmailSchema = new EntitySchema<Email>({
  class: Email,
  tableName: 'emails',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    contactId: { type: 'uuid', nullable: true },
    templateId: { type: 'uuid', nullable: true },
    campaignId: { type: 'uuid', nullable: true },
    toEmail: { type: 'text' },
    toName: { type: 'text', nullable: true },
    fromEmail: { type: 'text' },
    fromName: { type: 'text', nullable: true },
    replyTo: { type: 'text', nullable: true },
    subject: { type: 'text' },
    html: { type: 'text' },
    textBody: { type: 'text', nullable: true },
    headers: { type: 'json' },
    attachments: { type: 'json', lazy: true },
    marketing: { type: 'boolean' },
    messageId: { type: 'text' },
    status: { type: 'text' },
    error: { type: 'text', nullable: true },
    attempts: { type: 'integer' },
    sentAt: { type: 'Date', nullable: true },
    dispatchedAt: { type: 'Date', nullable: true },
    ...timestamps,
  },
});
