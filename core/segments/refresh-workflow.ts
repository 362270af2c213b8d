/*
 * What core (core/segments/refresh.ts) and the refresh workflow of a DYNAMIC segment
 * (workflows/segment.workflow.ts) agree on: types only, so the workflow checks itself against
 * them at compile time.
 */

export interface SegmentRefreshInput {
  segmentId: string;
  /**
   * Wait between passes when a pass names none (passes recorded before they returned
   * `intervalMs`); each pass returns the worker's SEGMENT_REFRESH_INTERVAL_SECONDS.
   */
  intervalMs: number;
}

/** Runs until the segment is deleted. */
export type SegmentRefreshWorkflow = (input: SegmentRefreshInput) => Promise<'GONE'>;

/** The workflow's registered name (its exported function's name). */
export const SEGMENT_REFRESH_WORKFLOW = 'segmentRefreshWorkflow';
