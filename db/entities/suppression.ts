import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { createdAt } from './columns.js';

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
    createdAt,
  },
});
