import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExecutionStatus } from '../../db/entities/workflow-execution.js';
import { newId } from '../../db/ids.js';
import { listParam, sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';

/*
 * The PostgreSQL mirror of a running execution, written by its activities. Step records are keyed
 * by (execution, position in the run), so a retried activity overwrites its own record.
 */

export type StepStatus = 'RUNNING' | 'WAITING' | 'COMPLETED' | 'SKIPPED' | 'FAILED';

/** Rows of a batch found by primary key (`id = ${IDS_PARAM}`; db/sql.ts, listParam). */
export const IDS_PARAM = listParam('uuid');

export type StepRecord = { executionId: string; idx: number; stepId: string; type: string; status: StepStatus; output?: unknown; error?: string | null };

export async function recordStep(em: EntityManager, r: StepRecord) {
  await recordSteps(em, [r]);
}

/** Step records of many executions in one statement (a batch's round). */
export async function recordSteps(em: EntityManager, records: StepRecord[]) {
  if (records.length === 0) return;
  const v = records.map((r) => ({
    id: newId(), execution_id: r.executionId, idx: r.idx, step_id: r.stepId, type: r.type, status: r.status,
    output: r.output === undefined ? null : r.output, error: r.error ?? null, final: r.status !== 'RUNNING' && r.status !== 'WAITING',
  }));
  await sqlRun(
    em,
    `insert into workflow_execution_steps (id, execution_id, idx, step_id, type, status, output, error, finished_at)
     select v.id, v.execution_id, v.idx, v.step_id, v.type, v.status, v.output, v.error, case when v.final then now() end
     from jsonb_to_recordset(?::jsonb) as v(id uuid, execution_id uuid, idx int, step_id text, type text, status text, output jsonb, error text, final boolean)
     on conflict (execution_id, idx) do update set status = excluded.status, output = coalesce(excluded.output, workflow_execution_steps.output),
       error = excluded.error, finished_at = excluded.finished_at`,
    [JSON.stringify(v)],
  );
}

/** Current step and status of a live execution (a final one is left alone). */
export async function markExecution(em: EntityManager, executionId: string, s: { status: 'RUNNING' | 'WAITING'; currentStep: string; waitingFor?: string | null }) {
  await markExecutions(em, [executionId], s);
}

/**
 * The same for many executions at one step (a batch's round). A row already so (a new execution at
 * its first step: executions.ts writes it with the row) is left as it is: no row version, no
 * index entries, for nothing that changes.
 */
export async function markExecutions(em: EntityManager, executionIds: string[], s: { status: 'RUNNING' | 'WAITING'; currentStep: string; waitingFor?: string | null }) {
  if (executionIds.length === 0) return;
  await sqlRun(
    em,
    `update workflow_executions set status = ?, current_step = ?, waiting_for = ?, updated_at = now()
     where id = ${IDS_PARAM} and status in ('RUNNING', 'WAITING')
       and (status, current_step, waiting_for) is distinct from (?::text, ?::text, ?::text)`,
    [s.status, s.currentStep, s.waitingFor ?? null, JSON.stringify(executionIds), s.status, s.currentStep, s.waitingFor ?? null],
  );
}

export async function finishExecution(em: EntityManager, executionId: string, status: ExecutionStatus, reason: string | null) {
  await finishExecutions(em, [{ executionId, status, reason }]);
}

/** An execution's final status, with why (null when it just ran to its end). */
export type FinalStatus = { executionId: string; status: ExecutionStatus; reason: string | null };

/** Final statuses of many executions in one statement (a batch's round); one already final is left alone. */
export async function finishExecutions(em: EntityManager, finals: FinalStatus[]) {
  if (finals.length === 0) return;
  await sqlRun(
    em,
    `with v as (select * from jsonb_to_recordset(?::jsonb) as v(id uuid, status text, reason text))
     update workflow_executions x set status = v.status, exit_reason = v.reason, waiting_for = null, finished_at = now(), updated_at = now()
     from v where x.id = v.id and x.id = any(array(select id from v)) and x.status in ('RUNNING', 'WAITING')`,
    [JSON.stringify(finals.map((f) => ({ id: f.executionId, status: f.status, reason: f.reason })))],
  );
}

/** Executions of a batch whose activity gave up (none continued alone): FAILED with the reason, unless already final. */
export async function failExecutions(em: EntityManager, executionIds: string[], reason: string) {
  await sqlRun(
    em,
    `update workflow_executions set status = 'FAILED', exit_reason = ?, waiting_for = null, finished_at = now(), updated_at = now()
     where id = ${IDS_PARAM} and status in ('RUNNING', 'WAITING')`,
    [reason, JSON.stringify(executionIds)],
  );
}

/**
 * The hand-off fence of an execution's mail (in the send's transaction, held until its outcome
 * commits): the execution row is share-locked while RUNNING, so a cancel (executions.ts,
 * markCancelled) waits for a hand-off under way, and once it has answered no later one passes.
 * Answers why not to send, or null.
 */
export async function executionStillRunning(tx: EntityManager, executionId: string): Promise<string | null> {
  const row = await sqlFirst<{ id: string }>(tx, `select id from workflow_executions where id = ? and status = 'RUNNING' for share`, [executionId]);
  return row ? null : 'The automation execution was cancelled or ended before the hand-off';
}

export interface ExecutionContext {
  projectId: string;
  contactId: string;
  triggerData: Record<string, unknown>;
  /** Why the execution must stop now, or null. */
  halt: string | null;
  contact: { id: string; email: string; data: Record<string, unknown>; subscribed: boolean; unsubscribedAt: Date | null } | null;
}

/** The execution with its project's state and its contact as they are now. */
export async function loadContext(em: EntityManager, executionId: string): Promise<ExecutionContext | null> {
  return (await loadContexts(em, [executionId])).get(executionId) ?? null;
}

/** loadContext of many executions in one statement; an execution that no longer exists is absent. */
export async function loadContexts(em: EntityManager, executionIds: string[]): Promise<Map<string, ExecutionContext>> {
  const rows = await sqlRows<Record<string, any>>(
    em,
    `with x as (select * from workflow_executions where id = ${IDS_PARAM})
     select x.id, x.project_id, x.contact_id, x.trigger_data, x.status, p.disabled, c.id as cid, c.email, c.data, c.subscribed, c.unsubscribed_at
     from x join projects p on p.id = x.project_id left join contacts c on c.id = x.contact_id and c.id = any(array(select contact_id from x))`,
    [JSON.stringify(executionIds)],
  );
  return new Map(
    rows.map((r) => [
      r.id as string,
      {
        projectId: r.project_id,
        contactId: r.contact_id,
        triggerData: r.trigger_data ?? {},
        halt: r.disabled ? 'The project is disabled' : !r.cid ? 'The contact was deleted' : r.status === 'CANCELLED' ? 'Cancelled' : null,
        contact: r.cid ? { id: r.cid, email: r.email, data: r.data ?? {}, subscribed: r.subscribed === true, unsubscribedAt: r.unsubscribed_at ? new Date(r.unsubscribed_at) : null } : null,
      },
    ]),
  );
}

/**
 * The first `name` event of the execution's contact recorded after `afterId` (exclusive; a UUIDv7
 * bound: event ids are time-ordered) and, when `beforeId` is given, before it (the wait's end), or
 * null. A WAIT_FOR_EVENT asks this when it begins (the event may have come before the worker
 * reached the step) and, bounded by its end, when it ends by its timeout: the event is what counts,
 * its signal only wakes the wait early, and a signal can be lost (Temporal unreachable, a
 * dispatcher that died after its commit).
 */
export async function awaitedEventSince(em: EntityManager, executionId: string, name: string, afterId: string, beforeId?: string): Promise<string | null> {
  const row = await sqlFirst<{ id: string }>(
    em,
    `select e.id from workflow_executions x join events e on e.contact_id = x.contact_id and e.project_id = x.project_id
     where x.id = ? and e.name = ? and e.id > ?::uuid${beforeId ? ' and e.id < ?::uuid' : ''} order by e.id limit 1`,
    beforeId ? [executionId, name, afterId, beforeId] : [executionId, name, afterId],
  );
  return row?.id ?? null;
}
