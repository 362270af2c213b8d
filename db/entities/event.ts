import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { createdAt } from './columns.js';

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
    createdAt,
  },
});
