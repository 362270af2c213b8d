import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedStatement, sqlFirst, sqlPreparedRows, sqlRows, type HeldRows } from '../db/sql.js';

/*
 * The project's sending rate, shared by every worker process, campaign and transactional send.
 * Two steps, both in PostgreSQL so every process sees the same state and the same clock:
 *
 * 1. Reserve (acquireSendToken): a token bucket (table send_rate_buckets) refilled by the
 *    database clock. A caller takes a token even when the bucket is empty: the balance goes
 *    negative and the caller sleeps `-balance / rate` seconds, i.e. it reserves the next free slot.
 *    N concurrent callers get slots 1/rate apart in one round trip each: no polling herd, first
 *    come first served. Reservations are capped at MAX_AHEAD_SECONDS ahead.
 * 2. Start (claimSendStart): right before the SMTP transaction, the send records its start in the
 *    project's sliding window and is admitted only while the window holds fewer than `maxStarts`
 *    starts. This is the guarantee: a sleeper that woke late (GC, CPU starvation, a cold process)
 *    cannot bunch up with the on-time ones, and lateness is never made up by sending faster.
 *
 * The window is GUARD_MS wider than the `maxStarts / rate` seconds it stands for, so any 1-second
 * window at the receiving server holds at most `rate` messages even when the time from the start
 * to the server's MAIL FROM varies by up to GUARD_MS between two sends. The reservation rate is
 * lowered to match, so claims rarely wait: the cost is GUARD_MS per window of throughput (2% at
 * 20 ms), inside the 3% campaigns aim for. What keeps the difference under GUARD_MS is that a start
 * reaching its hand-off late is released and claimed again (STALE_START_MS); 30 ms without that
 * release cost 3.5% (bench/RESULTS.md, pacing across two campaigns and /v1/send).
 *
 * The window is kept as counts per QUANTUM_MS slot of the database clock (send_rate_buckets.
 * window_counts, db/migrations/Migration20261201100000_pacing_slots.ts), and a start counts until
 * the end of its slot plus the window's width: up to QUANTUM_MS longer than itself, never less,
 * so the server still never sees more than the rate. That costs up to QUANTUM_MS per window of
 * throughput (the reservation rate is lowered to match): 25 ms with the guard, 2.4% at 1,025 ms.
 */
export const BURST_TOKENS = 1;
/**
 * An admitted start that reaches its hand-off more than this after the database recorded it (an
 * answer that sat unread on a busy event loop, a lease read, a stall) is released and claimed
 * again: the guard above only absorbs GUARD_MS of difference between two sends' start-to-MAIL-FROM
 * times, and a late start would bunch up with the on-time ones at the server. Measured from the
 * start itself, not from when the claim was sent: a claim that queued on the window's row lock is
 * not late (its start is read after the lock). Released, a late start costs a round trip, not a
 * slot; after MAX_RECLAIMS late ones in a row the next is used as it is (a machine that slow is
 * better served late than not at all).
 */
export const STALE_START_MS = 10;
export const MAX_RECLAIMS = 2;
export const MAX_AHEAD_SECONDS = 60;
export const GUARD_MS = 20;
/** The window's slot on the database clock (a literal in the migration above: change both together). */
export const QUANTUM_MS = 5;

export interface Pacing {
  /** Sends admitted per window. */
  maxStarts: number;
  /** Width of the sliding window on the database clock, in ms. */
  windowMs: number;
  /** Rate of the reservation bucket, per second (what the window admits on average). */
  reserveRate: number;
}

/** The window and reservation rate for a project rate of `ratePerSecond` emails per second. */
export function pacingFor(ratePerSecond: number): Pacing {
  const rate = Math.max(0.001, ratePerSecond);
  const maxStarts = Math.max(1, Math.floor(rate));
  // At least a second: a fractional rate (14.9/s) must not let 15 starts into one second.
  const windowMs = Math.max(1000, (maxStarts * 1000) / rate) + GUARD_MS;
  // A start counts up to QUANTUM_MS longer than the window (the end of its slot): reserved at the rate that admits.
  return { maxStarts, windowMs, reserveRate: (maxStarts * 1000) / (windowMs + QUANTUM_MS) };
}

