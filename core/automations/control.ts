import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../errors.js';
import { normalizeEmail } from '../contacts.js';
import { Contact } from '../../db/entities/index.js';
import { Workflow } from '../../db/entities/workflow.js';
import { isUuid } from '../../db/ids.js';
import type { AutomationEngine } from './engine.js';
import { getExecution, insertExecution, liveExecutionIds, markCancelled, markDispatched } from './executions.js';
import { findWorkflow } from './workflows.js';

/** A Temporal call that failed (not "not found": the engine takes that as done): 503, what was left undone said. */
const temporalUnreachable = (left: string) => (err: unknown): never => {
  throw new DomainError('SERVICE_UNAVAILABLE', `Temporal is not reachable: ${left}`, { suggestion: `Retry later (${(err as Error).message ?? err}).` });
};

/**
 * Manual start (`POST /workflows/:id/executions`): the same re-entry rules as an event start; a
 * disabled workflow can still be started by hand (testing a draft is what this is for).
 */
export async function startManualExecution(
  em: EntityManager,
  engine: AutomationEngine,
  projectId: string,
  workflowId: string,
  input: { contactId?: string; email?: string; data?: Record<string, unknown> },
) {
  const w = await findWorkflow(em, projectId, workflowId);
  const contact = input.contactId
    ? isUuid(input.contactId) ? await em.findOne(Contact, { id: input.contactId, projectId }) : null
    : await em.findOne(Contact, { email: normalizeEmail(input.email!), projectId });
  if (!contact) throw notFound('Contact');
  const execution = await insertExecution(em, { workflowId: w.id, contactId: contact.id, data: input.data });
  if (!execution) {
    throw new DomainError('CONFLICT', w.allowReentry ? 'This contact has an execution of this workflow running or waiting' : 'This contact already went through this workflow (allowReentry is false)', {
      suggestion: w.allowReentry ? 'Wait for it to finish, or cancel it first.' : 'Set allowReentry to true to let contacts go through it again.',
    });
  }
  try {
    await engine.start(execution);
    await markDispatched(em, [execution.executionId]);
  } catch (err) {
    await markCancelled(em, execution.executionId, `Could not start: ${(err as Error).message}`);
    temporalUnreachable('the execution was not started')(err);
  }
  return getExecution(em, w.id, execution.executionId);
}

/** Cancels one live execution; a finished one is a 409. */
export async function cancelExecution(em: EntityManager, engine: AutomationEngine, projectId: string, workflowId: string, executionId: string) {
  const w = await findWorkflow(em, projectId, workflowId);
  const current = await getExecution(em, w.id, executionId);
  const [temporalId] = await liveExecutionIds(em, w.id, current.id);
  if (!temporalId) throw new DomainError('CONFLICT', `The execution is already ${current.status}`, { suggestion: 'Only RUNNING or WAITING executions can be cancelled.' });
  await engine.cancel(temporalId).catch(temporalUnreachable('the execution was not cancelled'));
  await markCancelled(em, current.id, 'Cancelled');
  return getExecution(em, w.id, current.id);
}

/** Cancels every live execution, then deletes the workflow with its versions and execution records. */
export async function deleteWorkflow(em: EntityManager, engine: AutomationEngine, projectId: string, workflowId: string) {
  const w = await findWorkflow(em, projectId, workflowId);
  // Disabled first, so no new execution starts while the running ones are being cancelled.
  await em.nativeUpdate(Workflow, { id: w.id }, { enabled: false });
  for (const temporalId of await liveExecutionIds(em, w.id)) await engine.cancel(temporalId).catch(temporalUnreachable('the workflow is disabled but not deleted, its executions not all cancelled'));
  await em.nativeDelete(Workflow, { id: w.id });
}
