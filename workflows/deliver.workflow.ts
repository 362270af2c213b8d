import { ActivityFailure, ApplicationFailure, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { DeliveryOutcome, PermanentFailureType } from '../activities/delivery/outcome.js';
import type { DeliverEmailsInput, DeliverEmailsSummary, DeliverEmailsWorkflow } from '../core/emails/delivery-workflow.js';
import type { Conforms } from './contract.js';

export type { DeliverEmailsInput };

export interface DeliverEmailsResult extends DeliverEmailsSummary {
  outcomes: DeliveryOutcome[];
}

// The activity's failure types of a permanent SMTP rejection (a domain error, e.g. NOT_FOUND, is not one).
const PERMANENT_SMTP: ReadonlySet<string> = new Set<PermanentFailureType>(['EMAIL_BOUNCED', 'EMAIL_FAILED']);

/** At most this many emails of one workflow in flight; the shared rate bucket does the pacing. */
export const DELIVERY_CONCURRENCY = 10;

const { deliveryRetryPolicy } = proxyLocalActivities<Activities>({ startToCloseTimeout: '10 seconds' });

/** The delivery activity with the worker's retry policy (DELIVERY_MAX_ATTEMPTS, DELIVERY_RETRY_*_SECONDS). */
async function deliveryActivity() {
  const policy = await deliveryRetryPolicy();
  return proxyActivities<Activities>({
    // Long enough for a queue of paced sends; a dead worker is noticed by the heartbeat timeout.
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: '15 seconds',
    retry: { initialInterval: policy.initialIntervalMs, backoffCoefficient: 2, maximumInterval: policy.maximumIntervalMs, maximumAttempts: policy.maximumAttempts },
  }).deliverEmail;
}

const { markEmailFailed } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Delivers the email records of one send (or the sweeper's one stranded record). Each email is
 * its own activity, idempotent by record id; one email failing for good never fails the others
 * or the workflow.
 */
export async function deliverEmailsWorkflow(input: DeliverEmailsInput): Promise<DeliverEmailsResult> {
  const ids = input.emailIds;
  const deliverEmail = await deliveryActivity();
  const outcomes: DeliveryOutcome[] = new Array(ids.length);
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const i = next++;
      outcomes[i] = await deliverOne(deliverEmail, ids[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, ids.length) }, lane));
  const sent = outcomes.filter((o) => o.status === 'SENT').length;
  return { sent, failed: outcomes.length - sent, outcomes };
}

/** One email record through the delivery activity with the worker's retry policy (used by automations). */
export async function deliverEmailRecord(emailId: string): Promise<DeliveryOutcome> {
  return deliverOne(await deliveryActivity(), emailId);
}

/** One email through the delivery activity; a permanent failure comes back as its outcome. */
async function deliverOne(deliverEmail: Activities['deliverEmail'], emailId: string): Promise<DeliveryOutcome> {
  try {
    return await deliverEmail({ emailId });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err; // e.g. the workflow was cancelled
    const cause = err.cause;
    // Permanent SMTP rejection: the activity already wrote FAILED/BOUNCED and the event.
    if (cause instanceof ApplicationFailure && PERMANENT_SMTP.has(cause.type ?? '') && cause.details?.[0]) {
      return cause.details[0] as DeliveryOutcome;
    }
    if (cause instanceof ApplicationFailure && cause.type === 'EMAIL_NOT_FOUND') return { emailId, status: 'FAILED', error: cause.message };
    // Retries used up (or timed out): the record becomes FAILED unless something else finished it.
    return await markEmailFailed({ emailId, error: cause?.message ?? err.message });
  }
}

// Compile-time check: the shape the senders start it with (core/emails/delivery-workflow.ts).
export type DeliverEmailsShape = Conforms<DeliverEmailsWorkflow, typeof deliverEmailsWorkflow>;
