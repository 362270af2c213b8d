import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import {
  ActivityFailure,
  CancellationScope,
  condition,
  defineSignal,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { Step, StepOf } from '../core/automations/definition.js';
import type { ExecutionStatus } from '../db/entities/workflow-execution.js';
import type { AutomationEventSignal, AutomationInput, AutomationRun, StepOutcome } from '../core/automations/types.js';
import type { AutomationEventSignalName, AutomationWorkflow } from '../core/automations/automation-workflow.js';
import type { Conforms } from './contract.js';
import { deliverEmailRecord } from './deliver.workflow.js';

/** The execution's status in Temporal's visibility (the same key as AUTOMATION_ATTRIBUTES.status in core/search-attributes.ts: workflow code takes no values from core). */
const STATUS_ATTRIBUTE = defineSearchAttributeKey('AutomationStatus', SearchAttributeType.KEYWORD);

/** The contact recorded an event; a WAIT_FOR_EVENT step waiting for that name moves on. */
export const automationEventSignal = defineSignal<[AutomationEventSignal]>('automationEvent' satisfies AutomationEventSignalName);

/** Upper bound on steps run by one execution: loops must wait, and this bounds them anyway. */
export const MAX_STEPS_PER_EXECUTION = 1000;

/**
 * Executions started from this patch on: database-only work (load, CONDITION, UPDATE_CONTACT,
 * EXIT, waits' bookkeeping, the final status) runs as local activities (a marker in the history,
 * no round trip through the task queue), and SEND_EMAIL is one activity (record, render, deliver
 * through the delivery engine, record the outcome). Older histories replay the path they took.
 */
const ENGINE_V2 = 'automation-engine-v2';

const retry = { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 } as const;
const acts = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry });
const local = proxyLocalActivities<Activities>({ startToCloseTimeout: '1 minute', retry });
// A webhook call is recorded, not retried: the far side may not be idempotent.
const once = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 1 } });

/**
 * One execution of a user-defined automation: a bounded loop over the stored graph (the version
 * the execution started on), an exhaustive switch on the node type, every side effect in an
 * activity. Waits are durable timers; WAIT_FOR_EVENT listens for `automationEvent` signals.
 */
