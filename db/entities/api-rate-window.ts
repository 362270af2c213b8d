import { EntitySchema } from '@mikro-orm/core';

/** Requests of a project in one minute window, shared by all API processes (api/rate-windows.ts). */
export class ApiRateWindow {
  projectId!: string;
  /** Epoch minute. */
  windowStart!: string;
  count!: number;
}

export const ApiRateWindowSchema = new EntitySchema<ApiRateWindow>({
  class: ApiRateWindow,
  tableName: 'api_rate_windows',
  properties: {
    projectId: { type: 'uuid', primary: true },
    windowStart: { type: 'bigint', primary: true },
    count: { type: 'integer' },
  },
});
