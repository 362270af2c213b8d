import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../errors.js';
import { decodeCursor, encodeCursor, type Page } from '../paging.js';
import type { ExecutionStatus } from '../../db/entities/workflow-execution.js';
import type { StepStatus } from './records.js';
import { isUuid, newId } from '../../db/ids.js';
import { automationWorkflowId } from '../workflow-ids.js';
import { sqlRows, sqlRun } from '../../db/sql.js';
import { IDS_PARAM } from './records.js';
import { maxUuidV7At } from '../events/events.js';
import type { Step } from './definition.js';

/** Graphs up to this size (JSON characters) go with the start; a larger one is loaded by the workflow (history stays small). */
export const RUN_IN_INPUT_MAX_CHARS = 16_000;

/** A new execution row: what the Temporal start needs. */
export interface NewExecution {
  executionId: string;
  projectId: string;
  workflowId: string;
  contactId: string;
  contactEmail: string;
  seq: number;
  temporalId: string;
  /** The graph of its version and where its WAIT_FOR_EVENT counting starts (given with the start: types.ts AutomationInput.run). */
  steps?: Step[];
  countAfter?: string;
  /** The workflow version it runs (batches are per version: their graph is sent once). */
  version?: number;
  /** The batch the insert wrote it in (dispatch.ts, planBatches), or null: it starts alone. */
  batchId?: string | null;
  /** Its batch's head: the execution whose dispatched mark records the batch's start (the others are written dispatched). */
  batchHead?: boolean;
}

/** New executions of one workflow version whose first steps run in one Temporal workflow (engine.ts, startBatch). */
export interface ExecutionBatch {
  batchId: string;
  /**
   * The executions whose dispatched mark records the batch's Temporal start: its head alone (the
   * others were written dispatched: their start is the head's), or every one of a batch written
   * before heads (Migration20261206100000).
   */
  markIds: string[];
  projectId: string;
  workflowId: string;
  steps: Step[];
  executions: NewExecution[];
}

/** Events after this id count for an execution's first WAIT_FOR_EVENT: its triggering event, or (a manual start) its start. */
export const countAfterOf = (triggerEventId: string | null, startedAt: Date | string): string =>
  triggerEventId ?? maxUuidV7At(new Date(startedAt).getTime() - 1);

/*
 * An execution starts RUNNING at its version's first step (current_step written with the row: the
 * first step's mark, records.ts markExecutions, then finds nothing to change and writes no row
 * version; issue 20, a burst's cost per mail).
 *
 * The re-entry rules and the per-contact sequence number in one statement, for any number of
 * (workflow, contact) pairs: allowReentry false admits a contact once ever, true admits it when
 * none of its executions is RUNNING or WAITING. An execution cancelled before its Temporal workflow
 * was started (dispatched_at null: a manual start Temporal refused with a 503, or a cancel that came
 * first) never went through the workflow, so the rules skip it; the seq still counts it (its
 * Temporal id is never reused). Both are read from the pair's latest execution that counts
 * (a backward probe of the (workflow, contact, seq) key, and one for the seq; an execution starts only when
 * every earlier one of the pair is final, and a final one never runs again, so only the latest can
 * be live): a NOT EXISTS over the pair's executions was planned on a burst's young table as a
 * scan of all the workflow's executions per pair (workflow_executions_list_idx; bench/RESULTS.md,
 * auto-pg). Two concurrent starts compute the same seq; the unique key lets one of them in.
 * The statement does not see its own rows: a pair asked twice in one call computes the same seq for both, and the unique key keeps the first (in request order),
 * as the rules would (the first execution is RUNNING).
 */
const INSERT_EXECUTIONS_SQL = `
with i as (select * from jsonb_to_recordset(?::jsonb) as i(ord int, id uuid, workflow_id uuid, contact_id uuid, event_id uuid, data jsonb, batch_id text, members uuid[]))
insert into workflow_executions (id, project_id, workflow_id, version, contact_id, seq, status, current_step, trigger_event_id, trigger_data, batch_id, batch_members, dispatched_at)
select i.id, w.project_id, w.id, w.version, c.id, coalesce(top.seq, 0) + 1,
       'RUNNING', v.steps->0->>'id', i.event_id, coalesce(i.data, '{}'::jsonb),
       case when b.batched then i.batch_id end, case when b.batched then i.members end, case when b.batched and i.members is null then now() end
from i
join workflows w on w.id = i.workflow_id
left join workflow_versions v on v.workflow_id = w.id and v.version = w.version
cross join lateral (select i.batch_id is not null and jsonb_typeof(v.steps) = 'array' and jsonb_array_length(v.steps) > 0
  and length(v.steps::text) <= ${RUN_IN_INPUT_MAX_CHARS} as batched) b
join contacts c on c.id = i.contact_id and c.id = any(array(select contact_id from i)) and c.project_id = w.project_id
left join lateral (
  select x.seq from workflow_executions x where x.workflow_id = w.id and x.contact_id = c.id order by x.seq desc limit 1) top on true
left join lateral (
  select x.status from workflow_executions x where x.workflow_id = w.id and x.contact_id = c.id
    and not (x.status = 'CANCELLED' and x.dispatched_at is null) order by x.seq desc limit 1) last on true
where last.status is null or (w.allow_reentry and last.status not in ('RUNNING', 'WAITING'))
order by i.ord
on conflict (workflow_id, contact_id, seq) do nothing
returning id, project_id, workflow_id, version, contact_id, seq, trigger_event_id, started_at, batch_id, batch_members is not null as batch_head, (select email from contacts where id = contact_id) as contact_email,
  (select v.steps from workflow_versions v where v.workflow_id = workflow_executions.workflow_id and v.version = workflow_executions.version) as steps`;

