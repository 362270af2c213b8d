import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import { AUTOMATION_ATTRIBUTES, isUnregisteredSearchAttributeError } from '../search-attributes.js';
import { log } from '../log.js';
import type { AutomationInput, AutomationEventSignal } from './types.js';
import type { DeliveryRetry } from '../config.js';
import { RUN_IN_INPUT_MAX_CHARS, type ExecutionBatch, type NewExecution } from './executions.js';
import { AUTOMATION_BATCH_WORKFLOW, AUTOMATION_EVENT_SIGNAL, AUTOMATION_WORKFLOW, type AutomationBatchWorkflow, type AutomationWorkflow } from './automation-workflow.js';

/** What the API and the worker's dispatcher need from Temporal for automations. */
export interface AutomationEngine {
  /** Starts the execution's Temporal workflow; a start that already happened is not an error. */
  start(e: NewExecution): Promise<void>;
  /** Starts a batch's Temporal workflow (automation-batch.workflow.ts); one already started (or run) is not an error. */
  startBatch(b: ExecutionBatch): Promise<void>;
  /** Requests cancellation; an execution already gone is not an error. */
  cancel(temporalId: string): Promise<void>;
  /** WAIT_FOR_EVENT: the contact recorded an event the execution may be waiting for. */
  signalEvent(temporalId: string, event: AutomationEventSignal): Promise<void>;
}

/**
 * `deliveryRetry` (the worker's DELIVERY_* policy): given, an execution whose row came with its
 * graph starts with the run in its input (AutomationInput.run), so its first workflow task needs
 * no local activity; without it (the API's manual starts) the workflow loads the run itself.
 */
export function createAutomationEngine(temporal: Client, taskQueue: string, opts: { deliveryRetry?: DeliveryRetry; searchAttributes?: boolean } = {}): AutomationEngine {
  // false when the worker could not register them: a batch's children (started from workflow
  // code, where a refused attribute fails the task over and over) must then go without them.
  let attributes = opts.searchAttributes ?? true;
  const runOf = (e: NewExecution): AutomationInput['run'] =>
    opts.deliveryRetry && e.steps && e.countAfter && JSON.stringify(e.steps).length <= RUN_IN_INPUT_MAX_CHARS
      ? { executionId: e.executionId, projectId: e.projectId, contactId: e.contactId, steps: e.steps, countAfter: e.countAfter, deliveryRetry: opts.deliveryRetry }
      : undefined;
  const start = async (e: NewExecution, withAttributes: boolean): Promise<void> => {
    const run = runOf(e);
    const input: AutomationInput = { executionId: e.executionId, searchAttributes: withAttributes, ...(run ? { run } : {}) };
    await temporal.workflow.start<AutomationWorkflow>(AUTOMATION_WORKFLOW, {
      taskQueue,
      workflowId: e.temporalId,
      args: [input],
      typedSearchAttributes: withAttributes
        ? [
            { key: AUTOMATION_ATTRIBUTES.project, value: e.projectId },
            { key: AUTOMATION_ATTRIBUTES.workflow, value: e.workflowId },
            { key: AUTOMATION_ATTRIBUTES.contactEmail, value: e.contactEmail },
            { key: AUTOMATION_ATTRIBUTES.status, value: 'RUNNING' },
          ]
        : undefined,
    });
  };
  return {
    async start(e) {
      try {
        await start(e, attributes);
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        if (!attributes || !isUnregisteredSearchAttributeError(err)) throw err;
        // A cluster without the attributes registered that refused to register them (see the README): run without them.
        log.warn({ err: String((err as { cause?: { details?: string } }).cause?.details ?? (err as Error).message) }, 'search attributes are not registered on this Temporal namespace: starting automation executions without them');
        attributes = false;
        await start(e, false);
      }
    },
    async startBatch(b) {
      await temporal.workflow
        .start<AutomationBatchWorkflow>(AUTOMATION_BATCH_WORKFLOW, {
          taskQueue,
          workflowId: b.batchId,
          // Never run twice (a restart after a lost "dispatched" mark): its executions may be on their own by then.
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          args: [{
            batchId: b.batchId, projectId: b.projectId, workflowId: b.workflowId, steps: b.steps, searchAttributes: attributes,
            executions: b.executions.map((e) => ({ executionId: e.executionId, temporalId: e.temporalId, contactEmail: e.contactEmail })),
          }],
        })
        .catch((err) => {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        });
    },
    async cancel(temporalId) {
      await temporal.workflow
        .getHandle(temporalId)
        .cancel()
        .catch((err) => {
          if (!(err instanceof WorkflowNotFoundError)) throw err;
        });
    },
    async signalEvent(temporalId, event) {
      await temporal.workflow
        .getHandle(temporalId)
        .signal<[AutomationEventSignal]>(AUTOMATION_EVENT_SIGNAL, event)
        .catch((err) => {
          if (!(err instanceof WorkflowNotFoundError)) throw err;
        });
    },
  };
}
