import type { EntityManager } from '@mikro-orm/postgresql';
import { acquireSendToken, acquireSendTokens, claimSendStart, claimSendStarts, STALE_START_MS, type Pacing, type SendStart, type SendToken } from '../../core/pacing.js';
import { coalesced } from '../lib/concurrency.js';
import { sleep } from '../lib/heartbeat.js';

/** Whether a start claimed at `claimedAt` (performance.now()) is too old to hand over now. */
export const isStale = (claimedAt: number) => performance.now() - claimedAt > STALE_START_MS;

/** Takes tokens until one is granted, sleeping until each answer's slot (heartbeats keep running). */
async function untilReserved(take: () => Promise<SendToken>): Promise<void> {
  for (;;) {
    const token = await take();
    await sleep(token.waitMs);
    if (token.granted) return;
  }
}

/**
 * Claims until a start is admitted whose answer came back fresh: sleeps while the window is full,
 * claims again when the answer itself was too slow (isStale). Returns the start (epoch ms, database
 * clock) and when it was claimed (performance.now(), for isStale right before the hand-off).
 */
async function untilAdmitted(claim: () => Promise<SendStart>): Promise<{ startMs: number; claimedAt: number }> {
  for (;;) {
    const claimedAt = performance.now();
    const start = await claim();
    if (start.admitted && !isStale(claimedAt)) return { startMs: start.startMs, claimedAt };
    if (!start.admitted) await sleep(start.waitMs);
  }
}

/** Reserves a slot in the project's shared bucket and sleeps until it. */
export function reserveSlot(em: EntityManager, projectId: string, pacing: Pacing): Promise<void> {
  return untilReserved(() => acquireSendToken(em, projectId, pacing.reserveRate));
}

/** The start admitted by the project's sliding window (epoch ms, database clock), sleeping while it is full. */
export async function admitStart(em: EntityManager, projectId: string, pacing: Pacing): Promise<number> {
  return (await untilAdmitted(() => claimSendStart(em, projectId, pacing))).startMs;
}

/** Most sends one pacing round trip takes care of. */
const GROUP_MAX = 32;

/**
 * reserveSlot and admitStart for many concurrent senders of one activity (a campaign page): the
 * callers that are ready at the same moment share one round trip per step, so at a high rate
 * pacing costs a fraction of a query per message instead of two. Same guarantees: slots come from
 * the same bucket, starts from the same window, each start admitted right before its hand-off.
 */
export function groupPacer(em: EntityManager, projectId: string, pacing: Pacing) {
  const token = coalesced(GROUP_MAX, (n) => acquireSendTokens(em, projectId, pacing.reserveRate, n));
  const start = coalesced(GROUP_MAX, (n) => claimSendStarts(em, projectId, pacing, n));
  return {
    reserve: () => untilReserved(token),
    admit: () => untilAdmitted(start),
  };
}
