import type { EntityManager } from '@mikro-orm/postgresql';
import { automationBatchId, automationWorkflowId } from '../workflow-ids.js';
import type { AutomationEngine } from './engine.js';
import { countAfterOf, insertExecutions, markDispatched, type ExecutionBatch, type NewExecution } from './executions.js';
import { listParam, sqlRows, sqlRun } from '../../db/sql.js';
import { newId } from '../../db/ids.js';
import { IDS_PARAM } from './records.js';

/** A WAIT_FOR_EVENT execution to wake: the Temporal id and the event. */
export interface EventSignal {
  temporalId: string;
  name: string;
  eventId: string;
}

/** What one pass over the inbox committed: the executions to start in Temporal (alone or in batches) and the signals to send. */
export interface InboxPass {
  /** Inbox rows consumed. */
  done: number;
  starts: NewExecution[];
  batches: ExecutionBatch[];
  signals: EventSignal[];
}

/**
 * Executions per batch workflow (its input carries each one's ids and address: ~200 bytes each, and
 * the graph once: ~100 KB at 500, under Temporal's 512 KB payload warning). As large as a
 * dispatcher pass (PASS_ROWS): a burst's pass of 250 ms gathers ~375 sign-ups at 1,500 tracks/s,
 * which at 200 split into two batches; at 500 it is one, and Temporal's share per mail halved
 * (production layout, N = 10,000: 0.18-0.20 -> 0.10 ms of the server's CPU per mail; bench/RESULTS.md).
 */
export const BATCH_MAX_EXECUTIONS = 500;

/**
 * The batches of a pass, chosen before its insert so that the insert writes each execution's batch
 * with its row (no update of every batched execution after it; issue 20): a workflow's requests,
 * in request order, BATCH_MAX_EXECUTIONS at a time, each batch named after its first request's
 * execution id (chosen here, before the insert). That first request is the batch's head: it carries
 * the batch's execution ids, and its dispatched mark records the batch's Temporal start; the
 * insert writes the others dispatched (one mark per batch, not one per execution). A workflow's
 * lone request gets no batch: it starts alone, with its own workflow (as manual starts do).
 */
export function planBatches<R extends { workflowId: string }>(requests: R[], maxSize = BATCH_MAX_EXECUTIONS): (R & { executionId: string; batchId: string | null; batchMembers?: string[] })[] {
  const planned = requests.map((r) => ({ ...r, executionId: newId(), batchId: null as string | null, batchMembers: undefined as string[] | undefined }));
  const byWorkflow = new Map<string, typeof planned>();
  for (const r of planned) byWorkflow.set(r.workflowId, [...(byWorkflow.get(r.workflowId) ?? []), r]);
  for (const group of byWorkflow.values()) {
    for (let i = 0; i < group.length; i += maxSize) {
      const chunk = group.slice(i, i + maxSize);
      if (chunk.length < 2) continue;
      const batchId = automationBatchId(chunk[0].executionId);
      for (const r of chunk) r.batchId = batchId;
      chunk[0].batchMembers = chunk.map((r) => r.executionId);
    }
  }
  return planned;
}

/** A correction of what the insert wrote for a planned batch (batchesOfInserted). */
interface BatchFix {
  id: string;
  batch_id: string | null;
  members: string[] | null;
}

/**
 * The batches of what the insert wrote (executions carrying the batch planned for them); the others
 * start alone. Rare corrections, written by the caller in the same transaction (`fixes`): a planned
 * batch the re-entry rules left one execution of is none (its batch taken off, undispatched: it
 * starts alone); one whose head they refused gets its first execution as head (undispatched, with
 * the batch's ids).
 */
export function batchesOfInserted(inserted: NewExecution[]): { batches: ExecutionBatch[]; alone: NewExecution[]; fixes: BatchFix[] } {
  const groups = new Map<string, NewExecution[]>();
  const alone: NewExecution[] = [];
  for (const e of inserted) {
    if (!e.batchId || !e.steps?.length || e.version === undefined) alone.push(e);
    else groups.set(e.batchId, [...(groups.get(e.batchId) ?? []), e]);
  }
  const batches: ExecutionBatch[] = [];
  const fixes: BatchFix[] = [];
  for (const [batchId, group] of groups) {
    if (group.length < 2) {
      alone.push({ ...group[0], batchId: null, batchHead: false });
      fixes.push({ id: group[0].executionId, batch_id: null, members: null });
      continue;
    }
    let head = group.find((e) => e.batchHead);
    if (!head) {
      head = group[0];
      fixes.push({ id: head.executionId, batch_id: batchId, members: group.map((e) => e.executionId) });
    }
    batches.push({ batchId, markIds: [head.executionId], projectId: group[0].projectId, workflowId: group[0].workflowId, steps: group[0].steps!, executions: group });
  }
  return { batches, alone, fixes };
}

