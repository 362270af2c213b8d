import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';

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
