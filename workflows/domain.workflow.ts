import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type {
  DomainVerificationInput,
  DomainVerificationResult,
  DomainVerificationWorkflow,
  RecheckSignalName,
} from '../core/domains/verification-workflow.js';
import type { Conforms } from './contract.js';

export type { DomainVerificationInput, DomainVerificationResult };

export const DOMAIN_CHECK_DEFAULTS = { minIntervalMs: 60_000, maxIntervalMs: 3_600_000, giveUpAfterMs: 72 * 3_600_000 } as const;

/** Check now instead of at the end of the current wait (sent by POST /domains/{id}/verify). */
export const recheckSignal = defineSignal<[]>('recheck' satisfies RecheckSignalName);

// DNS failures come back as results, not errors: a thrown error is the database, worth retrying.
const { checkDomainDns, markDomainFailed } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Re-checks a sender domain's DNS on a durable timer (1 min, 2, 4 ... capped at 1 h) until its
 * DKIM and SPF records are in place, or gives up after 72 h and marks it FAILED.
 */
export async function domainVerificationWorkflow(input: DomainVerificationInput): Promise<DomainVerificationResult> {
  const minMs = input.minIntervalMs ?? DOMAIN_CHECK_DEFAULTS.minIntervalMs;
  const maxMs = Math.max(minMs, input.maxIntervalMs ?? DOMAIN_CHECK_DEFAULTS.maxIntervalMs);
  const deadline = Date.now() + (input.giveUpAfterMs ?? DOMAIN_CHECK_DEFAULTS.giveUpAfterMs);
  let wait = minMs;
  let recheck = false;
  setHandler(recheckSignal, () => {
    recheck = true;
  });

  for (;;) {
    recheck = false;
    const { status } = await checkDomainDns({ domainId: input.domainId });
    if (status !== 'PENDING') return status;
    const left = deadline - Date.now();
    if (left <= 0) return (await markDomainFailed({ domainId: input.domainId })).status;
    const woken = await condition(() => recheck, Math.min(wait, left));
    // Someone who asks for a check has probably just changed DNS: look often again for a while.
    wait = woken ? minMs : Math.min(wait * 2, maxMs);
  }
}

// Compile-time check: the shape core starts it with (core/domains/verification-workflow.ts).
export type DomainVerificationShape = Conforms<DomainVerificationWorkflow, typeof domainVerificationWorkflow>;