export interface ExecutionRequest {
  /** Its id, when the caller chose it (a planned batch is named after its first execution); a new one otherwise. */
  executionId?: string;
  /**
   * The batch planned for it (dispatch.ts, planBatches), written with the row when its version's
   * graph goes with a batch's start (not empty, at most RUN_IN_INPUT_MAX_CHARS as jsonb text); a
   * member other than the head is then written dispatched (its start is the head's).
   */
  batchId?: string | null;
  /** The head's: the batch's execution ids (the head carries them, and its dispatched mark the batch's). */
  batchMembers?: string[];
  workflowId: string;
  contactId: string;
  eventId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Inserts the executions the re-entry rules admit, in one statement (in the caller's
 * transaction); returns them in request order. A (workflow, contact) pair asked twice counts once.
 */
export async function insertExecutions(em: EntityManager, requests: ExecutionRequest[]): Promise<NewExecution[]> {
  if (requests.length === 0) return [];
  const input = requests.map((r, ord) => ({
    ord, id: r.executionId ?? newId(), workflow_id: r.workflowId, contact_id: r.contactId, event_id: r.eventId ?? null, data: r.data ?? {}, batch_id: r.batchId ?? null,
    members: r.batchMembers ?? null,
  }));
  const rows = await sqlRows<Record<string, any>>(em, INSERT_EXECUTIONS_SQL, [JSON.stringify(input)]);
  const order = new Map(input.map((i) => [i.id, i.ord]));
  return rows
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((r) => ({
      executionId: r.id,
      projectId: r.project_id,
      workflowId: r.workflow_id,
      contactId: r.contact_id,
      contactEmail: r.contact_email,
      seq: r.seq,
      temporalId: automationWorkflowId(r.workflow_id, r.contact_id, r.seq),
      steps: r.steps ?? undefined,
      countAfter: countAfterOf(r.trigger_event_id, r.started_at),
      version: r.version,
      batchId: r.batch_id ?? null,
      batchHead: r.batch_head === true,
    }));
}

/** Inserts the execution when the re-entry rules admit the contact; null when they do not. Runs in the caller's transaction. */
export async function insertExecution(em: EntityManager, input: ExecutionRequest): Promise<NewExecution | null> {
  return (await insertExecutions(em, [input]))[0] ?? null;
}

export interface ExecutionDto {
  id: string;
  workflowId: string;
  version: number;
  contactId: string;
  email: string | null;
  status: ExecutionStatus;
  currentStep: string | null;
  exitReason: string | null;
  temporalWorkflowId: string;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface StepRecordDto {
  stepId: string;
  type: string;
  status: StepStatus;
  output: unknown;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
const toExecutionDto = (r: Record<string, any>): ExecutionDto => ({
  id: r.id,
  workflowId: r.workflow_id,
  version: r.version,
  contactId: r.contact_id,
  email: r.email ?? null,
  status: r.status,
  currentStep: r.current_step ?? null,
  exitReason: r.exit_reason ?? null,
  temporalWorkflowId: automationWorkflowId(r.workflow_id, r.contact_id, r.seq),
  startedAt: iso(r.started_at)!,
  updatedAt: iso(r.updated_at)!,
  finishedAt: iso(r.finished_at),
});

const SELECT_EXECUTION = `select x.*, c.email from workflow_executions x left join contacts c on c.id = x.contact_id`;

/** Newest first, keyset on id; `status` and `contactId` filters. */
export async function listExecutions(
  em: EntityManager,
  workflowId: string,
  q: { limit: number; cursor?: string; status?: ExecutionStatus; contactId?: string },
): Promise<Page<ExecutionDto>> {
  const where = ['x.workflow_id = ?'];
  const params: unknown[] = [workflowId];
  if (q.status) where.push('x.status = ?'), params.push(q.status);
  if (q.contactId) {
    if (!isUuid(q.contactId)) return { items: [], nextCursor: null, total: 0 };
    where.push('x.contact_id = ?'), params.push(q.contactId);
  }
  const pageWhere = [...where];
  const pageParams = [...params];
  if (q.cursor) pageWhere.push('x.id < ?'), pageParams.push(decodeCursor(q.cursor));
  const [rows, [{ total }]] = await Promise.all([
    sqlRows<Record<string, any>>(em, `${SELECT_EXECUTION} where ${pageWhere.join(' and ')} order by x.id desc limit ?`, [...pageParams, q.limit + 1]),
    sqlRows<{ total: string }>(em, `select count(*) as total from workflow_executions x where ${where.join(' and ')}`, params),
  ]);
  const hasMore = rows.length > q.limit;
  const items = (hasMore ? rows.slice(0, q.limit) : rows).map(toExecutionDto);
  return { items, nextCursor: hasMore ? encodeCursor(items[items.length - 1].id) : null, total: Number(total) };
}

/** Steps inlined in an execution's detail: every step of a run that visits each step at most once (MAX_STEPS). */
export const FIRST_STEPS_PAGE = 100;

export interface ExecutionDetail extends ExecutionDto {
  /** The first FIRST_STEPS_PAGE step records, in run order. */
  steps: StepRecordDto[];
  /** Cursor of the next page of GET .../steps; null when `steps` holds them all. */
  stepsNextCursor: string | null;
  stepsTotal: number;
}

const toStepDto = (s: Record<string, any>): StepRecordDto => ({
  stepId: s.step_id,
  type: s.type,
  status: s.status,
  output: s.output ?? null,
  error: s.error ?? null,
  startedAt: iso(s.started_at)!,
  finishedAt: iso(s.finished_at),
});

async function findExecution(em: EntityManager, workflowId: string, executionId: string): Promise<Record<string, any>> {
  const rows = isUuid(executionId)
    ? await sqlRows<Record<string, any>>(em, `${SELECT_EXECUTION} where x.id = ? and x.workflow_id = ?`, [executionId, workflowId])
    : [];
  if (!rows[0]) throw notFound('Execution');
  return rows[0];
}

/**
 * A page of an execution's step records in run order (a loop revisits steps: a long run has many),
 * keyset on the position; the cursor carries the last record's id.
 */
async function stepsPage(em: EntityManager, executionId: string, q: { limit: number; cursor?: string }): Promise<Page<StepRecordDto>> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    sqlRows<Record<string, any>>(
      em,
      after
        ? 'select * from workflow_execution_steps where execution_id = ? and idx > coalesce((select idx from workflow_execution_steps where id = ? and execution_id = ?), 2147483647) order by idx limit ?'
        : 'select * from workflow_execution_steps where execution_id = ? order by idx limit ?',
      after ? [executionId, after, executionId, q.limit + 1] : [executionId, q.limit + 1],
    ),
    sqlRows<{ total: string }>(em, 'select count(*) as total from workflow_execution_steps where execution_id = ?', [executionId]),
  ]);
  const hasMore = rows.length > q.limit;
  const page = hasMore ? rows.slice(0, q.limit) : rows;
  return { items: page.map(toStepDto), nextCursor: hasMore ? encodeCursor(page[page.length - 1].id) : null, total: Number(total) };
}