interface InboxRow {
  id: string;
  event_id: string;
  contact_id: string;
  name: string;
  data: Record<string, unknown>;
  /** The workflows this event starts and the executions it wakes: the rule of db/automation-start-rule.ts, applied per row. */
  workflow_ids: string[];
  waiting: { workflow_id: string; contact_id: string; seq: number }[];
}

/*
 * One pass over the automation inbox (rows the trigger on `events` writes, db/automation-start-rule.ts), in one
 * transaction of three statements: the next `limit` rows (SKIP LOCKED, so the dispatchers of
 * several workers split the work) with, for each, the workflows it starts and the executions it
 * wakes (the same SQL functions the trigger asked); the executions the re-entry rules admit, in
 * one insert that writes each one's batch (planBatches); the rows deleted. The Temporal workflows start after the commit (so their first
 * activity finds the row): the caller starts them (startExecutions, or the worker's pipeline). One
 * that fails to start stays undispatched and is started again by restartUndispatched (starts are
 * idempotent by workflow id).
 */
export async function claimInboxPass(em: EntityManager, limit = 500, opts: { batches?: boolean; gatheredMs?: number } = {}): Promise<InboxPass> {
  return em.transactional(async (tx) => {
    // gatheredMs: the rows are taken only once the oldest of those this pass can lock has waited that
    // long (a burst gathers into one pass, whichever worker's dispatcher comes first; see gatheredInbox).
    const rows = await sqlRows<InboxRow>(
      tx,
      `with batch as (select * from automation_inbox order by id limit ? for update skip locked),
       ready as (select * from batch where ?::float8 is null or (select min(created_at) from batch) <= now() - (?::float8 * interval '1 millisecond'))
       select b.id, b.event_id, b.contact_id, b.name, b.data,
         array(select s.workflow_id from automation_start_workflows(b.project_id, b.name, b.public_key) s) as workflow_ids,
         coalesce((select jsonb_agg(to_jsonb(x)) from automation_waiting_executions(b.project_id, b.contact_id, b.name) x), '[]'::jsonb) as waiting
       from ready b order by b.id`,
      [limit, opts.gatheredMs ?? null, opts.gatheredMs ?? null],
    );
    if (rows.length === 0) return { done: 0, starts: [], batches: [], signals: [] };
    const requests = rows.flatMap((r) => r.workflow_ids.map((workflowId) => ({ workflowId, contactId: r.contact_id, eventId: r.event_id, data: r.data })));
    // The worker's dispatcher (its engine gives the run with the start) batches them; one-shot callers start each alone.
    const inserted = await insertExecutions(tx, opts.batches ? planBatches(requests) : requests);
    const signals = rows.flatMap((r) => r.waiting.map((x) => ({ temporalId: automationWorkflowId(x.workflow_id, x.contact_id, x.seq), name: r.name, eventId: r.event_id })));
    const { batches, alone: starts, fixes } = batchesOfInserted(inserted);
    if (fixes.length > 0) {
      await sqlRun(
        tx,
        `with f as (select * from jsonb_to_recordset(?::jsonb) as f(id uuid, batch_id text, members uuid[]))
         update workflow_executions x set batch_id = f.batch_id, batch_members = f.members, dispatched_at = null from f where x.id = f.id and x.id = any(array(select id from f))`,
        [JSON.stringify(fixes)],
      );
    }
    await sqlRun(tx, `delete from automation_inbox where id = ${listParam('bigint')}`, [JSON.stringify(rows.map((r) => r.id))]);
    return { done: rows.length, starts, batches, signals };
  });
}

/**
 * How many rows the inbox has (up to `cap`) and how long the oldest has waited, by the database's
 * clock (one statement, no lock): a gathering dispatcher's look. The age of the burst's oldest row
 * is what every worker's dispatcher sees alike, so the passes of a burst come one gathering time
 * apart whichever dispatcher makes them, instead of each dispatcher gathering on its own clock and
 * two workers' passes splitting the burst into twice as many batches (issue 20: every batch is a
 * Temporal workflow, 35-56 ms of the dev server's CPU each; bench/RESULTS.md, auto-prod).
 */
