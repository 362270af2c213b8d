import type { MikroORM } from '@mikro-orm/postgresql';
import type { AutomationEngine } from '../core/automations/engine.js';
import { claimInboxPass, gatheredInbox, gatheringStep, inboxHasRows, restartUndispatched, sendSignals, type InboxPass } from '../core/automations/dispatch.js';
import { markDispatched } from '../core/automations/executions.js';
import { log as logger } from '../core/log.js';

export interface DispatcherOptions {
  orm: MikroORM;
  engine: AutomationEngine;
  /** Wait between passes that found the inbox empty (default 50 ms: an event waits at most this long for its pass); a full pass is followed by the next without pause. */
  intervalMs?: number;
  /**
   * After a pass that found more than one row but not a full pass (default BURST_GATHER_MS): the next
   * pass waits until the inbox's oldest row has waited this long (events are coming in faster than the
   * poll, so the next ones gather into larger batches, whichever worker's dispatcher takes them).
   */
  gatherMs?: number;
  /**
   * The longest a burst's executions are held while its events keep coming in at `holdPerSecond` or
   * more (default BURST_HOLD_MS; 0: never held; AUTOMATION_BURST_HOLD_MS). See gatheringStep.
   */
  holdMs?: number;
  /** Events per second from which a burst is held (default BURST_HOLD_PER_SECOND). */
  holdPerSecond?: number;
  log?: (message: string) => void;
}

const RESTART_EVERY_MS = 10_000;
/** Inbox rows per pass (one transaction of three statements). */
const PASS_ROWS = 500;
/** Temporal starts in flight at once. */
const STARTS_IN_FLIGHT = 64;
/** Starts waiting beyond which the next pass waits: a burst stays in the inbox, not in memory. */
const MAX_QUEUED_STARTS = 2 * PASS_ROWS;
/** Started executions are marked dispatched together, at most this long after their start. */
const MARK_EVERY_MS = 100;
/**
 * A burst's gathering time: each pass then takes what came in meanwhile, so a burst of sign-ups
 * starts as a few large batches (one Temporal workflow, one activity and one delivery run each)
 * instead of one small batch per pass (issue 20: 610 batches of ~16 for 10,000 sign-ups, whose
 * work took the CPU and commits the tracks needed: bench/RESULTS.md). A lone event never waits
 * for it: the pass that finds it alone starts it at once.
 */
export const BURST_GATHER_MS = 250;
/** The longest a burst's executions wait for its events to stop (AUTOMATION_BURST_HOLD_MS's default). */
export const BURST_HOLD_MS = 10_000;
/**
 * The arrival rate from which a burst is held: a track and its automation mail take ~3.5 ms of CPU
 * together (production layout, bench/RESULTS.md), so at 500 a second they need most of a 2-core
 * machine and the mails' work starts to take what the tracks need; below it nothing waits.
 */
export const BURST_HOLD_PER_SECOND = 500;

/**
 * Turns recorded events into automation executions and WAIT_FOR_EVENT signals while the worker
 * runs (core/automations/dispatch.ts), and now and then starts executions whose start failed.
 *
 * Batched: the new executions of a pass, per workflow version, start as batches of up to
 * BATCH_MAX_EXECUTIONS (dispatch.ts, planBatches): one Temporal workflow runs their first
 * steps, instead of one workflow per execution (issue 20, bench/RESULTS.md).
 *
 * Pipelined: a pass commits its executions and hands their Temporal starts to a queue that
 * STARTS_IN_FLIGHT lanes work through while the next pass already reads the inbox; the started
 * ones are marked dispatched in one statement every MARK_EVERY_MS (a batch by its head alone). (Awaiting every start before
 * the next pass made a burst wait for the slowest start of each pass, twice: bench/RESULTS.md.)
 * A start that fails is logged and left undispatched: restartUndispatched starts it later.
 *
 * Paced by what it finds: an empty inbox is looked at every `intervalMs` with one cheap query
 * (inboxHasRows; the pass's transaction only when there is something to take); after a pass that
 * took more than one row (a burst) the next pass comes once the inbox's oldest row has waited
 * `gatherMs` (gatheredInbox: the database's clock, so the dispatchers of several workers gather a
 * burst together instead of each on its own, which split it into twice the batches); a full pass
 * goes on at once; the burst is over when a look finds the inbox empty. While a burst's events keep
 * coming in at `holdPerSecond` or more, its executions are held, up to `holdMs` after its oldest
 * row (gatheringStep): the tracks get the machine first, the executions start when the burst pauses.
 */