/** One execution with the first page of its step records. */
export async function getExecution(em: EntityManager, workflowId: string, executionId: string): Promise<ExecutionDetail> {
  const row = await findExecution(em, workflowId, executionId);
  const steps = await stepsPage(em, row.id, { limit: FIRST_STEPS_PAGE });
  return { ...toExecutionDto(row), steps: steps.items, stepsNextCursor: steps.nextCursor, stepsTotal: steps.total };
}

/** GET /workflows/{id}/executions/{executionId}/steps: the step records page by page. */
export async function listExecutionSteps(em: EntityManager, workflowId: string, executionId: string, q: { limit: number; cursor?: string }) {
  const row = await findExecution(em, workflowId, executionId);
  return stepsPage(em, row.id, q);
}

/** Executions of a workflow still RUNNING or WAITING, as Temporal workflow ids (to cancel them). */
export async function liveExecutionIds(em: EntityManager, workflowId: string, executionId?: string): Promise<string[]> {
  const rows = await sqlRows<Record<string, any>>(
    em,
    `select workflow_id, contact_id, seq from workflow_executions where workflow_id = ? and status in ('RUNNING', 'WAITING')${executionId ? ' and id = ?' : ''}`,
    executionId ? [workflowId, executionId] : [workflowId],
  );
  return rows.map((r) => automationWorkflowId(r.workflow_id, r.contact_id, r.seq));
}

/** Final status written by the API side of a cancel (the workflow writes the same when it sees the cancellation). */
export async function markCancelled(em: EntityManager, executionId: string, reason: string) {
  await sqlRun(
    em,
    `update workflow_executions set status = 'CANCELLED', waiting_for = null, exit_reason = ?, finished_at = now(), updated_at = now()
     where id = ? and status in ('RUNNING', 'WAITING')`,
    [reason, executionId],
  );
}

/**
 * Their Temporal workflows were started (an undispatched execution is started again by the
 * dispatcher); for a batch, its head's (ExecutionBatch.markIds).
 */
export async function markDispatched(em: EntityManager, executionIds: string[]) {
  if (executionIds.length === 0) return;
  await sqlRun(em, `update workflow_executions set dispatched_at = now() where id = ${IDS_PARAM}`, [JSON.stringify(executionIds)]);
}
