import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';

/** One step an execution ran, in order (`idx`): the execution's history (core/automations/records.ts). */
export class WorkflowExecutionStep {
  id: string = newId();
  executionId!: string;
  /** Position in the execution's run, from 0. */
  idx!: number;
  /** The step's id in the graph. */
  stepId!: string;
  type!: string;
  status!: string;
  output?: unknown = null;
  error?: string | null = null;
  startedAt = new Date();
  finishedAt?: Date | null = null;
}

export const WorkflowExecutionStepSchema = new EntitySchema<WorkflowExecutionStep>({
  class: WorkflowExecutionStep,
  tableName: 'workflow_execution_steps',
  uniques: [{ properties: ['executionId', 'idx'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    executionId: { type: 'uuid' },
    idx: { type: 'integer' },
    stepId: { type: 'text' },
    type: { type: 'text' },
    status: { type: 'text' },
    output: { type: 'json', nullable: true },
    error: { type: 'text', nullable: true },
    startedAt: { type: 'Date' },
    finishedAt: { type: 'Date', nullable: true },
  },
});
