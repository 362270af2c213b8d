import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';

export const CAMPAIGN_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'PAUSED', 'SENT', 'CANCELLED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type CampaignType = 'MARKETING' | 'TRANSACTIONAL';
export type AudienceType = 'ALL' | 'SEGMENT' | 'FILTERED';

/** A campaign: its content and audience (frozen once sending starts), status and stats counters. */
export class Campaign {
  id: string = newId();
  projectId!: string;
  name!: string;
  description?: string | null;
  subject!: string;
  body!: string;
  fromEmail!: string;
  fromName?: string | null;
  replyTo?: string | null;
  type: CampaignType = 'MARKETING';
  audienceType!: AudienceType;
  segmentId?: string | null;
  audienceFilter?: unknown;
  status: CampaignStatus = 'DRAFT';
  scheduledAt?: Date | null;
  /** Wall-clock `YYYY-MM-DDTHH:MM:SS` each recipient gets it at, in their own time zone (null: one instant). */
  localTime?: string | null;
  startedAt?: Date | null;
  sentAt?: Date | null;
  cancelledAt?: Date | null;
  totalRecipients = 0;
  sentCount = 0;
  failedCount = 0;
  bouncedCount = 0;
  /** Bounces reported after the server accepted the message (DSN). */
  lateBouncedCount = 0;
  skippedCount = 0;
  /** Recipients skipped by the project's frequency cap. */
  cappedCount = 0;
  openedCount = 0;
  clickedCount = 0;
  complainedCount = 0;
  unsubscribedCount = 0;
  createdAt = new Date();
  updatedAt = new Date();
}

const counter = { type: 'integer' } as const;
export const CampaignSchema = new EntitySchema<Campaign>({
  class: Campaign,
  tableName: 'campaigns',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    subject: { type: 'text' },
    body: { type: 'text' },
    fromEmail: { type: 'text' },
    fromName: { type: 'text', nullable: true },
    replyTo: { type: 'text', nullable: true },
    type: { type: 'text' },
    audienceType: { type: 'text' },
    segmentId: { type: 'uuid', nullable: true },
    audienceFilter: { type: 'json', nullable: true },
    status: { type: 'text' },
    scheduledAt: { type: 'Date', nullable: true },
    localTime: { type: 'text', fieldName: 'local_time', nullable: true },
    startedAt: { type: 'Date', nullable: true },
    sentAt: { type: 'Date', nullable: true },
    cancelledAt: { type: 'Date', nullable: true },
    totalRecipients: counter,
    sentCount: counter,
    failedCount: counter,
    bouncedCount: counter,
    lateBouncedCount: counter,
    skippedCount: counter,
    cappedCount: counter,
    openedCount: counter,
    clickedCount: counter,
    complainedCount: counter,
    unsubscribedCount: counter,
    createdAt: { type: 'Date', onCreate: () => new Date() },
    updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