export type SendStart = { admitted: true; startMs: number } | { admitted: false; waitMs: number };

/**
 * Step 2: admits the send now (its start, epoch ms on the database clock) or says how long to
 * wait. Always its own short transaction on a pool connection, never the caller's: the window's
 * row must be unlocked at once.
 */
export async function claimSendStart(em: EntityManager, projectId: string, pacing: Pacing): Promise<SendStart> {
  return (await claimSendStarts(em, projectId, pacing, 1))[0];
}

/**
 * The claim's commit does not wait for its WAL to reach the disk (synchronous_commit off, for its
 * transaction only): the window's row is locked until that commit, so every other claimer of the
 * project would wait through an fsync per claim. A crash of PostgreSQL itself in that moment loses
 * starts of a window long past once the server is back.
 */
const CLAIM = preparedStatement(
  'mailhub_claim_send_starts_v2',
  `select admitted, wait_ms, start_ms, set_config('synchronous_commit', 'off', true) as commit_mode from claim_send_starts(?, ?, ?, ?)`,
);

/** What the window's claim needs of a Pacing. */
type WindowShape = Pick<Pacing, 'maxStarts' | 'windowMs'>;

/** `n` starts asked at once: how many were admitted (the first ones), at `startMs`; the others come back after `waitMs`. */
interface Claim {
  admitted: number;
  startMs: number;
  waitMs: number;
}

async function claimStarts(em: EntityManager, projectId: string, pacing: WindowShape, n: number): Promise<Claim> {
  const [row] = await sqlPreparedRows<{ admitted: number; wait_ms: number; start_ms: number }>(em, CLAIM, [projectId, pacing.windowMs, pacing.maxStarts, n]);
  return { admitted: Number(row.admitted), startMs: Number(row.start_ms), waitMs: Math.max(1, Math.ceil(Number(row.wait_ms))) };
}

/**
 * Step 2 for `n` sends that are ready now, in one round trip: as many as the window has room for
 * are admitted (the first ones), the rest are told how long to wait.
 */
export async function claimSendStarts(em: EntityManager, projectId: string, pacing: Pacing, n: number): Promise<SendStart[]> {
  const { admitted, startMs, waitMs } = await claimStarts(em, projectId, pacing, n);
  return Array.from({ length: n }, (_, i): SendStart => (i < admitted ? { admitted: true, startMs } : { admitted: false, waitMs }));
}

/** Takes back `n` admitted starts at `startMs` that were never handed over (see STALE_START_MS). */
export async function releaseSendStarts(em: EntityManager, projectId: string, startMs: number, n = 1): Promise<void> {
  await sqlRows(em, 'select release_send_starts(?, ?, ?)', [projectId, startMs, n]);
}

/**
 * granted: the slot is `waitMs` from now, at `slotAtMs` on the database's clock (epoch ms), the
 * clock every process shares. Not granted: too many reservations already; retry after `waitMs`.
 */
export type SendToken = { granted: true; waitMs: number; slotAtMs: number } | { granted: false; waitMs: number };

