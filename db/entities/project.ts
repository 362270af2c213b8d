import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { timestamps } from './columns.js';

export interface ProjectSettings {
  /** Open/click tracking for marketing mail (default true). */
  trackMarketing?: boolean;
  /** Open/click tracking for transactional mail (default false). */
  trackTransactional?: boolean;
  /** Emails per second for this project (default: SEND_RATE_PER_SECOND). */
  sendRatePerSecond?: number;
  /** What a public key's /v1/track may change on an existing contact (core/consent/public-key-policy.ts). */
  publicKey?: { subscribe?: boolean; unsubscribe?: boolean; writeData?: 'all' | 'add' | 'none' };
  /** IANA time zone of contacts without their own (default UTC): local-time campaigns, quiet hours. */
  timezone?: string;
  /** Contact-local window in which MARKETING mail waits (core/schedule/quiet-hours.ts). */
  quietHours?: { start: string; end: string };
  /** At most `max` MARKETING mails per contact in `perDays` days (core/schedule/frequency-cap.ts). */
  frequencyCap?: { max: number; perDays: number };
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
