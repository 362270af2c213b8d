import { z } from '@hono/zod-openapi';
import { described, StepSchema, StepsSchema, TriggerSchema } from '../../core-schemas.js';
import { EXECUTION_STATUSES } from '../../../db/entities/workflow-execution.js';
import { BoolQuery, PageQuery, pageOf } from '../../envelope.js';
import { DataPatch, EmailAddress, Timestamp } from '../../schemas.js';

const TEMPLATE = '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a';
const EXAMPLE = {
  name: 'Trial welcome',
  enabled: true,
  allowReentry: false,
  trigger: { type: 'EVENT', eventName: 'trial_started' },
  steps: [
    { id: 'welcome', type: 'SEND_EMAIL', templateId: TEMPLATE, next: 'wait' },
    // Minutes, not days: an execution started from the reference page finishes while one watches.
    { id: 'wait', type: 'DELAY', amount: 1, unit: 'minutes', next: 'check' },
    { id: 'check', type: 'CONDITION', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] }, branches: { yes: 'thanks', no: 'upsell' } },
    { id: 'thanks', type: 'SEND_EMAIL', templateId: TEMPLATE },
    { id: 'upsell', type: 'SEND_EMAIL', templateId: TEMPLATE, next: 'done' },
    { id: 'done', type: 'EXIT' },
  ],
};

const PUBLIC_KEY_TRIGGER =
  'Default true (as Plunk): events tracked with the public key (`POST /v1/track` with `pk_`, and the `contact.subscribed` / ' +
  '`contact.unsubscribed` event such a call records) start this workflow. A public key ships in web pages and apps, so anyone ' +
  'can track any event for any address with it: with SEND_EMAIL steps, a workflow they can start makes the project mail ' +
  'addresses of their choosing. False: only events recorded with the secret key or by the service itself start it ' +
  '(track sign-ups from your server). Events that resume a WAIT_FOR_EVENT are not affected.';

const fields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
  enabled: z.boolean().optional().openapi({ description: 'Default false. Disabling stops new entries; running executions finish.' }),
  allowReentry: z.boolean().optional().openapi({ description: 'Default false: a contact goes through once ever. True: again, but never while one of its executions runs or waits.' }),
  allowPublicKeyTrigger: z.boolean().optional().openapi({ description: PUBLIC_KEY_TRIGGER }),
  trigger: TriggerSchema,
  steps: described(StepsSchema, { description: 'The graph; the first step is the entry. At most 100 steps.' }),
};

export const CreateWorkflowBody = z.object(fields).openapi('CreateWorkflowBody', { example: EXAMPLE as never });

export const UpdateWorkflowBody = z
  .object({ ...fields, name: fields.name.optional(), trigger: fields.trigger.optional(), steps: fields.steps.optional() })
  .openapi('UpdateWorkflowBody', {
    description: 'Partial. A changed trigger or steps store a new version; running executions keep theirs.',
    example: { name: 'Trial welcome (v2)', enabled: false },
  });

export const Workflow = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    allowReentry: z.boolean(),
    allowPublicKeyTrigger: z.boolean().openapi({ description: PUBLIC_KEY_TRIGGER }),
    version: z.number().int().openapi({ description: 'The version shown (the latest unless ?version= asked for another)' }),
    trigger: TriggerSchema,
    steps: z.array(StepSchema).openapi({ description: 'The graph of that version' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Workflow');

export const WorkflowPage = pageOf(Workflow, 'workflows').openapi('WorkflowPage');

export const ListWorkflowsQuery = PageQuery.extend({ enabled: BoolQuery.optional().openapi({
    param: { name: 'enabled', in: 'query' },
    type: 'string',
    enum: ['true', 'false'],
    description: 'Only enabled (`true`) or disabled (`false`) workflows',
  }) });
export const GetWorkflowQuery = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional().openapi({ param: { name: 'version', in: 'query' }, description: 'An earlier version of the graph' }),
});

export const ExecutionStatus = z.enum(EXECUTION_STATUSES).openapi('WorkflowExecutionStatus');

export const Execution = z
  .object({
    id: z.string(),
    workflowId: z.string(),
    version: z.number().int().openapi({ description: 'The workflow version this execution runs (edits never change it)' }),
    contactId: z.string(),
    email: z.string().nullable(),
    status: ExecutionStatus,
    currentStep: z.string().nullable(),
    exitReason: z.string().nullable(),
    temporalWorkflowId: z.string().openapi({ example: 'automation-<workflowId>-<contactId>-1', description: 'Its Temporal workflow id, in the Temporal UI once it waits or starts alone; an execution that ran entirely inside a batch workflow (automation-batch-...) never had one of its own' }),
    startedAt: Timestamp,
    updatedAt: Timestamp,
    finishedAt: Timestamp.nullable(),
  })
  .openapi('WorkflowExecution');

export const ExecutionStep = z
  .object({
    stepId: z.string(),
    type: z.string(),
    status: z.enum(['RUNNING', 'WAITING', 'COMPLETED', 'SKIPPED', 'FAILED']),
    output: z.unknown().openapi({ description: 'What the step did: email id and delivery, condition result, webhook status and body (capped)...' }),
    error: z.string().nullable(),
    startedAt: Timestamp,
    finishedAt: Timestamp.nullable(),
  })
  .openapi('WorkflowExecutionStep');

export const ExecutionWithSteps = Execution.extend({
  steps: z.array(ExecutionStep).openapi({
    description: 'The first 100 step records in run order (all of them unless a loop ran more steps: then page on with GET .../steps)',
  }),
  stepsNextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` to GET /workflows/{id}/executions/{executionId}/steps for the records after `steps`; null: `steps` holds them all' }),
  stepsTotal: z.number().int().openapi({ description: 'How many step records the execution has' }),
}).openapi('WorkflowExecutionWithSteps');
export const ExecutionStepPage = pageOf(ExecutionStep, 'steps').openapi('WorkflowExecutionStepPage');
export const ExecutionPage = pageOf(Execution, 'executions').openapi('WorkflowExecutionPage');

export const ListExecutionsQuery = PageQuery.extend({
  status: ExecutionStatus.optional().openapi({ param: { name: 'status', in: 'query' }, description: 'Only executions in this status' }),
  contactId: z
    .string()
    .max(64)
    .optional()
    .openapi({ param: { name: 'contactId', in: 'query' }, example: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', description: 'Only executions of this contact' }),
});

export const StartExecutionBody = z
  .object({
    contactId: z.string().min(1).max(64).optional(),
    email: EmailAddress.optional(),
    data: DataPatch.optional().openapi({ description: 'Read by the steps as {{event.<key>}} and event.data.<key> conditions' }),
  })
  .refine((b) => (b.contactId === undefined) !== (b.email === undefined), { message: 'give exactly one of contactId and email', path: ['contactId'] })
  .openapi('StartWorkflowExecutionBody', { example: { email: 'ada@example.com', data: { plan: 'pro', trialDays: 14 } } });

export const ExecutionParams = z.object({
  id: z.string().min(1).toLowerCase().openapi({ param: { name: 'id', in: 'path' }, example: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', description: 'The workflow id' }),
  executionId: z
    .string()
    .min(1)
    .toLowerCase()
    .openapi({ param: { name: 'executionId', in: 'path' }, example: '0192f5d1-3b7e-7a21-8c4d-6e5f4a3b2c1d', description: 'The execution id (from POST /workflows/{id}/executions or GET /workflows/{id}/executions)' }),
});
