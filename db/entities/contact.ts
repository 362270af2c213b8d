import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { timestamps } from './columns.js';

export class Contact {
  id: string = newId();
  projectId!: string;
  email!: string;
  subscribed = true;
  /** When the contact opted out of marketing mail; null when it never did or subscribed again. */
  unsubscribedAt?: Date | null = null;
  /** 'public_key' when a public key made the opt-out (the only kind a public key may undo); null otherwise. */
  optOutSource?: string | null = null;
  data: Record<string, unknown> = {};
  /** IANA time zone (`Europe/Berlin`) for local-time campaigns and quiet hours; null: the project's. */
  timezone?: string | null = null;
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
    optOutSource: { type: 'text', fieldName: 'opt_out_source', nullable: true },
    data: { type: 'json' },
    timezone: { type: 'text', nullable: true },
    ...timestamps,
  },
});
