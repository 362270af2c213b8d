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
