import { EntitySchema } from '@mikro-orm/core';
import { createdAt } from './columns.js';

/** One Idempotency-Key of a project: the request it was first used with and the stored response (api/idempotency.ts). */
export class IdempotencyKey {
  projectId!: string;
  key!: string;
  requestHash!: string;
  /** Null while the first request is still running. */
  statusCode?: number | null;
  response?: unknown;
  createdAt = new Date();
}

export const IdempotencyKeySchema = new EntitySchema<IdempotencyKey>({
  class: IdempotencyKey,
  tableName: 'idempotency_keys',
  properties: {
    projectId: { type: 'uuid', primary: true },
    key: { type: 'text', primary: true },
    requestHash: { type: 'text' },
    statusCode: { type: 'integer', nullable: true },
    // json, not jsonb: the stored body is replayed byte for byte (Migration20261124140000_idempotency_json).
    response: { type: 'json', columnType: 'json', nullable: true },
    createdAt,
  },
});
