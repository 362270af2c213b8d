import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { timestamps } from './columns.js';

/** The table's check constraint lists the same values (migration 20261123000001). */
export const TEMPLATE_TYPES = ['TRANSACTIONAL', 'MARKETING'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

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