// One statement: refill by the time elapsed since the last take (capped at the burst), take n.
// ON CONFLICT locks the row before evaluating SET/WHERE, so concurrent takes serialize on it.
// The balance holds "at updated_at", so the slot is updated_at + debt/rate: RETURNING reads
// updated_at, not a later clock reading (under load the two differ by milliseconds, and a slot
// placed late would let the next one come closer than 1/rate). updated_at never moves back.
// Its commit does not wait for the disk (synchronous_commit off, this transaction only): the row is
// the window's too (claimStarts), and every claim and take of the project would queue behind an
// fsync per take; a crash of PostgreSQL itself loses at most the bucket's last takes.
// Prepared (planned once per connection): a delivery run takes tokens about every other message
// (issue 20: 0.7 takes per automation mail in a burst), each parsed and planned again unprepared.
const TAKE = preparedStatement(
  'mailhub_take_send_tokens_v1',
  `
insert into send_rate_buckets as b (project_id, tokens, updated_at)
values (?, ?::float8 - ?::float8, clock_timestamp())
on conflict (project_id) do update
  set tokens = least(?::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at)::float8 * ?::float8) - ?::float8,
      updated_at = greatest(clock_timestamp(), b.updated_at)
  where least(?::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at)::float8 * ?::float8) - ?::float8 >= ?::float8
returning tokens, extract(epoch from updated_at)::float8 * 1000 as now_ms, set_config('synchronous_commit', 'off', true) as commit_mode`,
);

const BALANCE_SQL = `
select least(?::float8, tokens + extract(epoch from clock_timestamp() - updated_at)::float8 * ?::float8) as tokens
from send_rate_buckets where project_id = ?`;

/** Step 1: takes one send token for the project (see SendToken). */
export async function acquireSendToken(em: EntityManager, projectId: string, ratePerSecond: number): Promise<SendToken> {
  return (await acquireSendTokens(em, projectId, ratePerSecond, 1))[0];
}

/**
 * Step 1 for `n` sends in one round trip: n consecutive slots, 1/rate apart once the bucket is
 * empty (the i-th token's slot is where the i-th single take would have put it), or none.
 */
export async function acquireSendTokens(em: EntityManager, projectId: string, ratePerSecond: number, n: number): Promise<SendToken[]> {
  const rate = Math.max(0.001, ratePerSecond);
  const cap = BURST_TOKENS;
  const floor = -rate * MAX_AHEAD_SECONDS;
  const taken = await sqlPreparedRows<{ tokens: number; now_ms: number }>(em, TAKE, [projectId, cap, n, cap, rate, n, cap, rate, n, floor]);
  if (taken.length > 0) {
    // The balance before the take was `after + n`; token i (0-based) left it at `after + n - i - 1`.
    const after = Number(taken[0].tokens);
    const nowMs = Number(taken[0].now_ms);
    return Array.from({ length: n }, (_, i): SendToken => {
      const balance = after + n - i - 1;
      const waitMs = balance >= 0 ? 0 : Math.ceil((-balance / rate) * 1000);
      return { granted: true, waitMs, slotAtMs: nowMs + waitMs };
    });
  }
  const row = await sqlFirst<{ tokens: number }>(em, BALANCE_SQL, [cap, rate, projectId]);
  const missing = floor + n - Number(row?.tokens ?? 0);
  const waitMs = Math.max(50, Math.ceil((missing / rate) * 1000));
  return Array.from({ length: n }, (): SendToken => ({ granted: false, waitMs }));
}

/**
 * The project's rate: the service's (SEND_RATE_PER_SECOND, 14 by default), or the project's own
 * setting when that is lower. The operator's rate is the ceiling: a key holder cannot raise it.
 */
export function sendRateOf(settings: { sendRatePerSecond?: number } | null | undefined, serviceRate: number): number {
  const own = settings?.sendRatePerSecond;
  // A value stored before the minimum existed still cannot stall sending (1e-300/s was accepted once).
  return typeof own === 'number' && own > 0 ? Math.min(Math.max(own, MIN_SEND_RATE_PER_SECOND), serviceRate) : serviceRate;
}

/**
 * The lowest project sending rate (emails per second). Below it a paced send would wait longer
 * than a delivery attempt may run (minutes per message) and sit in SENDING until a retry.
 */
export const MIN_SEND_RATE_PER_SECOND = 1;

/** Most of `times` (ms) inside any half-open window [t, t + widthMs) that starts at one of them: how pacing is measured. */
export function maxInWindow(times: number[], widthMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (j < t.length && t[j] < t[i] + widthMs) j++;
    best = Math.max(best, j - i);
  }
  return best;
}

