import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { fillPlaceholders } from '../core/templates/render.js';
import { evaluateCondition } from '../core/automations/condition.js';
import { durationMs, type Step, type StepOf } from '../core/automations/definition.js';
import { IDS_PARAM, awaitedEventSince, executionStillRunning, failExecutions, finishExecution, finishExecutions, loadContext, loadContexts, markExecution, markExecutions, recordStep, recordSteps, type FinalStatus, type StepRecord, type StepStatus } from '../core/automations/records.js';
import { maxUuidV7At, minUuidV7At } from '../core/events/events.js';
import { countAfterOf } from '../core/automations/executions.js';
import { prepareStepEmail, prepareStepRecordsAtOnce, stepEmailId, type StepEmailRecord } from '../core/automations/send-email.js';
import { mergeContact } from '../core/automations/update-contact.js';
import { nextLocalTime } from '../core/automations/wait-until.js';
import { callWebhook, WebhookRefused } from '../core/automations/webhook.js';
import type { ExecutionStatus } from '../db/entities/workflow-execution.js';
import type { AutomationBatchResult, AutomationRun, StepOutcome } from '../core/automations/types.js';
import type { ActivityDeps } from './deps.js';
import { createDeliveryEngine, type DeliveryEngine } from './delivery/engine.js';
import { deliverStepMails } from './automation-emails.js';
import { EMAIL_BOUNCED, EMAIL_FAILED, type DeliveryOutcome } from './delivery/outcome.js';
import { sqlFirst, sqlRows } from '../db/sql.js';
import { forEachBounded, limiter } from '../core/concurrency.js';
import { withHeartbeat } from './lib/heartbeat.js';

interface StepInput<T extends Step = Step> {
  executionId: string;
  /** Position of this step in the run (0, 1, 2 ...): the key of its record. */
  idx: number;
  step: T;
}

/** Executions of a batch advanced at once (each holds at most one database connection at a time). */
const BATCH_LANES = 16;
/** Email records (prepare's transaction) being written at once for all batches of the process: fewer than the database pool's 10 connections. */
const BATCH_PREPARES = 6;
/** The workflow's MAX_STEPS_PER_EXECUTION: a run that long goes on (and fails) in its own workflow. */
const MAX_STEPS_IN_BATCH = 1000;

/** The items by key, in first-seen order. */
function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

const nextOf = (step: Step): string | null => ('next' in step ? (step.next ?? null) : null);

