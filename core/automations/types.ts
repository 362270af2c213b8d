/** Shapes shared by the automation workflow, its activities and the API (types only: safe in workflow code). */
import type { Step } from './definition.js';
import type { DeliveryRetry } from '../config.js';

export interface AutomationInput {
  executionId: string;
  /** The execution was started with search attributes, so the workflow keeps AutomationStatus current. */
  searchAttributes: boolean;
  /**
   * The run as loadAutomation would answer it, given by the dispatcher with the start when the graph
   * is small: the first workflow task then schedules the first step at once, without a local
   * activity (a database round trip) holding it. Absent: the workflow loads it.
   */
  run?: AutomationRun;
  /**
   * The execution ran its first steps in a batch (AutomationBatchInput) and continues here, at the
   * step that waits (DELAY, WAIT_UNTIL, WAIT_FOR_EVENT, quiet hours), calls a WEBHOOK or must retry
   * a delivery: step `stepId` at position `idx` of the run. Absent: from the first step.
   */
  resume?: AutomationResume;
}

export interface AutomationResume {
  idx: number;
  stepId: string;
}

/** One execution of a batch: what its own workflow needs if it has to continue there. */
export interface AutomationBatchMember {
  executionId: string;
  /** Its own workflow's id (automation-<workflow>-<contact>-<seq>): cancel and WAIT_FOR_EVENT signals find it there once it waits. */
  temporalId: string;
  contactEmail: string;
}

/**
 * New executions of one workflow version started together (the dispatcher's pass): one Temporal
 * workflow runs their immediate steps (SEND_EMAIL, CONDITION, UPDATE_CONTACT, EXIT) in one
 * activity; an execution that reaches anything else continues in its own workflow (resume).
 */
export interface AutomationBatchInput {
  batchId: string;
  projectId: string;
  /** The automation workflow (its search attribute on the executions that continue alone). */
  workflowId: string;
  steps: Step[];
  searchAttributes: boolean;
  executions: AutomationBatchMember[];
}

/** What the batch's activity answers: the executions that continue in their own workflow, and where. */
export interface AutomationBatchResult {
  finished: number;
  continued: (AutomationResume & { executionId: string })[];
}

/** Signal `automationEvent`: the contact recorded an event (WAIT_FOR_EVENT). */
export interface AutomationEventSignal {
  name: string;
  eventId: string;
}

/** The execution as the workflow needs it: the graph of the version it started on. */
export interface AutomationRun {
  executionId: string;
  projectId: string;
  contactId: string;
  steps: Step[];
  /** Events after this id count for the first WAIT_FOR_EVENT: the triggering event (or the start of a manual execution). */
  countAfter?: string;
  /** The worker's delivery retry policy (DELIVERY_* settings) for SEND_EMAIL steps. */
  deliveryRetry?: DeliveryRetry;
}

export type StepOutcome =
  | {
      status: 'COMPLETED' | 'SKIPPED';
      next: string | null;
      output?: unknown;
      /** The step was the last and its activity already wrote the execution COMPLETED (SEND_EMAIL asked with `finishIfLast`). */
      finished?: boolean;
    }
  | { status: 'FAILED'; next: string | null; error: string; fatal: boolean }
  /** The execution must stop here (project disabled, contact deleted...). */
  | { status: 'HALT'; reason: string };