/**
 * A group of hand-offs admitted by the project's window, with their fence held until their MAIL
 * FROMs (admitGroup).
 */
export interface GroupAdmission {
  /** Hand-offs so far (this one included) of each row fenced and admitted; a row in neither this nor `waiting` is refused. */
  attempts: Map<string, number>;
  /** Rows not admitted (the window is full): nothing counted for them, they come back after `waitMs`. */
  waiting: string[];
  /** The admitted rows' start (epoch ms, database clock). */
  startMs: number;
  waitMs: number;
  /** Ends the fence's transaction: call once every admitted row's MAIL FROM is written (or will not be). */
  release(): Promise<void>;
  /** Undoes it all: the fence's transaction rolled back (the rows' attempts) and the window's starts given back (nothing will be sent). */
  rollback(): Promise<void>;
}

/** A row of a fence statement: the row's id and its hand-offs so far (null: fenced, but beyond the starts admitted). */
export interface FencedRow {
  id: string;
  attempts: number | null;
}

/**
 * The admission of a group of rows whose SMTP connections are in hand: first the group's starts
 * in the project's window (claim_send_starts, a short transaction of its own, committed at once:
 * the window's row is never locked across the network, and no admission of the project waits for
 * another group's MAIL FROMs), then the source's fence for as many rows as were admitted (`fence`:
 * a held statement, db/sql.ts sqlHeldRows, kept until the group's MAIL FROMs as before). The
 * window's row is never locked by a transaction that holds a fence, so the two never wait for each
 * other in a cycle. A full window answers every row waiting without taking the fence. Starts the
 * fence did not use (rows refused) are given back (release_send_starts: one more round trip, only
 * then, and off the hand-off's path unless nothing was admitted); a rollback (a stopped batch)
 * gives back the rows' starts too. A claim whose answer came late (`late`, see STALE_START_MS) is
 * given back and taken again right away, before the fence: lateness is judged on the claim's own
 * answer, so a worker slow to send the fence after it does not roll the fence back and repeat both.
 */
export async function admitGroup(
  em: EntityManager,
  projectId: string,
  pacing: WindowShape,
  ids: string[],
  fence: (admitted: number) => Promise<HeldRows<FencedRow>>,
  late: (startMs: number) => boolean = () => false,
): Promise<GroupAdmission> {
  let claim = await claimStarts(em, projectId, pacing, ids.length);
  // A claim answered late (see STALE_START_MS; `late` says when and how often) gives its starts back and is taken again, before any fence.
  while (claim.admitted > 0 && late(claim.startMs)) {
    await releaseSendStarts(em, projectId, claim.startMs, claim.admitted).catch(() => {});
    claim = await claimStarts(em, projectId, pacing, ids.length);
  }
  const startMs = claim.startMs;
  const giveBack = (n: number) => (n > 0 ? releaseSendStarts(em, projectId, startMs, n).catch(() => {}) : Promise.resolve());
  if (claim.admitted === 0) {
    return { attempts: new Map(), waiting: [...ids], startMs, waitMs: claim.waitMs, release: async () => {}, rollback: async () => {} };
  }
  let held: HeldRows<FencedRow>;
  try {
    held = await fence(claim.admitted);
  } catch (err) {
    await giveBack(claim.admitted);
    throw err;
  }
  const attempts = new Map<string, number>();
  const waiting: string[] = [];
  for (const r of held.rows) {
    if (r.attempts === null) waiting.push(r.id);
    else attempts.set(r.id, r.attempts);
  }
  // After the answer a failed commit changes nothing for the hand-off: the locks are gone either way.
  const release = () => held.commit().catch(() => {});
  const unused = giveBack(claim.admitted - attempts.size);
  if (attempts.size === 0) await Promise.all([release(), unused]);
  return {
    attempts,
    waiting,
    startMs,
    waitMs: claim.waitMs,
    release,
    rollback: async () => {
      await Promise.all([held.rollback().catch(() => {}), giveBack(attempts.size)]);
    },
  };
}
