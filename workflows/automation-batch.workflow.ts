import { defineSearchAttributeKey, SearchAttributeType, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ActivityFailure, ParentClosePolicy, proxyActivities, proxyLocalActivities, startChild } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { AutomationBatchInput, AutomationBatchResult } from '../core/automations/types.js';
import type { AutomationBatchWorkflow } from '../core/automations/automation-workflow.js';
import type { Conforms } from './contract.js';
import { automationWorkflow } from './automation.workflow.js';

// The same keys as AUTOMATION_ATTRIBUTES in core/search-attributes.ts (workflow code takes no values from core).
const PROJECT = defineSearchAttributeKey('ProjectId', SearchAttributeType.KEYWORD);
const WORKFLOW = defineSearchAttributeKey('AutomationWorkflowId', SearchAttributeType.KEYWORD);
const CONTACT_EMAIL = defineSearchAttributeKey('ContactEmail', SearchAttributeType.KEYWORD);
const STATUS = defineSearchAttributeKey('AutomationStatus', SearchAttributeType.KEYWORD);

const { runAutomationBatch } = proxyActivities<Activities>({
  // Long enough for a batch of paced sends; a dead worker is noticed by the heartbeat timeout.
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});
const local = proxyLocalActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { initialInterval: '500 milliseconds', maximumAttempts: 20 } });

/**
 * The first steps of many new executions of one workflow version (issue 20: one Temporal
 * workflow per execution made automations 10x slower than campaigns). One activity advances every
 * execution through its immediate steps (idempotent: step records keyed by (execution, position),
 * the email record found by its id, a function of the two, the hand-off fenced on the execution still RUNNING); an
 * execution that reaches a durable wait, a WEBHOOK or a delivery to retry continues in its own
 * workflow, with its own id (cancel and WAIT_FOR_EVENT signals find it there), from that step.
 */
export async function automationBatchWorkflow(input: AutomationBatchInput): Promise<AutomationBatchResult> {
  let result: AutomationBatchResult;
  try {
    result = await runAutomationBatch({ batchId: input.batchId, projectId: input.projectId, steps: input.steps, executionIds: input.executions.map((e) => e.executionId) });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    // Retries used up: the executions still RUNNING here say so (none continued elsewhere).
    await local.failAutomationBatch({ executionIds: input.executions.map((e) => e.executionId), reason: err.cause?.message ?? err.message });
    throw err;
  }
  const members = new Map(input.executions.map((e) => [e.executionId, e]));
  await Promise.all(
    result.continued.map(async (c) => {
      const m = members.get(c.executionId)!;
      try {
        await startChild(automationWorkflow, {
          workflowId: m.temporalId,
          args: [{ executionId: m.executionId, searchAttributes: input.searchAttributes, resume: { idx: c.idx, stepId: c.stepId } }],
          // It outlives the batch: the batch ends once every continuing execution has started.
          parentClosePolicy: ParentClosePolicy.ABANDON,
          typedSearchAttributes: input.searchAttributes
            ? [
                { key: PROJECT, value: input.projectId },
                { key: WORKFLOW, value: input.workflowId },
                { key: CONTACT_EMAIL, value: m.contactEmail },
                { key: STATUS, value: 'RUNNING' },
              ]
            : undefined,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
  return result;
}

// Compile-time check: the shape core starts it with (core/automations/automation-workflow.ts).
export type AutomationBatchWorkflowShape = Conforms<AutomationBatchWorkflow, typeof automationBatchWorkflow>;