export async function automationWorkflow(input: AutomationInput): Promise<ExecutionStatus> {
  const { executionId } = input;
  const v2 = patched(ENGINE_V2);
  const db = v2 ? local : acts;
  const received: AutomationEventSignal[] = [];
  setHandler(automationEventSignal, (e) => void received.push(e));
  const setStatus = (status: ExecutionStatus | 'WAITING' | 'RUNNING') => {
    if (input.searchAttributes) upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: status }]);
  };
  const finish = async (status: ExecutionStatus, reason: string | null) => {
    await db.finishAutomation({ executionId, status, reason });
    setStatus(status);
    return status;
  };
  let run: AutomationRun | null = null;
  // v2: events after this id count for the next WAIT_FOR_EVENT (the trigger, then the end of each wait).
  let countAfter: string | undefined;

  try {
    // v2: the dispatcher may give the run with the start (no local activity in the first workflow task).
    run = v2 && input.run ? input.run : await db.loadAutomation({ executionId });
    if (!run) return 'CANCELLED';
    countAfter = v2 ? run.countAfter : undefined;
    const byId = new Map(run.steps.map((s) => [s.id, s]));
    // Continued from a batch (automation-batch.workflow.ts): at the step the batch stopped at.
    let step: Step | undefined = input.resume ? byId.get(input.resume.stepId) : run.steps[0];
    for (let idx = input.resume?.idx ?? 0; step; idx++) {
      if (idx >= MAX_STEPS_PER_EXECUTION) return await finish('FAILED', `Stopped after ${MAX_STEPS_PER_EXECUTION} steps`);
      const outcome = await runNode(step, idx);
      if ('finished' in outcome && outcome.finished) {
        // The last step's activity wrote the execution COMPLETED (sendEmail's finishIfLast).
        setStatus('COMPLETED');
        return 'COMPLETED';
      }
      if (outcome.status === 'HALT') return await finish('EXITED', outcome.reason);
      if (outcome.status === 'FAILED' && outcome.fatal) return await finish('FAILED', `Step "${step.id}": ${outcome.error}`);
      if (step.type === 'EXIT') return await finish('EXITED', step.reason ?? null);
      step = outcome.next ? byId.get(outcome.next) : undefined;
    }
    return await finish('COMPLETED', null);
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => finish('CANCELLED', 'Cancelled'));
      throw err;
    }
    await CancellationScope.nonCancellable(() => finish('FAILED', (err as Error).message ?? String(err)));
    throw err;
  }

  async function runNode(step: Step, idx: number): Promise<StepOutcome> {
    const at = { executionId, idx, step };
    switch (step.type) {
      case 'SEND_EMAIL':
        return v2 ? sendEmail(step, idx) : sendEmailV1(step, idx);
      case 'DELAY':
      case 'WAIT_UNTIL': {
        const wait = await db.beginAutomationWait(at);
        if ('status' in wait) return wait;
        setStatus('WAITING');
        await sleep(wait.waitMs);
        if (v2) countAfter = wait.afterWait;
        return endWait(step, idx, { waited: true }, step.next ?? null);
      }
      case 'WAIT_FOR_EVENT':
        return v2 ? waitForEvent(step, idx) : waitForEventV1(step, idx);
      case 'CONDITION':
      case 'UPDATE_CONTACT':
      case 'EXIT':
        return db.runAutomationStep(at);
      case 'WEBHOOK':
        return once.runAutomationStep(at);
      default: {
        const unknown: never = step;
        throw new Error(`Unknown step type ${(unknown as Step).type}`);
      }
    }
  }

  /**
   * Events after `countAfter` count, by event id (time-ordered): what came since the trigger or
   * the previous wait's end, whenever the worker got here; one already recorded ends the wait at
   * once, a later one by its signal, and on timeout the recorded events up to the wait's end decide.
   */
  async function waitForEvent(step: StepOf<'WAIT_FOR_EVENT'>, idx: number): Promise<StepOutcome> {
    const after = countAfter!;
    const wait = await db.beginAutomationWait({ executionId, idx, step, countAfter: after });
    if ('status' in wait) return wait;
    const matches = () => received.find((e) => e.name === step.eventName && e.eventId > after);
    let eventId: string | null = wait.found ?? null;
    let signalled = eventId !== null;
    if (!eventId) {
      setStatus('WAITING');
      signalled = await condition(() => matches() !== undefined, wait.waitMs);
      eventId = signalled ? matches()!.eventId : await db.findAwaitedEvent({ executionId, eventName: step.eventName, sinceEventId: after, untilMs: wait.untilMs });
    }
    countAfter = eventId ?? wait.afterWait;
    const output = eventId ? { event: step.eventName, eventId, ...(signalled ? {} : { signalMissed: true }) } : { timeout: true };
    return endWait(step, idx, output, (eventId ? step.branches.event : step.branches.timeout) ?? null);
  }

  /** WAIT_FOR_EVENT of executions started before ENGINE_V2: events recorded from the wait's start on. */
  async function waitForEventV1(step: StepOf<'WAIT_FOR_EVENT'>, idx: number): Promise<StepOutcome> {
    received.length = 0; // only events recorded from now on count
    const wait = await acts.beginAutomationWait({ executionId, idx, step });
    if ('status' in wait) return wait;
    setStatus('WAITING');
    // Event ids are time-ordered: one older than the wait's start (signalled late by the
    // dispatcher) does not count. Histories from before sinceEventId existed accept any.
    const since = wait.sinceEventId;
    const matches = () => received.find((e) => e.name === step.eventName && (since === undefined || e.eventId >= since));
    const came = await condition(() => matches() !== undefined, wait.waitMs);
    let eventId = came ? matches()!.eventId : null;
    // The recorded event decides, not its signal (which can be lost): asked only on timeout,
    // and only by executions whose wait began with this code (sinceEventId in the history).
    if (!came && since !== undefined) eventId = await acts.findAwaitedEvent({ executionId, eventName: step.eventName, sinceEventId: since, untilMs: wait.untilMs });
    const output = eventId ? { event: step.eventName, eventId, ...(came ? {} : { signalMissed: true }) } : { timeout: true };
    return endWait(step, idx, output, (eventId ? step.branches.event : step.branches.timeout) ?? null);
  }

  async function endWait(step: Step, idx: number, output: Record<string, unknown>, next: string | null): Promise<StepOutcome> {
    const { halt } = await db.endAutomationWait({ executionId, idx, step, output });
    setStatus('RUNNING');
    return halt ? { status: 'HALT', reason: halt } : { status: 'COMPLETED', next, output };
  }

  /** MARKETING mail inside the contact's quiet hours: WAITING until they end, then asked again. */
  async function afterQuietHours<T extends object>(ask: () => Promise<T | { waitMs: number }>): Promise<Exclude<T, { waitMs: number }>> {
    for (;;) {
      const answer = await ask();
      if (!('waitMs' in answer)) return answer as Exclude<T, { waitMs: number }>;
      setStatus('WAITING');
      await sleep(answer.waitMs);
      setStatus('RUNNING');
    }
  }

  /**
   * One activity records, renders, delivers (the delivery engine every sender uses) and records
   * the outcome, retried on transient SMTP failures with the worker's delivery retry policy
   * (idempotent: the email id is kept on the step record). Retries used up: the email FAILED.
   */
  async function sendEmail(step: StepOf<'SEND_EMAIL'>, idx: number): Promise<StepOutcome> {
    const policy = run!.deliveryRetry!;
    const { sendAutomationEmail } = proxyActivities<Activities>({
      // Long enough for a queue of paced sends; a dead worker is noticed by the heartbeat timeout.
      startToCloseTimeout: '10 minutes',
      heartbeatTimeout: '15 seconds',
      retry: { initialInterval: policy.initialIntervalMs, backoffCoefficient: 2, maximumInterval: policy.maximumIntervalMs, maximumAttempts: policy.maximumAttempts },
    });
    try {
      // The last step writes the execution's final status itself: no local activity after it.
      return await afterQuietHours(() => sendAutomationEmail({ executionId, idx, step, finishIfLast: !step.next }));
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err; // e.g. the workflow was cancelled
      return db.failAutomationEmail({ executionId, idx, step, error: err.cause?.message ?? err.message });
    }
  }

  /** SEND_EMAIL of executions started before ENGINE_V2: the record, then the delivery activity of /v1/send, then the outcome. */
  async function sendEmailV1(step: StepOf<'SEND_EMAIL'>, idx: number): Promise<StepOutcome> {
    const prepared = await afterQuietHours(() => acts.prepareAutomationEmail({ executionId, idx, step }));
    if ('status' in prepared) return prepared;
    const delivery = await deliverEmailRecord(prepared.emailId);
    const sent = delivery.status === 'SENT';
    const output = { emailId: prepared.emailId, delivery: delivery.status };
    await acts.finishAutomationStep({ executionId, idx, step, status: sent ? 'COMPLETED' : 'FAILED', output, error: sent ? null : (delivery.error ?? delivery.status) });
    return sent ? { status: 'COMPLETED', next: step.next ?? null, output } : { status: 'FAILED', next: step.next ?? null, error: delivery.error ?? delivery.status, fatal: false };
  }
}

// Compile-time check: the shape core starts it with (core/automations/automation-workflow.ts).
export type AutomationWorkflowShape = Conforms<AutomationWorkflow, typeof automationWorkflow>;