export function startAutomationDispatcher(opts: DispatcherOptions): { stop(): Promise<void> } {
  const log = opts.log ?? ((m: string) => logger.warn(m));
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastRestart = 0;

  // One Temporal start each: an execution alone, or a batch of them (their first steps in one workflow).
  // `marks`: the executions whose dispatched mark records the start (a batch's head: ExecutionBatch.markIds).
  const queue: { executions: number; marks: string[]; start(): Promise<void> }[] = [];
  let queued = 0; // executions waiting in `queue`
  let lanes = 0;
  let started: string[] = [];
  let roomWaiters: (() => void)[] = [];
  let failures = 0;
  const lane = async () => {
    lanes++;
    try {
      for (let item = queue.shift(); item; item = queue.shift()) {
        queued -= item.executions;
        if (queued < MAX_QUEUED_STARTS) for (const w of roomWaiters.splice(0)) w();
        try {
          await item.start();
          started.push(...item.marks);
        } catch (err) {
          if (failures++ % 100 === 0) log(`[automations] Temporal start failed (retried later): ${(err as Error).message}`);
        }
      }
    } finally {
      lanes--;
      if (lanes === 0) for (const w of roomWaiters.splice(0)) w();
    }
  };
  const enqueue = (pass: InboxPass) => {
    const items = [
      ...pass.starts.map((e) => ({ executions: 1, marks: [e.executionId], start: () => opts.engine.start(e) })),
      ...pass.batches.map((b) => ({ executions: b.executions.length, marks: b.markIds, start: () => opts.engine.startBatch(b) })),
    ];
    queue.push(...items);
    queued += items.reduce((n, item) => n + item.executions, 0);
    while (lanes < STARTS_IN_FLIGHT && lanes < queue.length) void lane();
  };
  const room = () => (queued < MAX_QUEUED_STARTS ? Promise.resolve() : new Promise<void>((r) => roomWaiters.push(r)));
  const flush = async () => {
    if (started.length === 0) return;
    const ids = started;
    started = [];
    await markDispatched(opts.orm.em.fork(), ids).catch((e: Error) => log(`[automations] marking started executions failed (they are started again later, harmlessly): ${e.message}`));
  };
  const marker = setInterval(() => void flush(), MARK_EVERY_MS);

  const interval = opts.intervalMs ?? 50;
  const gather = opts.gatherMs ?? BURST_GATHER_MS;
  const pace = { gatherMs: gather, holdMs: opts.holdMs ?? BURST_HOLD_MS, holdPerSecond: opts.holdPerSecond ?? BURST_HOLD_PER_SECOND };
  let holdSpent = false; // this burst was held for holdMs already: it is dispatched as it comes
  let idle = true; // the last pass found nothing
  let gathering = false; // a burst is on: a pass waits until the inbox's oldest row has waited `gather`
  let rowsSeenAt = -Infinity; // the last look or pass that found rows (the burst is over after `gather` without any)
  let pause = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastRestart > RESTART_EVERY_MS) {
          lastRestart = Date.now();
          await restartUndispatched(opts.orm.em.fork(), opts.engine);
        }
        await room();
        let pass: InboxPass | undefined;
        if (gathering) {
          // The burst's clock is its oldest row's age (the database's clock, the same for every
          // worker's dispatcher): the first look after it reaches `gather` takes the rows, and the
          // claim leaves rows younger than that to the next round (another dispatcher's pass took the older ones).
          const look = await gatheredInbox(opts.orm.em.fork(), PASS_ROWS + 1, gather);
          if (look.rows === 0) {
            // Empty for a moment (another dispatcher's pass took the rows) is not the burst's end.
            if (Date.now() - rowsSeenAt >= gather) gathering = holdSpent = false;
            idle = !gathering;
            pause = interval;
          } else {
            rowsSeenAt = Date.now();
            const step = gatheringStep(look, pace, PASS_ROWS, holdSpent);
            holdSpent = step.spent;
            if (step.kind === 'claim') {
              pass = await claimInboxPass(opts.orm.em.fork(), PASS_ROWS, { batches: true, gatheredMs: step.gatheredMs });
              pause = pass.done === 0 ? interval : gather;
            } else pause = step.ms;
          }
        } else {
          // Idle, the cheap look first: a pass is a transaction of three statements.
          pass = idle && !(await inboxHasRows(opts.orm.em.fork())) ? undefined : await claimInboxPass(opts.orm.em.fork(), PASS_ROWS, { batches: true });
          idle = (pass?.done ?? 0) === 0;
          gathering = (pass?.done ?? 0) > 1;
          if (gathering) rowsSeenAt = Date.now();
          pause = gathering ? gather : interval;
        }
        if (pass) {
          enqueue(pass);
          if (pass.signals.length > 0) void sendSignals(opts.engine, pass.signals);
        }
        if ((pass?.done ?? 0) >= PASS_ROWS) continue; // a backlog: the next pass at once
      } catch (e) {
        log(`[automations] dispatch pass failed: ${(e as Error).message}`);
        pause = interval;
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      for (const w of roomWaiters.splice(0)) w();
      await loop;
      // Starts already queued are left to restartUndispatched (their rows are committed).
      queue.length = 0;
      queued = 0;
      while (lanes > 0) await new Promise((r) => setTimeout(r, 10));
      clearInterval(marker);
      await flush();
    },
  };
}