export async function gatheredInbox(em: EntityManager, cap = 501, recentMs = 0): Promise<InboxLook> {
  const [row] = await sqlRows<{ rows: number; oldest_ms: number | null; recent_rows: number }>(
    em,
    `select (select count(*)::int from (select 1 from automation_inbox order by id limit ?) r) as rows,
       (select (extract(epoch from now() - min(created_at)) * 1000)::float8 from (select created_at from automation_inbox order by id limit ?) r) as oldest_ms,
       (select count(*)::int from (select created_at from automation_inbox order by id desc limit ?) r where created_at > now() - make_interval(secs => ?::float8 / 1000)) as recent_rows`,
    [cap, cap, cap, recentMs],
  );
  return { rows: row.rows, oldestMs: row.oldest_ms ?? 0, recentRows: row.recent_rows };
}

/**
 * A gathering dispatcher's look at the inbox (gatheredInbox): its rows (up to a cap), how long the
 * oldest has waited, and how many came in during the last `recentMs` (up to the cap; the database's clock).
 */
export interface InboxLook {
  rows: number;
  oldestMs: number;
  recentRows: number;
}

/** How a gathering dispatcher paces a burst (worker/automation-dispatcher.ts). */
export interface BurstPace {
  /** The gathering time: a pass waits until the inbox's oldest row has waited this long. */
  gatherMs: number;
  /** The longest a burst's executions are held while its events keep coming (0: never held). */
  holdMs: number;
  /** Events per second (over the last gathering time) from which a burst is held. */
  holdPerSecond: number;
}

/**
 * What a gathering dispatcher does after a look at a non-empty inbox:
 * - `hold`: events are still coming in at `holdPerSecond` or more and the oldest has waited less
 *   than `holdMs` (and this burst's hold was not already spent): the executions wait, so the API's
 *   tracks (and their database commits) get the machine while the burst lasts; its executions start
 *   once it pauses, as a few large batches (issue 20: during a burst the mails' work took half the
 *   tracks' rate, and the mails waited for the tracks anyway; bench/RESULTS.md, "Held bursts").
 * - `wait`: a pass's worth has not gathered yet; look again after `ms`.
 * - `claim`: take a pass now (`gatheredMs`: only rows at least that old, for a pass that is not full).
 * `spent`: this burst has been held for `holdMs` already: it is dispatched as it comes from now on.
 */
export function gatheringStep(look: InboxLook, pace: BurstPace, passRows: number, spent: boolean): { kind: 'hold' | 'wait'; ms: number; spent: boolean } | { kind: 'claim'; gatheredMs?: number; spent: boolean } {
  const arriving = pace.holdMs > 0 && (look.recentRows * 1000) / pace.gatherMs >= pace.holdPerSecond;
  if (!arriving) spent = false; // the burst has slowed or paused: a later one may be held again
  else if (!spent && look.oldestMs < pace.holdMs) return { kind: 'hold', ms: pace.gatherMs, spent };
  else spent = true;
  if (look.rows <= passRows && look.oldestMs < pace.gatherMs) return { kind: 'wait', ms: pace.gatherMs - look.oldestMs + 1, spent };
  return { kind: 'claim', gatheredMs: look.rows > passRows ? undefined : pace.gatherMs, spent };
}

/** Whether the inbox has a row (one statement, no transaction: the idle dispatcher's look before a pass). */
export async function inboxHasRows(em: EntityManager): Promise<boolean> {
  const [row] = await sqlRows<{ any: boolean }>(em, 'select exists (select 1 from automation_inbox) as any');
  return row.any;
}

/** Starts the executions' Temporal workflows, `concurrency` at once, and marks those started; throws the first failure after. */
export async function startExecutions(em: EntityManager, engine: AutomationEngine, starts: NewExecution[], concurrency = 32): Promise<void> {
  const started: string[] = [];
  let failure: unknown;
  let next = 0;
  const lane = async () => {
    while (next < starts.length) {
      const e = starts[next++];
      await engine.start(e).then(() => void started.push(e.executionId), (err) => void (failure ??= err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, starts.length) }, lane));
  await markDispatched(em, started);
  if (failure) throw failure;
}

/**
 * A signal that fails is lost with the pass, not the event: the wait ends by its timeout, finds the
 * event recorded (records.ts, awaitedEventSince) and takes the event branch all the same.
 */
