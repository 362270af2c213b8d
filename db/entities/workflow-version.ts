import { EntitySchema } from '@mikro-orm/core';

/** One stored version of a workflow's graph: executions run the version they started on (core/automations/workflows.ts). */
export class WorkflowVersion {
  workflowId!: string;
  version!: number;
  /** The trigger (core/automations/definition.ts, TriggerSchema). */
  trigger!: Record<string, unknown>;
  /** The steps (core/automations/definition.ts, StepsSchema). */
  steps!: unknown[];
  createdAt = new Date();
}

export const WorkflowVersionSchema = new EntitySchema<WorkflowVersion>({
  class: WorkflowVersion,
  tableName: 'workflow_versions',
  properties: {
    workflowId: { type: 'uuid', primary: true },
    version: { type: 'integer', primary: true },
    trigger: { type: 'json' },
    steps: { type: 'json' },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});
