import type { EntityManager } from '@mikro-orm/postgresql';
import { acquireSendToken, acquireSendTokens, claimSendStart, claimSendStarts, type Pacing } from '../../core/pacing.js';
import { coalesced } from '../lib/concurrency.js';
import { sleep } from '../lib/heartbeat.js';

/** Reserves a slot in the project's shared bucket and sleeps until it (heartbeats keep running). */
export async function reserveSlot(em: EntityManager, projectId: string, pacing: Pacing): Promise<void> {
  for (;;) {
    const token = await acquireSendToken(em, projectId, pacing.reserveRate);
    await sleep(token.waitMs);
    if (token.granted) return;
  }
}

/** The start admitted by the project's sliding window (epoch ms, database clock), sleeping while it is full. */
export async function admitStart(em: EntityManager, projectId: string, pacing: Pacing): Promise<number> {
  for (;;) {
    const start = await claimSendStart(em, projectId, pacing);
    if (start.admitted) return start.startMs;
    await sleep(start.waitMs);
  }
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
    async reserve(): Promise<void> {
      for (;;) {
        const t = await token();
        await sleep(t.waitMs);
        if (t.granted) return;
      }
    },
    async admit(): Promise<number> {
      for (;;) {
        const s = await start();
        if (s.admitted) return s.startMs;
        await sleep(s.waitMs);
      }
    },
  };
}