export async function sendSignals(engine: AutomationEngine, signals: EventSignal[]): Promise<void> {
  await Promise.all(signals.map((s) => engine.signalEvent(s.temporalId, { name: s.name, eventId: s.eventId }).catch(() => {})));
}

/** One pass and its starts and signals, awaited (tests and one-shot callers; the worker pipelines them). Returns the inbox rows done. */
export async function drainAutomationInbox(em: EntityManager, engine: AutomationEngine, limit = 500): Promise<number> {
  const pass = await claimInboxPass(em, limit);
  await startExecutions(em, engine, pass.starts);
  await sendSignals(engine, pass.signals);
  return pass.done;
}

/**
 * Executions whose Temporal start failed or never happened (the dispatcher died between its
 * commit and the start): started again once they are `olderThanMs` old. A batch is undispatched
 * when its head is (the others were written dispatched): it is started again under the same id
 * with every execution the head lists (a batch already started is not started twice: Temporal
 * refuses its id again, which counts as started); a batch written before heads, with the rest of
 * its undispatched executions.
 */
export async function restartUndispatched(em: EntityManager, engine: AutomationEngine, olderThanMs = 30_000, limit = 100): Promise<number> {
  const select = `select x.id, x.project_id, x.workflow_id, x.version, x.contact_id, x.seq, x.batch_id, x.batch_members, x.trigger_event_id, x.started_at, c.email,
       case when x.batch_id is not null then v.steps end as steps
     from workflow_executions x left join contacts c on c.id = x.contact_id
     left join workflow_versions v on v.workflow_id = x.workflow_id and v.version = x.version`;
  const rows = await sqlRows<Record<string, any>>(
    em,
    `${select} where x.dispatched_at is null and x.started_at < now() - (? * interval '1 millisecond') order by x.started_at limit ?`,
    [olderThanMs, limit],
  );
  const heads = rows.filter((r) => r.batch_members);
  const listed = heads.flatMap((r) => (r.batch_members as string[]).filter((id) => id !== r.id));
  const members = new Map(
    (listed.length > 0 ? await sqlRows<Record<string, any>>(em, `${select} where x.id = ${IDS_PARAM}`, [JSON.stringify(listed)]) : []).map((r) => [r.id as string, r]),
  );
  const execution = (r: Record<string, any>) => ({
    executionId: r.id as string, projectId: r.project_id, workflowId: r.workflow_id, contactId: r.contact_id, contactEmail: r.email ?? '', seq: r.seq,
    temporalId: automationWorkflowId(r.workflow_id, r.contact_id, r.seq), version: r.version, countAfter: countAfterOf(r.trigger_event_id, r.started_at),
    batchId: r.batch_id as string | null, steps: r.steps ?? undefined,
  });
  const batches = new Map<string, ExecutionBatch>();
  const alone: NewExecution[] = [];
  for (const r of rows) {
    const e = execution(r);
    // A head: its batch is every execution it lists that exists (the insert may have refused some).
    const listedOf = () => (r.batch_members as string[]).flatMap((id) => (id === r.id ? [e] : members.has(id) ? [execution(members.get(id)!)] : []));
    if (r.batch_members && !e.steps) alone.push(...listedOf()); // its version's graph gone: each alone (loading its run)
    else if (!e.batchId || !e.steps) alone.push(e);
    else if (r.batch_members) {
      const executions = listedOf();
      batches.set(e.batchId, { batchId: e.batchId, markIds: [e.executionId], projectId: e.projectId, workflowId: e.workflowId, steps: e.steps, executions });
    } else {
      const b: ExecutionBatch = batches.get(e.batchId) ?? { batchId: e.batchId, markIds: [], projectId: e.projectId, workflowId: e.workflowId, steps: e.steps, executions: [] };
      b.executions.push(e);
      b.markIds.push(e.executionId);
      batches.set(e.batchId, b);
    }
  }
  await startBatches(em, engine, [...batches.values()]);
  await startExecutions(em, engine, alone);
  return rows.length;
}

/** Starts the batches' Temporal workflows and marks them started (their heads: ExecutionBatch.markIds); throws the first failure after. */
export async function startBatches(em: EntityManager, engine: AutomationEngine, batches: ExecutionBatch[]): Promise<void> {
  let failure: unknown;
  const started: string[] = [];
  await Promise.all(batches.map((b) => engine.startBatch(b).then(() => void started.push(...b.markIds), (err) => void (failure ??= err))));
  await markDispatched(em, started);
  if (failure) throw failure;
}
