import { EntitySchema } from '@mikro-orm/core';
import { newId } from './ids.js';

/*
 * Entities are declared with EntitySchema (no decorators, no reflection) so tsx, vitest and the
 * Temporal worker load them the same way. Foreign keys are plain id columns: the API always works
 * inside one project and never walks object graphs.
 */

const timestamps = {
  createdAt: { type: 'Date', onCreate: () => new Date() },
  updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
} as const;

export interface ProjectSettings {
  /** Open/click tracking for marketing mail (default true). */
  trackMarketing?: boolean;
  /** Open/click tracking for transactional mail (default false). */
  trackTransactional?: boolean;
  /** Emails per second for this project (default: SEND_RATE_PER_SECOND). */
  sendRatePerSecond?: number;
}

export class Project {
  id: string = newId();
  name!: string;
  disabled = false;
  settings: ProjectSettings = {};
  webhookSecret!: string;
  createdAt = new Date();
  updatedAt = new Date();
}
export const ProjectSchema = new EntitySchema<Project>({
  class: Project,
  tableName: 'projects',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    disabled: { type: 'boolean' },
    settings: { type: 'json' },
    webhookSecret: { type: 'text' },
    ...timestamps,
  },
});

export type KeyKind = 'secret' | 'public';
export class ApiKey {
  id: string = newId();
  projectId!: string;
  kind!: KeyKind;
  keyHash!: string;
  keyPrefix!: string;
  revokedAt?: Date | null;
  createdAt = new Date();
}
export const ApiKeySchema = new EntitySchema<ApiKey>({
  class: ApiKey,
  tableName: 'api_keys',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    kind: { type: 'text' },
    keyHash: { type: 'text' },
    keyPrefix: { type: 'text' },
    revokedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

export class Contact {
  id: string = newId();
  projectId!: string;
  email!: string;
  subscribed = true;
  /** When the contact opted out of marketing mail; null when it never did or subscribed again. */
  unsubscribedAt?: Date | null = null;
  data: Record<string, unknown> = {};
  createdAt = new Date();
  updatedAt = new Date();
}
export const ContactSchema = new EntitySchema<Contact>({
  class: Contact,
  tableName: 'contacts',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    email: { type: 'text' },
    subscribed: { type: 'boolean' },
    unsubscribedAt: { type: 'Date', fieldName: 'unsubscribed_at', nullable: true },
    data: { type: 'json' },
    ...timestamps,
  },
});

export type TemplateType = 'TRANSACTIONAL' | 'MARKETING';
export class Template {
  id: string = newId();
  projectId!: string;
  name!: string;
  subject!: string;
  body!: string;
  type!: TemplateType;
  fromEmail?: string | null;
  fromName?: string | null;
  replyTo?: string | null;
  createdAt = new Date();
  updatedAt = new Date();
}
export const TemplateSchema = new EntitySchema<Template>({
  class: Template,
  tableName: 'templates',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    name: { type: 'text' },
    subject: { type: 'text' },
    body: { type: 'text' },
    type: { type: 'text' },
    fromEmail: { type: 'text', nullable: true },
    fromName: { type: 'text', nullable: true },
    replyTo: { type: 'text', nullable: true },
    ...timestamps,
  },
});

export type EmailStatus = 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED' | 'BOUNCED';
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
    ...timestamps,
  },
});

export class Event {
  id: string = newId();
  projectId!: string;
  name!: string;
  contactId?: string | null;
  emailId?: string | null;
  campaignId?: string | null;
  data: Record<string, unknown> = {};
  createdAt = new Date();
}
export const EventSchema = new EntitySchema<Event>({
  class: Event,
  tableName: 'events',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    name: { type: 'text' },
    contactId: { type: 'uuid', nullable: true },
    emailId: { type: 'uuid', nullable: true },
    campaignId: { type: 'uuid', nullable: true },
    data: { type: 'json' },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

export type DomainStatus = 'PENDING' | 'VERIFIED' | 'FAILED';
export interface DnsRecord {
  type: 'TXT' | 'MX' | 'CNAME';
  name: string;
  value: string;
  purpose: 'DKIM' | 'SPF' | 'DMARC' | 'RETURN_PATH';
  status: 'PENDING' | 'VERIFIED' | 'FAILED';
}
export class Domain {
  id: string = newId();
  projectId!: string;
  domain!: string;
  status: DomainStatus = 'PENDING';
  dkimSelector!: string;
  dkimPublicKey!: string;
  dkimPrivateKeyEnc!: string;
  records: DnsRecord[] = [];
  verifiedAt?: Date | null;
  lastCheckedAt?: Date | null;
  createdAt = new Date();
  updatedAt = new Date();
}
export const DomainSchema = new EntitySchema<Domain>({
  class: Domain,
  tableName: 'domains',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    domain: { type: 'text' },
    status: { type: 'text' },
    dkimSelector: { type: 'text' },
    dkimPublicKey: { type: 'text' },
    dkimPrivateKeyEnc: { type: 'text' },
    records: { type: 'json' },
    verifiedAt: { type: 'Date', nullable: true },
    lastCheckedAt: { type: 'Date', nullable: true },
    ...timestamps,
  },
});

export class Suppression {
  id: string = newId();
  projectId!: string;
  email!: string;
  reason!: string;
  source?: string | null;
  createdAt = new Date();
}
export const SuppressionSchema = new EntitySchema<Suppression>({
  class: Suppression,
  tableName: 'suppressions',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    email: { type: 'text' },
    reason: { type: 'text' },
    source: { type: 'text', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

export const entities = [
  ProjectSchema,
  ApiKeySchema,
  ContactSchema,
  TemplateSchema,
  EmailSchema,
  EventSchema,
  DomainSchema,
  SuppressionSchema,
];
