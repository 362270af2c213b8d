import type { ExecutionStatus } from '../../db/entities/workflow-execution.js';
import type { AutomationBatchInput, AutomationBatchResult, AutomationInput } from './types.js';

/*
 * What core (core/automations/engine.ts) and the automation workflow (workflows/automation.workflow.ts)
 * agree on: types only (the input and signal payload are in ./types.ts), so the workflow checks
 * itself against them at compile time.
 */

export type AutomationWorkflow = (input: AutomationInput) => Promise<ExecutionStatus>;

/** The workflow's registered name (its exported function's name). */
export const AUTOMATION_WORKFLOW = 'automationWorkflow';

/** Many new executions of one version at once: their immediate steps in one activity (workflows/automation-batch.workflow.ts). */
export type AutomationBatchWorkflow = (input: AutomationBatchInput) => Promise<AutomationBatchResult>;
export const AUTOMATION_BATCH_WORKFLOW = 'automationBatchWorkflow';

/** The contact recorded an event (payload AutomationEventSignal); a WAIT_FOR_EVENT step waiting for that name moves on. */
export type AutomationEventSignalName = 'automationEvent';
export const AUTOMATION_EVENT_SIGNAL: AutomationEventSignalName = 'automationEvent';