/** Every side effect of an automation execution; the workflow (workflows/automation.workflow.ts) only decides. */
export function createAutomationActivities(deps: ActivityDeps, delivery: DeliveryEngine = createDeliveryEngine(deps)) {
  const em = () => deps.orm.em.fork();
  // Email records of batches written at once in this process, first come first served: the batches
  // started first reach their hand-off first, instead of all of them advancing together (latency).
  const preparing = limiter(BATCH_PREPARES);

  /** Records the outcome of a step that ran in one go. */
  async function finished(tx: EntityManager, input: StepInput, status: StepStatus, extra: { output?: unknown; error?: string } = {}) {
    await recordStep(tx, { executionId: input.executionId, idx: input.idx, stepId: input.step.id, type: input.step.type, status, ...extra });
  }

  async function runStep(tx: EntityManager, input: StepInput, ctx: NonNullable<Awaited<ReturnType<typeof loadContext>>>): Promise<StepOutcome> {
    const { step } = input;
    const vars = { ...ctx.contact!.data, id: ctx.contactId, email: ctx.contact!.email, event: ctx.triggerData };
    switch (step.type) {
      case 'CONDITION': {
        const yes = await evaluateCondition(tx, { projectId: ctx.projectId, contactId: ctx.contactId, condition: step.condition, eventData: ctx.triggerData });
        await finished(tx, input, 'COMPLETED', { output: { result: yes } });
        return { status: 'COMPLETED', next: (yes ? step.branches.yes : step.branches.no) ?? null, output: { result: yes } };
      }
      case 'UPDATE_CONTACT': {
        const c = await mergeContact(tx, { projectId: ctx.projectId, contactId: ctx.contactId, data: step.data, subscribed: step.subscribed });
        if (!c) return { status: 'HALT', reason: 'The contact was deleted' };
        const output = { data: c.data, subscribed: c.subscribed };
        await finished(tx, input, 'COMPLETED', { output });
        return { status: 'COMPLETED', next: nextOf(step), output };
      }
      case 'WEBHOOK':
        return webhook(tx, input as StepInput<StepOf<'WEBHOOK'>>, vars);
      case 'EXIT':
        await finished(tx, input, 'COMPLETED', { output: { reason: step.reason ?? null } });
        return { status: 'COMPLETED', next: null };
      default:
        throw ApplicationFailure.nonRetryable(`runAutomationStep does not run ${step.type} steps`, 'BAD_STEP');
    }
  }

  async function webhook(tx: EntityManager, input: StepInput<StepOf<'WEBHOOK'>>, vars: Record<string, unknown>): Promise<StepOutcome> {
    const { step } = input;
    const fill = (s: string) => fillPlaceholders(s, vars, { escape: false });
    const body = step.body === undefined ? undefined : JSON.stringify(step.body, (_k, v) => (typeof v === 'string' ? fill(v) : v));
    const headers = Object.fromEntries(Object.entries(step.headers ?? {}).map(([k, v]) => [k, fill(v)]));
    try {
      const res = await callWebhook(
        { url: fill(step.url), method: step.method, headers, body },
        { dns: deps.dns, allowLoopbackHost: deps.config.webhookAllowLoopbackHost },
      );
      const ok = res.status >= 200 && res.status < 300;
      const output = { status: res.status, body: res.body, url: res.url };
      await finished(tx, input, ok ? 'COMPLETED' : 'FAILED', { output, error: ok ? undefined : `HTTP ${res.status}` });
      if (ok) return { status: 'COMPLETED', next: nextOf(step), output };
      return { status: 'FAILED', next: nextOf(step), error: `HTTP ${res.status}`, fatal: step.failOnError === true };
    } catch (err) {
      // Refused by the guard, DNS, connection or the 10 s timeout: recorded on the step, never retried.
      const error = err instanceof WebhookRefused ? `Refused: ${err.message}` : `Request failed: ${(err as Error).message}`;
      await finished(tx, input, 'FAILED', { error });
      return { status: 'FAILED', next: nextOf(step), error, fatal: step.failOnError === true };
    }
  }

  /** The context, or a HALT outcome recorded on the step (project disabled, contact deleted). */
  async function contextOrHalt(tx: EntityManager, input: StepInput) {
    const ctx = await loadContext(tx, input.executionId);
    if (!ctx) return { halt: { status: 'HALT', reason: 'The execution no longer exists' } as StepOutcome };
    if (ctx.halt) {
      await finished(tx, input, 'SKIPPED', { error: ctx.halt });
      return { halt: { status: 'HALT', reason: ctx.halt } as StepOutcome };
    }
    await markExecution(tx, input.executionId, { status: 'RUNNING', currentStep: input.step.id });
    return { ctx };
  }

  /**
   * The email record this step already has, if any: the id on its step record (a step alone writes
   * it with the record), or its batch's record (stepEmailId: a batch writes no step record before
   * the outcome). One statement.
   */
  async function stepEmailOf(em: EntityManager, input: StepInput): Promise<string | null> {
    const row = await sqlFirst<{ email_id: string | null }>(
      em,
      `select coalesce((select output->>'emailId' from workflow_execution_steps where execution_id = ? and idx = ?), (select id::text from emails where id = ?)) as email_id`,
      [input.executionId, input.idx, stepEmailId(input.executionId, input.idx)],
    );
    return row?.email_id ?? null;
  }

  /** SEND_EMAIL, first half: the email record (once per step, however often retried), or why nothing is sent. */
  function prepare(input: StepInput<StepOf<'SEND_EMAIL'>>): Promise<StepOutcome | { emailId: string } | { waitMs: number }> {
    return em().transactional(async (tx) => {
      const { ctx, halt } = await contextOrHalt(tx, input);
      if (halt) return halt;
      const done = await stepEmailOf(tx, input);
      if (done) return { emailId: done };
      const r = await prepareStepEmail(tx, { projectId: ctx!.projectId, contact: ctx!.contact!, step: input.step, eventData: ctx!.triggerData });
      if ('waitUntil' in r) {
        // Quiet hours (core/schedule/marketing-decision.ts): WAITING with the reason; the workflow asks again then.
        await markExecution(tx, input.executionId, { status: 'WAITING', currentStep: input.step.id, waitingFor: null });
        await finished(tx, input, 'WAITING', { output: { until: r.waitUntil.toISOString(), reason: r.reason } });
        return { waitMs: Math.max(1, r.waitUntil.getTime() - Date.now()) };
      }
      if ('emailId' in r) await finished(tx, input, 'RUNNING', { output: { emailId: r.emailId } });
      else if ('skipped' in r) await finished(tx, input, 'SKIPPED', { error: r.skipped });
      else await finished(tx, input, 'FAILED', { error: r.failed });
      if ('emailId' in r) return r;
      // A mail that cannot be sent (template gone, sender refused) fails the execution: it shows in its status.
      return 'skipped' in r ? { status: 'SKIPPED', next: nextOf(input.step) } : { status: 'FAILED', next: nextOf(input.step), error: r.failed, fatal: true };
    });
  }

  /** The step's record and outcome from its email's delivery outcome. */
  async function sendStepOutcome(tx: EntityManager, input: StepInput<StepOf<'SEND_EMAIL'>>, emailId: string, d: DeliveryOutcome): Promise<StepOutcome> {
    const { record, outcome } = sendStepResult(input, emailId, d);
    await recordStep(tx, record);
    return outcome;
  }

  function sendStepResult(input: StepInput<StepOf<'SEND_EMAIL'>>, emailId: string, d: DeliveryOutcome): { record: StepRecord; outcome: StepOutcome } {
    const sent = d.status === 'SENT';
    const output = { emailId, delivery: d.status };
    const error = sent ? null : (d.error ?? d.status);
    const record: StepRecord = { executionId: input.executionId, idx: input.idx, stepId: input.step.id, type: input.step.type, status: sent ? 'COMPLETED' : 'FAILED', output, error };
    const outcome: StepOutcome = sent ? { status: 'COMPLETED', next: nextOf(input.step), output } : { status: 'FAILED', next: nextOf(input.step), error: error!, fatal: true };
    return { record, outcome };
  }

  /** Where an execution of a batch stands: the step it is at, or done (final status written), or continuing alone there. */
  type Cursor = { executionId: string; idx: number; step: Step };
  type Moved = { at: Cursor } | { done: true } | { alone: AutomationBatchResult['continued'][number] };
  type Next = { at: Cursor } | { finish: FinalStatus };

  /** After a step's outcome, as the workflow decides (workflows/automation.workflow.ts): the next step, or the final status to write. */
  function nextAfter(c: Cursor, outcome: StepOutcome, byId: Map<string, Step>): Next {
    const finish = (status: ExecutionStatus, reason: string | null) => ({ finish: { executionId: c.executionId, status, reason } });
    if (outcome.status === 'HALT') return finish('EXITED', outcome.reason);
    if (outcome.status === 'FAILED' && outcome.fatal) return finish('FAILED', `Step "${c.step.id}": ${outcome.error}`);
    if (c.step.type === 'EXIT') return finish('EXITED', c.step.reason ?? null);
    const next = outcome.next ? byId.get(outcome.next) : undefined;
    return next ? { at: { executionId: c.executionId, idx: c.idx + 1, step: next } } : finish('COMPLETED', null);
  }

  /** nextAfter, with the final status written. */
  async function afterStep(c: Cursor, outcome: StepOutcome, byId: Map<string, Step>): Promise<Moved> {
    const next = nextAfter(c, outcome, byId);
    if ('at' in next) return next;
    await finishExecutions(em(), [next.finish]);
    return { done: true };
  }

  /** Runs CONDITION, UPDATE_CONTACT and EXIT steps until a SEND_EMAIL (left for the batch's send round), the end, or a step it cannot run. */
  async function untilSend(c: Cursor, byId: Map<string, Step>): Promise<Moved> {
    for (let at = c; ; ) {
      // A run this long fails in its own workflow (MAX_STEPS_PER_EXECUTION there).
      if (at.idx >= MAX_STEPS_IN_BATCH) return { alone: { executionId: at.executionId, idx: at.idx, stepId: at.step.id } };
      const input: StepInput = at;
      switch (at.step.type) {
        case 'SEND_EMAIL':
          return { at };
        case 'CONDITION':
        case 'UPDATE_CONTACT':
        case 'EXIT': {
          const outcome = await em().transactional(async (tx) => {
            const { ctx, halt } = await contextOrHalt(tx, input);
            return halt ?? runStep(tx, input, ctx!);
          });
          const moved = await afterStep(at, outcome, byId);
          if (!('at' in moved)) return moved;
          at = moved.at;
          break;
        }
        default:
          // DELAY, WAIT_UNTIL, WAIT_FOR_EVENT (durable waits) and WEBHOOK (one attempt, its own activity).
          return { alone: { executionId: at.executionId, idx: at.idx, stepId: at.step.id } };
      }
    }
  }

  /**
   * One send round of a batch: every execution at a SEND_EMAIL gets its email record (prepare,
   * as the step alone would), then all of them go through the delivery engine's batch path
   * (automation-emails.ts) and each step's outcome is recorded. Quiet hours to wait out, or a
   * mail left unsent after transient failures: that execution continues alone at this step (its
   * retry finds the email id on the step record).
   */
  async function sendRound(projectId: string, at: Cursor[], byId: Map<string, Step>): Promise<Moved[]> {
    const moved: Moved[] = [];
    const mails: { c: Cursor; emailId: string; record?: StepEmailRecord }[] = [];
    const alone: Cursor[] = [];
    for (const group of groupBy(at, (c) => c.step.id)) {
      const prepared = await preparing.run(() => prepareTogether(projectId, group));
      for (const c of group) {
        const record = prepared.get(c.executionId);
        if (record) mails.push({ c, emailId: record.id, record });
        else alone.push(c);
      }
    }
    await forEachBounded(alone, BATCH_LANES, async (c) => {
      const prepared = await preparing.run(() => prepare(c as StepInput<StepOf<'SEND_EMAIL'>>));
      if ('waitMs' in prepared) moved.push({ alone: { executionId: c.executionId, idx: c.idx, stepId: c.step.id } });
      else if ('status' in prepared) moved.push(await afterStep(c, prepared, byId));
      else mails.push({ c, emailId: prepared.emailId });
    });
    if (mails.length === 0) return moved;
    const outcomes = await deliverStepMails(deps, projectId, mails.map((m) => ({ emailId: m.emailId, executionId: m.c.executionId, record: m.record })));
    const results: { record: StepRecord; next: Next }[] = [];
    await forEachBounded(mails, BATCH_LANES, async ({ c, emailId }) => {
      let outcome = outcomes.get(emailId) ?? null;
      // Unsent because its fence refused (the execution was cancelled or ended): the record says so.
      if (!outcome && !(await stillLive(c.executionId))) outcome = await delivery.markFailed(emailId, 'The automation execution was cancelled before the hand-off');
      if (!outcome) return void moved.push({ alone: { executionId: c.executionId, idx: c.idx, stepId: c.step.id } });
      const r = sendStepResult(c as StepInput<StepOf<'SEND_EMAIL'>>, emailId, outcome);
      results.push({ record: r.record, next: nextAfter(c, r.outcome, byId) });
    });
    // The round's step records and final statuses: two statements, whatever its size.
    await em().transactional(async (tx) => {
      await recordSteps(tx, results.map((r) => r.record));
      await finishExecutions(tx, results.flatMap((r) => ('finish' in r.next ? [r.next.finish] : [])));
    });
    for (const { next } of results) moved.push('at' in next ? next : { done: true });
    return moved;
  }

  /**
   * The email records of a round's executions at one SEND_EMAIL step in one transaction (the plain
   * case, prepareStepRecordsAtOnce), with their executions marked. Each record's id is
   * stepEmailId(execution, position): its step record is written once, with the outcome (sendRound),
   * and an attempt after one that wrote the record and died finds it by that id (prepare(),
   * stepEmailOf) and sends it, never a second one. Those it leaves out (a halt, a record already
   * written by an earlier attempt, MARKETING mail to the contact, a suppressed address...) are
   * prepared one by one.
   */
  function prepareTogether(projectId: string, group: Cursor[]): Promise<Map<string, StepEmailRecord>> {
    const step = group[0].step as StepOf<'SEND_EMAIL'>;
    return em().transactional(async (tx) => {
      const contexts = await loadContexts(tx, group.map((c) => c.executionId));
      // Left to prepare(): a step already recorded, or whose record an earlier attempt wrote (found by its id).
      const recorded = await sqlRows<{ execution_id: string }>(
        tx,
        `with v as (select * from jsonb_to_recordset(?::jsonb) as v(e uuid, i int, m uuid))
         select s.execution_id from workflow_execution_steps s join v on s.execution_id = v.e and s.idx = v.i where s.execution_id = any(array(select e from v))
         union all
         select v.e from emails m join v on m.id = v.m where m.id = any(array(select m from v))`,
        [JSON.stringify(group.map((c) => ({ e: c.executionId, i: c.idx, m: stepEmailId(c.executionId, c.idx) })))],
      );
      const skip = new Set(recorded.map((r) => r.execution_id));
      const plain = group.filter((c) => !skip.has(c.executionId) && contexts.get(c.executionId)?.halt === null);
      const members = plain.map((c) => ({
        key: c.executionId, emailId: stepEmailId(c.executionId, c.idx), contact: contexts.get(c.executionId)!.contact!, eventData: contexts.get(c.executionId)!.triggerData,
      }));
      const records = (await prepareStepRecordsAtOnce(tx, { projectId, step, members })) ?? new Map<string, StepEmailRecord>();
      const done = plain.filter((c) => records.has(c.executionId));
      await markExecutions(tx, done.map((c) => c.executionId), { status: 'RUNNING', currentStep: step.id });
      return records;
    });
  }

  async function stillLive(executionId: string): Promise<boolean> {
    const row = await sqlFirst<{ id: string }>(em(), `select id from workflow_executions where id = ? and status in ('RUNNING', 'WAITING')`, [executionId]);
    return row !== undefined;
  }

  /** SEND_EMAIL: the record (prepare), its delivery through the engine, the step's outcome. */
  async function sendEmailStep(input: StepInput<StepOf<'SEND_EMAIL'>>): Promise<StepOutcome | { waitMs: number }> {
    const prepared = await prepare(input);
    if ('status' in prepared || 'waitMs' in prepared) return prepared;
    let outcome: DeliveryOutcome;
    try {
      // Fenced: once a cancel of the execution has answered, its mail is not handed over.
      outcome = await delivery.deliver(prepared.emailId, { fence: (tx) => executionStillRunning(tx, input.executionId) });
    } catch (err) {
      const failure = err as ApplicationFailure;
      const permanent = failure instanceof ApplicationFailure && (failure.type === EMAIL_BOUNCED || failure.type === EMAIL_FAILED) && failure.details?.[0];
      if (!permanent) throw err; // transient: retried
      outcome = failure.details![0] as DeliveryOutcome;
    }
    return sendStepOutcome(em(), input, prepared.emailId, outcome);
  }

  return {
    /** The graph of the version this execution started on; null when the workflow was deleted meanwhile. */
    async loadAutomation({ executionId }: { executionId: string }): Promise<AutomationRun | null> {
      const rows = await sqlRows<Record<string, any>>(
        em(),
        `select x.project_id, x.contact_id, x.trigger_event_id, x.started_at, v.steps from workflow_executions x
         join workflow_versions v on v.workflow_id = x.workflow_id and v.version = x.version where x.id = ?`,
        [executionId],
      );
      const r = rows[0];
      if (!r) return null;
      // The dispatcher gives the same run with the start (engine.ts): keep the two in step.
      return { executionId, projectId: r.project_id, contactId: r.contact_id, steps: r.steps, countAfter: countAfterOf(r.trigger_event_id, r.started_at), deliveryRetry: deps.config.deliveryRetry };
    },

    /**
     * CONDITION, UPDATE_CONTACT, WEBHOOK and EXIT: run and record in one go. A WEBHOOK's HTTP call
     * runs outside any transaction (its context is read in one, its outcome written in another):
     * no transaction stays open across network I/O.
     */
    async runAutomationStep(input: StepInput): Promise<StepOutcome> {
      if (input.step.type === 'WEBHOOK') {
        const { ctx, halt } = await em().transactional((tx) => contextOrHalt(tx, input));
        if (halt) return halt;
        const c = ctx!;
        return webhook(em(), input as StepInput<StepOf<'WEBHOOK'>>, { ...c.contact!.data, id: c.contactId, email: c.contact!.email, event: c.triggerData });
      }
      return em().transactional(async (tx) => {
        const { ctx, halt } = await contextOrHalt(tx, input);
        return halt ?? runStep(tx, input, ctx!);
      });
    },

    /** SEND_EMAIL, first half: the email record (once per step, however often retried), or why nothing is sent. */
    async prepareAutomationEmail(input: StepInput<StepOf<'SEND_EMAIL'>>): Promise<StepOutcome | { emailId: string } | { waitMs: number }> {
      return prepare(input);
    },
    /**
     * SEND_EMAIL in one activity: the email record (once per step, however often retried: its id
     * is kept on the step record, written in the same transaction), then its delivery through the
     * process's delivery engine (the one /v1/send's deliveries use), then the step's outcome. A
     * transient SMTP failure is thrown for Temporal to retry with the delivery retry policy; a retry
     * finds the record and delivers it, never a second one. When the retries are used up the
     * workflow calls failAutomationEmail.
     */
    async sendAutomationEmail(input: StepInput<StepOf<'SEND_EMAIL'>> & { finishIfLast?: boolean }): Promise<StepOutcome | { waitMs: number }> {
      const outcome = await sendEmailStep(input);
      // The last step, done: the execution's final status here, not in a local activity after (workflow: finished).
      if (input.finishIfLast && 'status' in outcome && (outcome.status === 'COMPLETED' || outcome.status === 'SKIPPED') && outcome.next === null) {
        await finishExecution(em(), input.executionId, 'COMPLETED', null);
        return { ...outcome, finished: true };
      }
      return outcome;
    },

    /**
     * The immediate steps of a batch of new executions (workflows/automation-batch.workflow.ts),
     * BATCH_LANES executions at a time, heartbeating. Only executions still live are advanced
     * (none is on a workflow of its own before this activity answers), so a retry of this activity (a worker killed mid-batch)
     * goes over the unfinished ones again: every step is idempotent (records keyed by (execution,
     * position), a SEND_EMAIL's email record found by its id, stepEmailId, a delivered record never sent again).
     */
    async runAutomationBatch(input: { batchId: string; projectId: string; steps: Step[]; executionIds: string[] }): Promise<AutomationBatchResult> {
      return withHeartbeat(async () => {
        const open = await sqlRows<{ id: string }>(
          em(),
          `select id from workflow_executions where id = ${IDS_PARAM} and status in ('RUNNING', 'WAITING') order by id`,
          [JSON.stringify(input.executionIds)],
        );
        const continued: AutomationBatchResult['continued'] = [];
        let finished = 0;
        const byId = new Map(input.steps.map((s) => [s.id, s]));
        let at: Cursor[] = open.map(({ id }) => ({ executionId: id, idx: 0, step: input.steps[0] }));
        // Rounds: every execution runs on to its next SEND_EMAIL, then those mails go out together.
        while (at.length > 0) {
          const moved: Moved[] = [];
          await forEachBounded(at, BATCH_LANES, async (c) => void moved.push(await untilSend(c, byId)));
          const sending = moved.flatMap((m) => ('at' in m ? [m.at] : []));
          const after = [...moved.filter((m) => !('at' in m)), ...(await sendRound(input.projectId, sending, byId))];
          at = [];
          for (const m of after) {
            if ('at' in m) at.push(m.at);
            else if ('alone' in m) continued.push(m.alone);
            else finished++;
          }
        }
        return { finished, continued };
      });
    },

    /** A batch whose activity used up its retries: its executions still RUNNING are FAILED with the reason. */
    async failAutomationBatch(input: { executionIds: string[]; reason: string }): Promise<void> {
      await failExecutions(em(), input.executionIds, input.reason);
    },

    /** SEND_EMAIL whose delivery retries are used up: the record FAILED (unless already final), the step recorded. */
    async failAutomationEmail(input: StepInput<StepOf<'SEND_EMAIL'>> & { error: string }): Promise<StepOutcome> {
      const emailId = await stepEmailOf(em(), input);
      if (!emailId) {
        await finished(em(), input, 'FAILED', { error: input.error });
        return { status: 'FAILED', next: nextOf(input.step), error: input.error, fatal: true };
      }
      return sendStepOutcome(em(), input, emailId, await delivery.markFailed(emailId, input.error));
    },

    /**
     * DELAY, WAIT_UNTIL, WAIT_FOR_EVENT: the execution becomes WAITING; returns how long to wait,
     * `afterWait` (the event bound once the wait ends by its time: events after it count for a
     * later WAIT_FOR_EVENT) and, for WAIT_FOR_EVENT given `countAfter` (events after that id
     * count: the triggering event, or the end of the previous wait), `found`: such an event already
     * recorded, whenever the worker reached the step. `sinceEventId` is what executions started
     * before `countAfter` existed used (events recorded from now on).
     */
    async beginAutomationWait(
      input: StepInput & { countAfter?: string },
    ): Promise<{ waitMs: number; untilMs: number; afterWait: string; sinceEventId?: string; found?: string | null } | StepOutcome> {
      return em().transactional(async (tx) => {
        const { halt } = await contextOrHalt(tx, input);
        if (halt) return halt;
        const { step } = input;
        const now = new Date();
        const until =
          step.type === 'DELAY' ? new Date(now.getTime() + durationMs(step))
          : step.type === 'WAIT_UNTIL' ? nextLocalTime(now, step.time, step.timezone, step.days)
          : step.type === 'WAIT_FOR_EVENT' ? new Date(now.getTime() + durationMs(step.timeout))
          : null;
        if (!until) throw ApplicationFailure.nonRetryable(`${step.type} is not a wait`, 'BAD_STEP');
        await markExecution(tx, input.executionId, { status: 'WAITING', currentStep: step.id, waitingFor: step.type === 'WAIT_FOR_EVENT' ? step.eventName : null });
        await finished(tx, input, 'WAITING', { output: { until: until.toISOString() } });
        const base = { waitMs: until.getTime() - now.getTime(), untilMs: until.getTime(), afterWait: maxUuidV7At(until.getTime() - 1) };
        if (step.type !== 'WAIT_FOR_EVENT') return base;
        // Asked after WAITING is written: an event recorded later is signalled by the dispatcher.
        const found = input.countAfter ? await awaitedEventSince(tx, input.executionId, step.eventName, input.countAfter) : undefined;
        return { ...base, sinceEventId: minUuidV7At(now.getTime()), ...(found !== undefined ? { found } : {}) };
      });
    },

    /**
     * WAIT_FOR_EVENT timed out: the awaited event's id if it was recorded all the same after
     * `sinceEventId` and, given `untilMs`, no later than the wait's end (records.ts).
     */
    async findAwaitedEvent(input: { executionId: string; eventName: string; sinceEventId: string; untilMs?: number }): Promise<string | null> {
      const beforeId = input.untilMs === undefined ? undefined : minUuidV7At(input.untilMs + 1);
      return awaitedEventSince(em(), input.executionId, input.eventName, input.sinceEventId, beforeId);
    },

    /** The wait is over: the step is COMPLETED with what ended it, the execution RUNNING again. */
    async endAutomationWait(input: StepInput & { output: Record<string, unknown> }): Promise<{ halt: string | null }> {
      return em().transactional(async (tx) => {
        await markExecution(tx, input.executionId, { status: 'RUNNING', currentStep: input.step.id });
        await finished(tx, input, 'COMPLETED', { output: input.output });
        return { halt: (await loadContext(tx, input.executionId))?.halt ?? null };
      });
    },

    /** SEND_EMAIL, second half: the delivery outcome on the step record. */
    async finishAutomationStep(input: StepInput & { status: StepStatus; output?: unknown; error?: string | null }): Promise<void> {
      await recordStep(em(), { executionId: input.executionId, idx: input.idx, stepId: input.step.id, type: input.step.type, status: input.status, output: input.output, error: input.error });
    },

    async finishAutomation(input: { executionId: string; status: ExecutionStatus; reason: string | null }): Promise<void> {
      await finishExecution(em(), input.executionId, input.status, input.reason);
    },
  };
}
