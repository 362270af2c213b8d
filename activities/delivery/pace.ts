import type { EntityManager } from '@mikro-orm/postgresql';
import { acquireSendToken, claimSendStart, type Pacing } from '../../core/pacing.js';
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
