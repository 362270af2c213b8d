import type { DeliveryRetry } from '../core/config.js';
import { sqlOne } from '../db/sql.js';
import type { ActivityDeps } from './deps.js';

export function createSystemActivities(deps: ActivityDeps) {
  return {
    /** Answers with the database's clock so a ping proves worker -> PostgreSQL works too. */
    async ping(message: string): Promise<string> {
      const row = await sqlOne<{ now: Date }>(deps.orm.em.fork(), 'select now() as now');
      return `pong:${message}:${new Date(row.now).toISOString()}`;
    },
    /** The worker's delivery retry policy (DELIVERY_* settings), for the workflow to apply: workflow code reads no environment. */
    async deliveryRetryPolicy(): Promise<DeliveryRetry> {
      return deps.config.deliveryRetry;
    },
  };
}
