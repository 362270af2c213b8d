import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { segmentRefreshWorkflow } from '../../workflows/segment.workflow.js';
import type { Config } from '../config.js';
import { segmentWorkflowId } from '../workflow-ids.js';

/*
 * The API's side of a DYNAMIC segment's refresh workflow. The row is the truth: Temporal being
 * unreachable never fails a segment write; PATCH starts a missing workflow again (same id, so a
 * running one is reused, never doubled).
 */

export async function startSegmentRefresh(deps: { temporal: Client; config: Config }, segmentId: string): Promise<void> {
  try {
    await deps.temporal.workflow.start<typeof segmentRefreshWorkflow>('segmentRefreshWorkflow', {
      taskQueue: deps.config.taskQueue,
      workflowId: segmentWorkflowId(segmentId),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [{ segmentId, intervalMs: deps.config.segmentRefreshIntervalMs }],
    });
  } catch (e) {
    console.warn(`Segment ${segmentId}: refresh workflow not started (${(e as Error).message}); the next PATCH starts it.`);
  }
}

/** Ends the workflow of a deleted segment (it would also end by itself at its next pass). */
export async function stopSegmentRefresh(temporal: Client, segmentId: string): Promise<void> {
  try {
    await temporal.workflow.getHandle(segmentWorkflowId(segmentId)).terminate('segment deleted');
  } catch (e) {
    if (!(e instanceof WorkflowNotFoundError)) console.warn(`Segment ${segmentId}: refresh workflow not terminated (${(e as Error).message})`);
  }
}
