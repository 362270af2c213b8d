import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

export interface SegmentRefreshInput {
  segmentId: string;
  /** Wait between passes (SEGMENT_REFRESH_INTERVAL_SECONDS). */
  intervalMs: number;
}

const { refreshSegment } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** Passes per run before continue-as-new keeps the history short. */
const PASSES_PER_RUN = 100;

/**
 * Re-evaluates one DYNAMIC segment every `intervalMs` for as long as it exists: its member count,
 * and with trackMembership its entry/exit events (the activity does both in one transaction).
 * Ends when the segment is deleted.
 */
export async function segmentRefreshWorkflow(input: SegmentRefreshInput): Promise<'GONE'> {
  for (let pass = 0; pass < PASSES_PER_RUN; pass++) {
    const { status } = await refreshSegment({ segmentId: input.segmentId });
    if (status === 'GONE') return 'GONE';
    await sleep(input.intervalMs);
  }
  return continueAsNew<typeof segmentRefreshWorkflow>(input);
}
