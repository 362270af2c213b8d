import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * The project's sending rate, shared by every worker process, campaign and transactional send:
 * a token bucket in PostgreSQL (table send_rate_buckets), refilled by the database clock.
 *
 * A caller takes a token even when the bucket is empty: the balance goes negative and the caller
 * waits `-balance / rate` seconds, i.e. it reserves the next free slot. So N concurrent callers get
 * slots 1/rate apart in one round trip each (no polling herd, first come first served), and slots
 * are spaced by the database's clock whatever the workers' clocks say. A reserved slot whose
 * caller dies is simply lost (the rate can only be under-used, never exceeded).
 *
 * Capacity (burst) is 1 token: an idle project sends its first message at once and then exactly
 * one per 1/rate seconds, so any 1-second window holds at most rate + 1 messages.
 * Reservations are capped at MAX_AHEAD_SECONDS: beyond that the caller is told to come back later
 * instead of queueing without bound.
 */
export const BURST_TOKENS = 1;
export const MAX_AHEAD_SECONDS = 60;

/**
 * A send that would start more than LATE_SLOTS slot widths after its slot (database clock) gives
 * the slot up and reserves a new one: otherwise a stalled process (cold start, GC, CPU starvation,
 * a queue for connections) would release its late sends together with the on-time ones. Slots are
 * at least 1/rate apart, so any 1 s window holds at most rate + BURST_TOKENS + LATE_SLOTS send
 * starts. The slack trades that bound against throughput: on a loaded 2-core machine one slot of
 * slack gave up about a quarter of the slots (busy workers wake late), three give up a few.
 */
export const LATE_SLOTS = 3;
export const lateToleranceMs = (rate: number) => Math.max(40, (LATE_SLOTS * 1000) / rate);

/**
 * granted: the slot is `waitMs` from now, at `slotAtMs` on the database's clock (epoch ms), the
 * clock every process shares. Not granted: too many reservations already; retry after `waitMs`.
 */
export type SendToken = { granted: true; waitMs: number; slotAtMs: number } | { granted: false; waitMs: number };

// One statement: refill by the time elapsed since the last take (capped at the burst), take one.
// ON CONFLICT locks the row before evaluating SET/WHERE, so concurrent takes serialize on it.
// The balance holds "at updated_at", so the slot is updated_at + debt/rate: RETURNING reads
// updated_at, not a later clock reading (under load the two differ by milliseconds, and a slot
// placed late would let the next one come closer than 1/rate). updated_at never moves back.
const TAKE_SQL = `
insert into send_rate_buckets as b (project_id, tokens, updated_at)
values (?, ?::float8 - 1, clock_timestamp())
on conflict (project_id) do update
  set tokens = least(?::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at)::float8 * ?::float8) - 1,
      updated_at = greatest(clock_timestamp(), b.updated_at)
  where least(?::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at)::float8 * ?::float8) - 1 >= ?::float8
returning tokens, extract(epoch from updated_at)::float8 * 1000 as now_ms`;

const BALANCE_SQL = `
select least(?::float8, tokens + extract(epoch from clock_timestamp() - updated_at)::float8 * ?::float8) as tokens
from send_rate_buckets where project_id = ?`;

/** Takes one send token for the project (see SendToken). */
export async function acquireSendToken(em: EntityManager, projectId: string, ratePerSecond: number): Promise<SendToken> {
  const rate = Math.max(0.001, ratePerSecond);
  const cap = BURST_TOKENS;
  const floor = -rate * MAX_AHEAD_SECONDS;
  const conn = em.getConnection();
  const ctx = em.getTransactionContext();
  const taken = await conn.execute<{ tokens: number; now_ms: number }[]>(TAKE_SQL, [projectId, cap, cap, rate, cap, rate, floor], 'all', ctx);
  if (taken.length > 0) {
    const balance = Number(taken[0].tokens);
    const waitMs = balance >= 0 ? 0 : Math.ceil((-balance / rate) * 1000);
    return { granted: true, waitMs, slotAtMs: Number(taken[0].now_ms) + waitMs };
  }
  const row = await conn.execute<{ tokens: number }>(BALANCE_SQL, [cap, rate, projectId], 'get', ctx);
  const missing = floor + 1 - Number(row?.tokens ?? 0);
  return { granted: false, waitMs: Math.max(50, Math.ceil((missing / rate) * 1000)) };
}

/** The project's rate: its own setting, else the service default (SEND_RATE_PER_SECOND, 14). */
export function sendRateOf(settings: { sendRatePerSecond?: number } | null | undefined, defaultRate: number): number {
  const own = settings?.sendRatePerSecond;
  return typeof own === 'number' && own > 0 ? own : defaultRate;
}
