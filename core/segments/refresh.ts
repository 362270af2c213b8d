import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../config.js';
import { segmentWorkflowId } from '../workflow-ids.js';
import { log } from '../log.js';

/** Input of the refresh workflow of one DYNAMIC segment (workflows/segment.workflow.ts). */
export interface SegmentRefreshInput {
  segmentId: string;
  /** Wait between passes (SEGMENT_REFRESH_INTERVAL_SECONDS). */
  intervalMs: number;
}

/*
 * The API's side of a DYNAMIC segment's refresh workflow. The row is the truth: Temporal being
 * unreachable never fails a segment write; PATCH starts a missing workflow again (same id, so a
 * running one is reused, never doubled).
 */

export async function startSegmentRefresh(deps: { temporal: Client; config: Config }, segmentId: string): Promise<void> {
  try {
    const input: SegmentRefreshInput = { segmentId, intervalMs: deps.config.segmentRefreshIntervalMs };
    await deps.temporal.workflow.start('segmentRefreshWorkflow', {
      taskQueue: deps.config.taskQueue,
      workflowId: segmentWorkflowId(segmentId),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [input],
    });
  } catch (e) {
    log.warn(`Segment ${segmentId}: refresh workflow not started (${(e as Error).message}); the next PATCH starts it.`);
  }
}

/** Ends the workflow of a deleted segment (it would also end by itself at its next pass). */
export async function stopSegmentRefresh(temporal: Client, segmentId: string): Promise<void> {
  try {
    await temporal.workflow.getHandle(segmentWorkflowId(segmentId)).terminate('segment deleted');
  } catch (e) {
    if (!(e instanceof WorkflowNotFoundError)) log.warn(`Segment ${segmentId}: refresh workflow not terminated (${(e as Error).message})`);
  }
}
