import type { ActivityDeps } from './deps.js';
import { createDeliveryEngine, type DeliveryEngine } from './delivery/engine.js';
import type { DeliveryOutcome } from './delivery/outcome.js';

export { EMAIL_BOUNCED, EMAIL_FAILED, type DeliveryOutcome, type FinalStatus } from './delivery/outcome.js';
export { returnPathFor } from './delivery/compose.js';

/** /v1/send's and the sweeper's delivery activities: one email record each, through the process's delivery engine (delivery/engine.ts). */
export function createMailActivities(deps: ActivityDeps, engine: DeliveryEngine = createDeliveryEngine(deps)) {
  return {
    async deliverEmail({ emailId }: { emailId: string }): Promise<DeliveryOutcome> {
      return engine.deliver(emailId);
    },
    /** Every retry used up (or timed out): the record becomes FAILED unless it already got a final status. */
    async markEmailFailed({ emailId, error }: { emailId: string; error: string }): Promise<DeliveryOutcome> {
      return engine.markFailed(emailId, error);
    },
  };
}
