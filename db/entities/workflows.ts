import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';

/** An automation workflow; its graph lives in `workflow_versions` (one row per stored version). */
export class Workflow {
  id: string = newId();
  projectId!: string;
  name!: string;
  description?: string | null = null;
  enabled = false;
  allowReentry = false;
  /** Events recorded with a public key may start it (core/automations/start-policy.ts). */
  allowPublicKeyTrigger = true;
  /** The latest version: new executions take it, running ones keep theirs. */
  version = 1;
  /** The event name the latest trigger matches (`segment.<id>.entry` for SEGMENT_ENTRY...). */
  triggerEvent!: string;
  createdAt = new Date();
  updatedAt = new Date();
}
export const WorkflowSchema = new EntitySchema<Workflow>({
  class: Workflow,
  tableName: 'workflows',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    enabled: { type: 'boolean' },
    allowReentry: { type: 'boolean' },
    allowPublicKeyTrigger: { type: 'boolean' },
    version: { type: 'integer' },
    triggerEvent: { type: 'text' },
    createdAt: { type: 'Date', onCreate: () => new Date() },
    updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});

export const EXECUTION_STATUSES = ['RUNNING', 'WAITING', 'COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const FINAL_EXECUTION_STATUSES: readonly ExecutionStatus[] = ['COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'];

/** One run of a workflow version for one contact: the mirror of Temporal execution `automation-<workflowId>-<contactId>-<seq>`. */
export class WorkflowExecution {
  id: string = newId();
  projectId!: string;
  workflowId!: string;
  version!: number;
  contactId!: string;
  seq!: number;
  status: ExecutionStatus = 'RUNNING';
  currentStep?: string | null = null;
  /** WAIT_FOR_EVENT: the event name a WAITING execution waits for. */
  waitingFor?: string | null = null;
  triggerEventId?: string | null = null;
  triggerData: Record<string, unknown> = {};
  exitReason?: string | null = null;
  startedAt = new Date();
  updatedAt = new Date();
  finishedAt?: Date | null = null;
}
export const WorkflowExecutionSchema = new EntitySchema<WorkflowExecution>({
  class: WorkflowExecution,
  tableName: 'workflow_executions',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    workflowId: { type: 'uuid' },
    version: { type: 'integer' },
    contactId: { type: 'uuid' },
    seq: { type: 'integer' },
    status: { type: 'text' },
    currentStep: { type: 'text', nullable: true },
    waitingFor: { type: 'text', nullable: true },
    triggerEventId: { type: 'uuid', nullable: true },
    triggerData: { type: 'json' },
    exitReason: { type: 'text', nullable: true },
    startedAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
    finishedAt: { type: 'Date', nullable: true },
  },
});
