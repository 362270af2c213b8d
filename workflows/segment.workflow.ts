import { ActivityFailure, ApplicationFailure, continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { SegmentRefreshPass } from '../core/segments/refresh.js';
import type { SegmentRefreshInput, SegmentRefreshWorkflow } from '../core/segments/refresh-workflow.js';
import type { Conforms } from './contract.js';

export type { SegmentRefreshInput };

const { refreshSegment } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

const isFailedForGood = (e: unknown) => e instanceof ActivityFailure && e.cause instanceof ApplicationFailure && e.cause.nonRetryable;

/** Passes per run before continue-as-new keeps the history short. */
const PASSES_PER_RUN = 100;

/**
 * Re-evaluates one DYNAMIC segment for as long as it exists: its member count, and with
 * trackMembership its entry/exit events (the activity does both in one transaction). Ends when
 * the segment is deleted.
 *
 * Each pass returns the worker's SEGMENT_REFRESH_INTERVAL_SECONDS, so a new setting reaches running
 * workflows at their next pass; a pass recorded before passes returned it (no `intervalMs`) keeps
 * the input's interval, so old histories replay the same timers (the commands are unchanged).
 */
export async function segmentRefreshWorkflow(input: SegmentRefreshInput): Promise<'GONE'> {
  let intervalMs = input.intervalMs;
  for (let pass = 0; pass < PASSES_PER_RUN; pass++) {
    let result: { status: SegmentRefreshPass['status']; intervalMs?: number };
    try {
      result = await refreshSegment({ segmentId: input.segmentId });
    } catch (e) {
      // A pass that failed for good (the condition is over the size bound): no endless retries,
      // no failed workflow either; the next interval tries again (an edit may have fixed it).
      if (!isFailedForGood(e)) throw e;
      await sleep(intervalMs);
      continue;
    }
    if (result.status === 'GONE') return 'GONE';
    intervalMs = result.intervalMs ?? intervalMs;
    await sleep(intervalMs);
  }
  return continueAsNew<typeof segmentRefreshWorkflow>({ ...input, intervalMs });
}

// Compile-time check: the shape core starts it with (core/segments/refresh-workflow.ts).
export type SegmentRefreshShape = Conforms<SegmentRefreshWorkflow, typeof segmentRefreshWorkflow>;
