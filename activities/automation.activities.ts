import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { fillPlaceholders } from '../core/templates/render.js';
import { evaluateCondition } from '../core/automations/condition.js';
import { durationMs, type Step, type StepOf } from '../core/automations/definition.js';
import { awaitedEventSince, executionStillRunning, failExecutions, finishExecution, loadContext, markExecution, recordStep, type StepStatus } from '../core/automations/records.js';
import { maxUuidV7At, minUuidV7At } from '../core/events/events.js';
import { countAfterOf } from '../core/automations/executions.js';
import { prepareStepEmail } from '../core/automations/send-email.js';
import { mergeContact } from '../core/automations/update-contact.js';
import { nextLocalTime } from '../core/automations/wait-until.js';
import { callWebhook, WebhookRefused } from '../core/automations/webhook.js';
import type { ExecutionStatus } from '../db/entities/workflow-execution.js';
import type { AutomationBatchResult, AutomationResume, AutomationRun, StepOutcome } from '../core/automations/types.js';
import type { ActivityDeps } from './deps.js';
import { createDeliveryEngine, type DeliveryEngine } from './delivery/engine.js';
import { EMAIL_BOUNCED, EMAIL_FAILED, type DeliveryOutcome } from './delivery/outcome.js';
import { sqlFirst, sqlRows } from '../db/sql.js';
import { forEachBounded } from './lib/concurrency.js';
import { withHeartbeat } from './lib/heartbeat.js';

interface StepInput<T extends Step = Step> {
  executionId: string;
  /** Position of this step in the run (0, 1, 2 ...): the key of its record. */
  idx: number;
  step: T;
}

/** Executions of a batch advanced at once (each holds at most one database connection at a time). */
const BATCH_LANES = 16;
/** The workflow's MAX_STEPS_PER_EXECUTION: a run that long goes on (and fails) in its own workflow. */
const MAX_STEPS_IN_BATCH = 1000;

const nextOf = (step: Step): string | null => ('next' in step ? (step.next ?? null) : null);

