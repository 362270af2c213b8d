import { EntitySchema } from '@mikro-orm/core';

/** Requests of one budget of a project (`<projectId>:<budget>`) in one 5-second bucket, shared by all API processes (api/rate-windows.ts). */
export class ApiRateBucket {
  key!: string;
  /** Epoch ms of the bucket's start. */
  bucketStart!: string;
  count!: number;
}

export const ApiRateBucketSchema = new EntitySchema<ApiRateBucket>({
  class: ApiRateBucket,
  tableName: 'api_rate_buckets',
  properties: {
    key: { type: 'text', primary: true },
    bucketStart: { type: 'bigint', primary: true },
    count: { type: 'integer' },
  },
});
