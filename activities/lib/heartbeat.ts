import { Context } from '@temporalio/activity';

const HEARTBEAT_EVERY_MS = 3_000;

/** Cancellation-aware sleep (the activity heartbeats, so a cancelled workflow stops the wait). */
export const sleep = (ms: number) => Context.current().sleep(Math.max(0, ms));

/** Heartbeats while `fn` runs, so a dead worker is noticed within the heartbeat timeout, a slow send is not. */
export async function withHeartbeat<T>(fn: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