/** Every side effect of an automation execution; the workflow (workflows/automation.workflow.ts) only decides. */
export function createAutomationActivities(deps: ActivityDeps, delivery: DeliveryEngine = createDeliveryEngine(deps)) {
  const em = () => deps.orm.em.fork();

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

  /** SEND_EMAIL, first half: the email record (once per step, however often retried), or why nothing is sent. */
  function prepare(input: StepInput<StepOf<'SEND_EMAIL'>>): Promise<StepOutcome | { emailId: string } | { waitMs: number }> {
    return em().transactional(async (tx) => {
      const { ctx, halt } = await contextOrHalt(tx, input);
      if (halt) return halt;
      const done = await sqlFirst<{ email_id: string | null }>(
        tx,
        `select output->>'emailId' as email_id from workflow_execution_steps where execution_id = ? and idx = ?`,
        [input.executionId, input.idx],
      );
      if (done?.email_id) return { emailId: done.email_id };
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
    const sent = d.status === 'SENT';
    const output = { emailId, delivery: d.status };
    const error = sent ? null : (d.error ?? d.status);
    await finished(tx, input, sent ? 'COMPLETED' : 'FAILED', { output, error: error ?? undefined });
    return sent ? { status: 'COMPLETED', next: nextOf(input.step), output } : { status: 'FAILED', next: nextOf(input.step), error: error!, fatal: true };
  }

  /**
   * SEND_EMAIL inside a batch: sendEmailStep, or 'alone' when the execution must go on in its own
   * workflow at this step (quiet hours to wait out; a transient failure to retry with the delivery
   * retry policy: the retry finds the email id on the step record).
   */
  async function sendEmailInBatch(input: StepInput<StepOf<'SEND_EMAIL'>>): Promise<StepOutcome | 'alone'> {
    try {
      const outcome = await sendEmailStep(input);
      return 'waitMs' in outcome ? 'alone' : outcome;
    } catch {
      return 'alone';
    }
  }

  /**
   * One execution of a batch through its immediate steps, as the workflow would run them
   * (workflows/automation.workflow.ts): the final status written here, or where it continues alone.
   */
  async function advanceInBatch(executionId: string, steps: Step[]): Promise<AutomationResume | null> {
    const byId = new Map(steps.map((s) => [s.id, s]));
    const finish = (status: ExecutionStatus, reason: string | null) => finishExecution(em(), executionId, status, reason).then(() => null);
    let step: Step | undefined = steps[0];
    for (let idx = 0; step; idx++) {
      // A run this long fails in its own workflow (MAX_STEPS_PER_EXECUTION there).
      if (idx >= MAX_STEPS_IN_BATCH) return { idx, stepId: step.id };
      const input: StepInput = { executionId, idx, step };
      let outcome: StepOutcome | 'alone';
      switch (step.type) {
        case 'SEND_EMAIL':
          outcome = await sendEmailInBatch(input as StepInput<StepOf<'SEND_EMAIL'>>);
          break;
        case 'CONDITION':
        case 'UPDATE_CONTACT':
        case 'EXIT':
          outcome = await em().transactional(async (tx) => {
            const { ctx, halt } = await contextOrHalt(tx, input);
            return halt ?? runStep(tx, input, ctx!);
          });
          break;
        default:
          // DELAY, WAIT_UNTIL, WAIT_FOR_EVENT (durable waits) and WEBHOOK (one attempt, its own activity).
          outcome = 'alone';
      }
      if (outcome === 'alone') return { idx, stepId: step.id };
      if (outcome.status === 'HALT') return finish('EXITED', outcome.reason);
      if (outcome.status === 'FAILED' && outcome.fatal) return finish('FAILED', `Step "${step.id}": ${outcome.error}`);
      if (step.type === 'EXIT') return finish('EXITED', step.reason ?? null);
      step = outcome.next ? byId.get(outcome.next) : undefined;
    }
    return finish('COMPLETED', null);
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
     * position), the email id kept on the step record, a delivered record never sent again).
     */
    async runAutomationBatch(input: { batchId: string; steps: Step[]; executionIds: string[] }): Promise<AutomationBatchResult> {
      return withHeartbeat(async () => {
        const open = await sqlRows<{ id: string }>(
          em(),
          `select id from workflow_executions where id in (select jsonb_array_elements_text(?::jsonb)::uuid) and status in ('RUNNING', 'WAITING') order by id`,
          [JSON.stringify(input.executionIds)],
        );
        const continued: AutomationBatchResult['continued'] = [];
        let finished = 0;
        await forEachBounded(open, BATCH_LANES, async ({ id }) => {
          const alone = await advanceInBatch(id, input.steps);
          if (alone) continued.push({ executionId: id, ...alone });
          else finished++;
        });
        return { finished, continued };
      });
    },

    /** A batch whose activity used up its retries: its executions still RUNNING are FAILED with the reason. */
    async failAutomationBatch(input: { executionIds: string[]; reason: string }): Promise<void> {
      await failExecutions(em(), input.executionIds, input.reason);
    },

    /** SEND_EMAIL whose delivery retries are used up: the record FAILED (unless already final), the step recorded. */
    async failAutomationEmail(input: StepInput<StepOf<'SEND_EMAIL'>> & { error: string }): Promise<StepOutcome> {
      const done = await sqlFirst<{ email_id: string | null }>(
        em(),
        `select output->>'emailId' as email_id from workflow_execution_steps where execution_id = ? and idx = ?`,
        [input.executionId, input.idx],
      );
      if (!done?.email_id) {
        await finished(em(), input, 'FAILED', { error: input.error });
        return { status: 'FAILED', next: nextOf(input.step), error: input.error, fatal: true };
      }
      return sendStepOutcome(em(), input, done.email_id, await delivery.markFailed(done.email_id, input.error));
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
