import { EntitySchema } from '@mikro-orm/core';

/** A project's send pacing state (core/pacing.ts): token bucket plus the start times of recent sends. */
export class SendRateBucket {
  projectId!: string;
  tokens!: number;
  updatedAt = new Date();
  /** Epoch seconds of recent send starts (the claim_send_start function keeps it). */
  recentStarts: number[] = [];
}

export const SendRateBucketSchema = new EntitySchema<SendRateBucket>({
  class: SendRateBucket,
  tableName: 'send_rate_buckets',
  properties: {
    projectId: { type: 'uuid', primary: true },
    tokens: { type: 'double' },
    updatedAt: { type: 'Date' },
    recentStarts: { type: 'unknown', columnType: 'double precision[]' },
  },
});
