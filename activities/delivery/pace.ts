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
import { coalesced } from '../lib/concurrency.js';
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
 * reserveSlot for many concurrent senders of one delivery run (a campaign page, the automation
 * batches delivering at once in a worker: delivery/batch.ts): the callers that are ready at the
 * same moment share one round trip, so at a high rate a reservation costs a fraction of a query
 * per message. The slots come from the same bucket. (Their starts are admitted by the sources'
 * admission statements, with the fence: delivery/batch.ts, groupedAdmission.)
 */
export function groupPacer(em: EntityManager, projectId: string, pacing: Pacing) {
  const token = coalesced(GROUP_MAX, (n) => acquireSendTokens(em, projectId, pacing.reserveRate, n));
  return { reserve: (pause?: Pause) => untilReserved(token, pause) };
}
