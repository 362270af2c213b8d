import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { createdAt } from './columns.js';

export const KEY_KINDS = ['secret', 'public'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

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
    createdAt,
  },
});
