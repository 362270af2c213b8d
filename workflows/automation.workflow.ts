import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { CancellationScope, condition, defineSignal, isCancellation, proxyActivities, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { Step, StepOf } from '../core/automations/definition.js';
import type { ExecutionStatus } from '../db/entities/workflows.js';
import type { AutomationEventSignal, AutomationInput, StepOutcome } from '../core/automations/types.js';
import { deliverEmailRecord } from './deliver.workflow.js';

/** The execution's status in Temporal's visibility (the same key as AUTOMATION_ATTRIBUTES.status in core/search-attributes.ts: workflow code takes no values from core). */
const STATUS_ATTRIBUTE = defineSearchAttributeKey('AutomationStatus', SearchAttributeType.KEYWORD);

/** The contact recorded an event; a WAIT_FOR_EVENT step waiting for that name moves on. */
export const automationEventSignal = defineSignal<[AutomationEventSignal]>('automationEvent');

/** Upper bound on steps run by one execution: loops must wait, and this bounds them anyway. */
export const MAX_STEPS_PER_EXECUTION = 1000;

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});
// A webhook call is recorded, not retried: the far side may not be idempotent.
const once = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 1 } });

/**
 * One execution of a user-defined automation: a bounded loop over the stored graph (the version
 * the execution started on), an exhaustive switch on the node type, every side effect in an
 * activity. Waits are durable timers; WAIT_FOR_EVENT listens for `automationEvent` signals.
 */
export async function automationWorkflow(input: AutomationInput): Promise<ExecutionStatus> {
  const { executionId } = input;
  const received: AutomationEventSignal[] = [];
  setHandler(automationEventSignal, (e) => void received.push(e));
  const setStatus = (status: ExecutionStatus | 'WAITING' | 'RUNNING') => {
    if (input.searchAttributes) upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: status }]);
  };
  const finish = async (status: ExecutionStatus, reason: string | null) => {
    await acts.finishAutomation({ executionId, status, reason });
    setStatus(status);
    return status;
  };

  try {
    const run = await acts.loadAutomation({ executionId });
    if (!run) return 'CANCELLED';
    const byId = new Map(run.steps.map((s) => [s.id, s]));
    let step: Step | undefined = run.steps[0];
    for (let idx = 0; step; idx++) {
      if (idx >= MAX_STEPS_PER_EXECUTION) return await finish('FAILED', `Stopped after ${MAX_STEPS_PER_EXECUTION} steps`);
      const outcome = await runNode(step, idx);
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
        return sendEmail(step, idx);
      case 'DELAY':
      case 'WAIT_UNTIL': {
        const wait = await acts.beginAutomationWait(at);
        if ('status' in wait) return wait;
        setStatus('WAITING');
        await sleep(wait.waitMs);
        return endWait(step, idx, { waited: true }, step.next ?? null);
      }
      case 'WAIT_FOR_EVENT': {
        received.length = 0; // only events recorded from now on count
        const wait = await acts.beginAutomationWait(at);
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
        if (!came && since !== undefined) eventId = await acts.findAwaitedEvent({ executionId, eventName: step.eventName, sinceEventId: since });
        const output = eventId ? { event: step.eventName, eventId, ...(came ? {} : { signalMissed: true }) } : { timeout: true };
        return endWait(step, idx, output, (eventId ? step.branches.event : step.branches.timeout) ?? null);
      }
      case 'CONDITION':
      case 'UPDATE_CONTACT':
      case 'EXIT':
        return acts.runAutomationStep(at);
      case 'WEBHOOK':
        return once.runAutomationStep(at);
      default: {
        const unknown: never = step;
        throw new Error(`Unknown step type ${(unknown as Step).type}`);
      }
    }
  }

  async function endWait(step: Step, idx: number, output: Record<string, unknown>, next: string | null): Promise<StepOutcome> {
    const { halt } = await acts.endAutomationWait({ executionId, idx, step, output });
    setStatus('RUNNING');
    return halt ? { status: 'HALT', reason: halt } : { status: 'COMPLETED', next, output };
  }

  /** Writes the email record, then delivers it with the delivery activity every send uses. */
  async function sendEmail(step: StepOf<'SEND_EMAIL'>, idx: number): Promise<StepOutcome> {
    let prepared = await acts.prepareAutomationEmail({ executionId, idx, step });
    // MARKETING mail inside the contact's quiet hours: WAITING until they end, then decided again.
    while ('waitMs' in prepared) {
      setStatus('WAITING');
      await sleep(prepared.waitMs);
      setStatus('RUNNING');
      prepared = await acts.prepareAutomationEmail({ executionId, idx, step });
    }
    if ('status' in prepared) return prepared;
    const delivery = await deliverEmailRecord(prepared.emailId);
    const sent = delivery.status === 'SENT';
    const output = { emailId: prepared.emailId, delivery: delivery.status };
    await acts.finishAutomationStep({ executionId, idx, step, status: sent ? 'COMPLETED' : 'FAILED', output, error: sent ? null : (delivery.error ?? delivery.status) });
    return sent ? { status: 'COMPLETED', next: step.next ?? null, output } : { status: 'FAILED', next: step.next ?? null, error: delivery.error ?? delivery.status, fatal: false };
  }
}
