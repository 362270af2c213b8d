import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client, type WorkflowStartOptions } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Segment } from '../../db/entities/index.js';
import type { Config } from '../config.js';
import { segmentWorkflowId } from '../workflow-ids.js';
import { log } from '../log.js';
import type { RefreshResult } from './tracking.js';
import { SEGMENT_REFRESH_WORKFLOW, type SegmentRefreshInput, type SegmentRefreshWorkflow } from './refresh-workflow.js';

export type { SegmentRefreshInput };

/** What one pass (the refreshSegment activity) returns: its result and the interval to wait now. */
export interface SegmentRefreshPass extends RefreshResult {
  /** SEGMENT_REFRESH_INTERVAL_SECONDS of the worker that ran the pass. */
  intervalMs: number;
}

const startOptions = (config: Config, segmentId: string) => {
  const input: SegmentRefreshInput = { segmentId, intervalMs: config.segmentRefreshIntervalMs };
  return { taskQueue: config.taskQueue, workflowId: segmentWorkflowId(segmentId), args: [input] } satisfies WorkflowStartOptions<SegmentRefreshWorkflow>;
};

/*
 * The API's side of a DYNAMIC segment's refresh workflow. The row is the truth: Temporal being
 * unreachable never fails a segment write; PATCH starts a missing workflow again (same id, so a
 * running one is reused, never doubled).
 */

export async function startSegmentRefresh(deps: { temporal: Client; config: Config }, segmentId: string): Promise<void> {
  try {
    await deps.temporal.workflow.start<SegmentRefreshWorkflow>(SEGMENT_REFRESH_WORKFLOW, { ...startOptions(deps.config, segmentId), workflowIdConflictPolicy: 'USE_EXISTING' });
  } catch (e) {
    log.warn(`Segment ${segmentId}: refresh workflow not started (${(e as Error).message}); the next PATCH or worker start starts it.`);
  }
}

export interface EnsuredRefreshWorkflows {
  /** DYNAMIC segments whose workflow was started now (none was running). */
  started: string[];
  /** DYNAMIC segments whose workflow was already running. */
  running: number;
  /** DYNAMIC segments whose workflow could not be started (logged). */
  failed: string[];
}

const ENSURE_BATCH = 20;

/**
 * Starts the refresh workflow of every DYNAMIC segment, of every project, that has none running
 * (Temporal was unreachable when it was created, or its workflow failed or was terminated). One
 * workflow id per segment: a running one is left alone (already started), an ended one is replaced.
 * Safe to run at every worker start and concurrently with the API.
 */
export async function ensureSegmentRefreshWorkflows(deps: { orm: MikroORM; temporal: Client; config: Config }): Promise<EnsuredRefreshWorkflows> {
  const em = deps.orm.em.fork();
  const out: EnsuredRefreshWorkflows = { started: [], running: 0, failed: [] };
  let after: string | undefined;
  for (;;) {
    const where = after ? { type: 'DYNAMIC' as const, id: { $gt: after } } : { type: 'DYNAMIC' as const };
    const page = await em.find(Segment, where, { fields: ['id'], orderBy: { id: 'asc' }, limit: 500 });
    if (page.length === 0) return out;
    after = page[page.length - 1].id;
    em.clear();
    for (let i = 0; i < page.length; i += ENSURE_BATCH) {
      await Promise.all(
        page.slice(i, i + ENSURE_BATCH).map(async ({ id }) => {
          try {
            await deps.temporal.workflow.start<SegmentRefreshWorkflow>(SEGMENT_REFRESH_WORKFLOW, { ...startOptions(deps.config, id), workflowIdReusePolicy: 'ALLOW_DUPLICATE' });
            out.started.push(id);
          } catch (e) {
            if (e instanceof WorkflowExecutionAlreadyStartedError) out.running++;
            else {
              out.failed.push(id);
              log.warn(`Segment ${id}: refresh workflow not started (${(e as Error).message})`);
            }
          }
        }),
      );
    }
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
