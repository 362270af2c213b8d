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
  /** Events recorded with a public key may start it (db/automation-start-rule.ts). */
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
