import type { EntityManager } from '@mikro-orm/postgresql';
import {
  acquireSendToken,
  acquireSendTokens,
  claimSendStart,
  MAX_RECLAIMS,
  releaseSendStarts,
  STALE_START_MS,
  type Pacing,
  type SendStart,
  type SendToken,
} from '../../core/pacing.js';
import { coalesced } from '../../core/concurrency.js';
import { sleep } from '../lib/heartbeat.js';

/** This process's clock in epoch ms, monotonic (wall-clock steps do not move it). */
const localEpochMs = () => performance.timeOrigin + performance.now();

/**
 * How long ago the database recorded a start, on this process's clock. The two clocks differ by
 * an unknown offset, plus the least time an answer takes to arrive; the smallest (arrival - start)
 * seen over the last 10-20 s stands for both, so a start is "late" by what it waited beyond that.
 */
const startAge = (() => {
  let current = Infinity;
  let previous = Infinity;
  let periodStart = 0;
  return {
    /** Records a start as its answer arrives. */
    observe(startMs: number): void {
      const now = localEpochMs();
      if (now - periodStart > 10_000) {
        previous = current;
        current = Infinity;
        periodStart = now;
      }
      current = Math.min(current, now - startMs);
    },
    /** Milliseconds since `startMs` beyond the least delay seen (0 for the quickest answer). */
    lateness(startMs: number): number {
      return localEpochMs() - startMs - Math.min(current, previous);
    },
  };
})();

/** Records an admitted start as its answer arrives (the least delay seen). */
export const observeStart = (startMs: number): void => startAge.observe(startMs);

/** Whether an admitted start is too old to hand over now (see STALE_START_MS). */
export const isStale = (startMs: number): boolean => startAge.lateness(startMs) > STALE_START_MS;

/**
 * How a sender waits: the activity's cancellation-aware sleep by default; a run shared by several
 * activities (delivery/batch.ts) passes each row's own (cut short when that row's activity is cancelled).
 */
export type Pause = (ms: number) => Promise<void>;

/** Takes tokens until one is granted, sleeping until each answer's slot (heartbeats keep running). */
async function untilReserved(take: () => Promise<SendToken>, pause: Pause = sleep): Promise<void> {
  for (;;) {
    const token = await take();
    await pause(token.waitMs);
    if (token.granted) return;
  }
}

/**
 * Claims until a start is admitted, sleeping while the window is full. A start that is stale by
 * then is released and claimed again (at most MAX_RECLAIMS times). Returns the start (epoch ms,
 * database clock).
 */
async function untilAdmitted(claim: () => Promise<SendStart>, release: (startMs: number) => Promise<void>): Promise<number> {
  for (let reclaims = 0; ; ) {
    const start = await claim();
    if (!start.admitted) {
      await sleep(start.waitMs);
      continue;
    }
    observeStart(start.startMs);
    if (reclaims >= MAX_RECLAIMS || !isStale(start.startMs)) return start.startMs;
    reclaims++;
    await release(start.startMs);
  }
}

/** Reserves a slot in the project's shared bucket and sleeps until it. */
export function reserveSlot(em: EntityManager, projectId: string, pacing: Pacing): Promise<void> {
  return untilReserved(() => acquireSendToken(em, projectId, pacing.reserveRate));
}

/** The start admitted by the project's sliding window (epoch ms, database clock), sleeping while it is full. */
export async function admitStart(em: EntityManager, projectId: string, pacing: Pacing): Promise<number> {
  return untilAdmitted(
    () => claimSendStart(em, projectId, pacing),
    (startMs) => releaseSendStarts(em, projectId, startMs),
  );
}

/** Most sends one pacing round trip takes care of. */
const GROUP_MAX = 32;

/**
 * How far ahead a run takes the project's tokens for its next rows, beyond the ones asked now: the
 * slots of this many ms at the reservation rate (at most GROUP_MAX per take). At the default 14/s
 * that is none; at a rate far above what the machine sends, a take serves GROUP_MAX rows instead
 * of the 1-2 that happen to ask at the same moment (0.65 takes per campaign message, each a
 * transaction on the window's row). What a run took and did not use when it ends is at most this
 * much of the project's rate, reserved once and never sent.
 */
const TAKE_AHEAD_MS = 20;
/** A token taken ahead and not used within this is dropped: by then the bucket has moved on. */
const TAKEN_AHEAD_TTL_MS = 1_000;

/** Tokens a run's take adds for the callers to come, at the reservation rate `reserveRate` (see TAKE_AHEAD_MS). */
export const tokensTakenAhead = (reserveRate: number): number => Math.min(GROUP_MAX - 1, Math.floor((reserveRate * TAKE_AHEAD_MS) / 1000));

/**
 * reserveSlot for many concurrent senders of one delivery run (a campaign page, the automation
 * batches delivering at once in a worker: delivery/batch.ts): the callers that are ready at the
 * same moment share one round trip, which also takes the tokens of the next TAKE_AHEAD_MS for the
 * callers to come, so at a high rate a reservation costs a fraction of a query per message. The
 * slots come from the same bucket, each caller sleeping until its own. (Their starts are admitted
 * by the sources' admission statements, with the fence: delivery/batch.ts, groupedAdmission; the
 * window is what holds the rate at the server, whatever the bucket lent.)
 */
export function groupPacer(em: EntityManager, projectId: string, pacing: Pacing) {
  const ahead = tokensTakenAhead(pacing.reserveRate);
  /** Tokens taken ahead, in slot order: when each may go (this process's clock) and when it was taken. */
  const stock: { dueAt: number; takenAt: number; slotAtMs: number }[] = [];
  const token = coalesced(GROUP_MAX, async (n): Promise<SendToken[]> => {
    const extra = stock.length === 0 ? Math.min(ahead, GROUP_MAX - n) : 0;
    const tokens = await acquireSendTokens(em, projectId, pacing.reserveRate, n + extra);
    const now = localEpochMs();
    for (const t of tokens.slice(n)) if (t.granted) stock.push({ dueAt: now + t.waitMs, takenAt: now, slotAtMs: t.slotAtMs });
    return tokens.slice(0, n);
  });
  const fromStock = (): SendToken | undefined => {
    const now = localEpochMs();
    while (stock.length > 0 && now - stock[0].takenAt > TAKEN_AHEAD_TTL_MS) stock.shift();
    const t = stock.shift();
    return t && { granted: true, waitMs: Math.max(0, Math.ceil(t.dueAt - now)), slotAtMs: t.slotAtMs };
  };
  return { reserve: (pause?: Pause) => untilReserved(async () => fromStock() ?? token(), pause) };
}
