import { Context } from '@temporalio/activity';
import type { Pacing } from '../../core/pacing.js';
import type { ActivityDeps } from '../deps.js';
import { forEachBounded, groupedCalls } from '../lib/concurrency.js';
import { sleep } from '../lib/heartbeat.js';
import { classifySmtpError, NotAdmittedError, type Fence, type OutgoingMessage, type SendResult } from '../mailer.js';
import { SENDS_IN_FLIGHT } from './engine.js';
import { MAX_RECLAIMS } from '../../core/pacing.js';
import { groupPacer, isStale, observeStart } from './pace.js';

/*
 * The delivery engine for many messages of one activity (a campaign page): the same stages as
 * one email record (engine.ts), shared by the rows of the batch so each costs a fraction of a
 * round trip:
 *  - compose (and DKIM-sign) per row, from what the source prepared once for all of them;
 *  - reserve a slot in the project's shared pacing bucket; then, with a ready SMTP connection in
 *    hand (the mailer's admit hook), have the start admitted by the shared sliding window and pass
 *    the source's hand-off fence, held until MAIL FROM is written, on the connection that carries
 *    it. Rows ready together share one pacing round trip (pace.ts, groupPacer) and one fence
 *    (groupedFence: one transaction for the group, ended once all of their MAIL FROM are written);
 *    a source that can (a campaign page: admitGroup) takes the window's starts in its fence's
 *    statement, so the rows whose connections are in hand together cost one statement in all
 *    (groupedAdmission);
 *  - outcomes are buffered and written by the source in one statement every FLUSH_MS or FLUSH_ROWS.
 * A row refused with 4xx is tried again (TRANSIENT_RETRIES here, then by the activity's retry)
 * until it has been handed over DELIVERY_MAX_ATTEMPTS times in all; then it is FAILED with the
 * last reply. The window that remains is the 250-before-commit one: if the process dies after the
 * server's 250 and before the outcome's batch commits, the retry sends those again with the same
 * Message-ID.
 */

// Short: at the SMTP server's speed a buffered outcome is the crash window (sent, not yet recorded).
const FLUSH_MS = 50;
/**
 * Outcomes per write, and the most a batch keeps unrecorded (buffered or being written): a lane
 * waits for the write before it hands more over. So a worker killed at any moment leaves at most
 * FLUSH_ROWS per batch in flight plus its SMTP connections' sends unrecorded: the bound of the
 * crash window's repeats (test/campaigns-crash.timing.test.ts).
 */
export const FLUSH_ROWS = 100;
const HEARTBEAT_MS = 1_000;
const TRANSIENT_RETRIES = [1_000, 3_000];
/** Rows being prepared or paced while others are on the wire. */
const LANES = 4 * SENDS_IN_FLIGHT;

export type BatchStatus = 'SENT' | 'FAILED' | 'BOUNCED' | 'SKIPPED' | 'CAPPED';
export interface BatchOutcome {
  id: string;
  status: BatchStatus;
  sentAt?: Date;
  error?: string | null;
  code?: number | null;
  response?: string;
}

/** A held fence: the hand-offs of the row so far (this one included), and its release. */
export interface BatchFenceHold {
  attempts: number;
  release(): Promise<void>;
}

/** A held fence of a group of rows: the hand-offs so far of each row fenced (a row missing is refused), and its release. */
export interface BatchGroupFenceHold {
  attempts: Map<string, number>;
  release(): Promise<void>;
}

/**
 * The window's admission and the fence of a group of rows in one statement: the rows fenced and
 * admitted (`attempts`), held with their starts until `release` or undone by `rollback`; the rows
 * fenced but not admitted (the window is full) `waiting` for `waitMs`; a row in neither is refused.
 */
export interface BatchGroupAdmission extends BatchGroupFenceHold {
  waiting: string[];
  /** The admitted rows' start (epoch ms, database clock). */
  startMs: number;
  waitMs: number;
  rollback(): Promise<void>;
}

/** Where the messages of a batch come from and where their outcomes are counted. */
export interface BatchSource<R extends { id: string }> {
  projectId: string;
  pacing: Pacing;
  /** The rows to send (already found eligible by the source). */
  rows: R[];
  /** The row's message, composed and signed. */
  compose(row: R): Promise<OutgoingMessage>;
  /**
   * The last check before MAIL FROM (connection in hand), for the rows whose connections are in
   * hand at the same moment, in one round trip: held until every fenced row's MAIL FROM is
   * written; a row missing from its `attempts` is refused.
   */
  fenceGroup?(rows: R[]): Promise<BatchGroupFenceHold>;
  /**
   * The pacing window's admission (for `pacing`) and the fence together, in one round trip for the
   * rows whose connections are in hand at the same moment (used instead of the pacer's admission
   * and of `fenceGroup` when given).
   */
  admitGroup?(rows: R[]): Promise<BatchGroupAdmission>;
  /** Why a fence refused: a status that stops the batch, or undefined when only this attempt lost the rows. */
  refusal(): Promise<string | undefined>;
  /** A refused fence leaves only that row unsent, not the batch (automations: one execution cancelled); refusal() is then not asked. */
  refusalPerRow?: boolean;
  /** Writes a batch of outcomes (retried by the caller's flush on failure of the whole batch). */
  record(outcomes: BatchOutcome[]): Promise<void>;
}

export interface BatchResult {
  /** A status other than SENDING seen by a fence (PAUSED, CANCELLED...), or the activity was cancelled. */
  stop?: string;
  /** Rows left unsent after transient failures: the activity is retried later. */
  transientLeft: number;
}

/** Outcomes buffered and written in order, one write at a time, with a bound on how many are unrecorded. */
export class OutcomeBuffer {
  private pending: BatchOutcome[] = [];
  private writing: Promise<void> = Promise.resolve();
  private lastFlush = Date.now();
  private unrecorded = 0;

  constructor(private readonly write: (batch: BatchOutcome[]) => Promise<void>) {}

  add(o: BatchOutcome): void {
    this.unrecorded++;
    this.pending.push(o);
    if (this.pending.length >= FLUSH_ROWS || Date.now() - this.lastFlush >= FLUSH_MS) void this.flush().catch(() => {});
  }

  flush(): Promise<void> {
    const batch = this.pending.splice(0);
    this.lastFlush = Date.now();
    this.writing = this.writing.then(() => (batch.length ? this.write(batch) : undefined)).finally(() => (this.unrecorded -= batch.length));
    return this.writing;
  }

  /** Waits until fewer than FLUSH_ROWS outcomes are unrecorded. */
  async room(): Promise<void> {
    while (this.unrecorded >= FLUSH_ROWS) await this.flush().catch(() => {});
  }
}

/** Most rows one group fence takes care of. */
const FENCE_GROUP_MAX = 32;

/** Each row's hold out of a group's: the group's hold is released when the last fenced row released its own. */
function sharedHolds<R extends { id: string }>(rows: R[], held: BatchGroupFenceHold): (BatchFenceHold | null)[] {
  let open = held.attempts.size;
  let committed: Promise<void> | undefined;
  const releaseOne = () => {
    if (--open === 0) committed = held.release();
    return committed ?? Promise.resolve();
  };
  return rows.map((row) => {
    const attempts = held.attempts.get(row.id);
    if (attempts === undefined) return null;
    let released: Promise<void> | undefined;
    return { attempts, release: () => (released ??= releaseOne()) };
  });
}

/**
 * One row's fence out of a group's: the callers that are ready in the same turn of the event loop
 * (connections in hand: a pacing group admitted together arrives at once) or while another group's
 * fence is being taken share one fence; the group's hold is released when the last of its fenced
 * rows released its own (its MAIL FROM is written).
 */
export function groupedFence<R extends { id: string }>(fenceGroup: (rows: R[]) => Promise<BatchGroupFenceHold>): (row: R) => Promise<BatchFenceHold | null> {
  return groupedCalls(FENCE_GROUP_MAX, async (rows: R[]) => sharedHolds(rows, await fenceGroup(rows)));
}

/** A row's answer from its group's admission: handed over at `startMs` under `hold`, told to wait, refused by the fence, or the batch stopped. */
export type RowAdmission = { hold: BatchFenceHold; startMs: number } | { waitMs: number } | 'refused' | 'stopped';

/**
 * One row's admission and fence out of a group's (BatchSource.admitGroup), grouped as groupedFence
 * groups: the rows whose connections are in hand together take their starts and pass their fence
 * in one statement. A group whose answer arrives too late (pace.ts, isStale: its starts would
 * bunch up with on-time ones at the server) is rolled back and taken again, at most MAX_RECLAIMS
 * times; one that arrives after the batch `stopped` is rolled back (nothing handed over).
 */
export function groupedAdmission<R extends { id: string }>(admitGroup: (rows: R[]) => Promise<BatchGroupAdmission>, stopped: () => boolean): (row: R) => Promise<RowAdmission> {
  return groupedCalls(FENCE_GROUP_MAX, async (rows: R[]): Promise<RowAdmission[]> => {
    for (let reclaims = 0; ; reclaims++) {
      const group = await admitGroup(rows);
      if (group.attempts.size > 0) {
        observeStart(group.startMs);
        if (stopped()) {
          await group.rollback();
          return rows.map(() => 'stopped');
        }
        if (reclaims < MAX_RECLAIMS && isStale(group.startMs)) {
          await group.rollback();
          continue;
        }
      }
      const holds = sharedHolds(rows, group);
      const waiting = new Set(group.waiting);
      return rows.map((row, i): RowAdmission => {
        const hold = holds[i];
        if (hold) return { hold, startMs: group.startMs };
        return waiting.has(row.id) ? { waitMs: group.waitMs } : 'refused';
      });
    }
  });
}

/** What one hand-off came to: nothing sent (stopped, or the row is not ours), or the SMTP result. */
type HandOff = undefined | { sent: SendResult; sentAt: Date; attempts: number } | { error: unknown; attempts: number };

/** One batch in progress: its stop flags and counters, and the stages each row goes through. */
class BatchRun<R extends { id: string }> {
  private readonly ctx = Context.current();
  private readonly pacer;
  /** The source's fence of one row (out of a group's when the source fences groups). */
  private readonly fenceRow: ((row: R) => Promise<BatchFenceHold | null>) | undefined;
  /** The source's admission and fence of one row in one statement, out of a group's (admitGroup). */
  private readonly admitRow: ((row: R) => Promise<RowAdmission>) | undefined;
  readonly outcomes;
  /** Set once a fence failed: the stopping status, or undefined (our rows were taken by a newer attempt). */
  refusal: { stop?: string } | undefined;
  cancelled = false;
  transientLeft = 0;
  done = 0;

  constructor(
    private readonly deps: Pick<ActivityDeps, 'mailer' | 'config' | 'orm'>,
    private readonly source: BatchSource<R>,
  ) {
    this.pacer = groupPacer(deps.orm.em.fork(), source.projectId, source.pacing);
    this.outcomes = new OutcomeBuffer((batch) => source.record(batch));
    this.fenceRow = source.fenceGroup && groupedFence(source.fenceGroup.bind(source));
    this.admitRow = source.admitGroup && groupedAdmission(source.admitGroup.bind(source), () => this.stopped());
  }

  wasCancelled = (): boolean => this.cancelled || this.ctx.cancellationSignal.aborted;
  stopped = (): boolean => this.wasCancelled() || this.refusal !== undefined;

  /** With the connection in hand: the start admitted by the window, unless the batch stopped meanwhile. */
  private async admit(): Promise<number | undefined> {
    if (this.stopped()) return undefined;
    const startMs = await this.pacer.admit(async () => !this.stopped());
    if (startMs === undefined) return undefined;
    if (this.ctx.cancellationSignal.aborted) {
      this.cancelled = true;
      return undefined;
    }
    return startMs;
  }

  /** With the connection in hand: the row's start and fence in one statement (admitGroup), waiting while the window is full. */
  private async admitted(row: R, admitRow: (row: R) => Promise<RowAdmission>): Promise<Exclude<RowAdmission, { waitMs: number }>> {
    for (;;) {
      if (this.stopped()) return 'stopped';
      const a = await admitRow(row);
      if (typeof a === 'string' || !('waitMs' in a)) return a;
      await sleep(a.waitMs).catch(() => {});
    }
  }

  /** A fence said no: the batch stops with the source's reason, unless refusals are per row. */
  private async refused(): Promise<void> {
    if (!this.source.refusalPerRow) this.refusal ??= { stop: await this.source.refusal() };
  }

  /** Paces and hands one message over, fenced; undefined when nothing was sent. */
  private async handOff(row: R, msg: OutgoingMessage): Promise<HandOff> {
    await this.outcomes.room();
    await this.pacer.reserve();
    if (this.stopped()) return undefined;
    let startMs: number | undefined;
    let attempts = 0;
    let admit: (() => Promise<boolean>) | undefined;
    let fence: Fence | undefined;
    const { admitRow, fenceRow } = this;
    if (admitRow) {
      // The window's start taken with the fence, right before MAIL FROM.
      fence = async () => {
        const a = await this.admitted(row, admitRow);
        if (a === 'refused') await this.refused();
        if (typeof a === 'string') return null;
        startMs = a.startMs;
        attempts = a.hold.attempts;
        return a.hold;
      };
    } else {
      admit = async () => (startMs = await this.admit()) !== undefined;
      fence = fenceRow && (async () => {
        const hold = await fenceRow(row);
        if (hold) attempts = hold.attempts;
        else await this.refused();
        return hold;
      });
    }
    try {
      return { sent: await this.deps.mailer.send(msg, { admit, fence }), sentAt: new Date(startMs!), attempts };
    } catch (error) {
      return error instanceof NotAdmittedError ? undefined : { error, attempts };
    }
  }

  /** The outcome of a hand-off, or 'retry' when the server refused for now and attempts remain. */
  private judge(row: R, h: NonNullable<HandOff>, retry: number): BatchOutcome | 'retry' | 'later' {
    if ('sent' in h && h.sent.accepted.length > 0) return { id: row.id, status: 'SENT', sentAt: h.sentAt, response: h.sent.response };
    const f = 'sent' in h
      ? { permanent: true, status: 'BOUNCED' as const, code: 550, message: `Recipient rejected: ${h.sent.response}` }
      : classifySmtpError(h.error);
    if (f.permanent) return { id: row.id, status: f.status, error: f.message, code: f.code ?? null };
    // Refused for now: as /v1/send, at most DELIVERY_MAX_ATTEMPTS hand-offs of the row (over all attempts).
    if (h.attempts >= this.deps.config.deliveryRetry.maximumAttempts) {
      return { id: row.id, status: 'FAILED', error: `Gave up after ${h.attempts} attempts: ${f.message}`, code: f.code ?? null };
    }
    return retry < TRANSIENT_RETRIES.length ? 'retry' : 'later';
  }

  /** One row: compose once, then hand over until it has an outcome (or is left for the activity's retry). */
  deliverRow = async (row: R): Promise<void> => {
    const msg = await this.source.compose(row);
    for (let retry = 0; ; retry++) {
      const h = await this.handOff(row, msg);
      if (!h) return;
      const verdict = this.judge(row, h, retry);
      if (verdict === 'later') {
        this.transientLeft++; // left unsent: the activity fails and is retried with backoff
        return;
      }
      if (verdict !== 'retry') return this.outcomes.add(verdict);
      await this.ctx.sleep(TRANSIENT_RETRIES[retry]).catch(() => {});
    }
  };

  heartbeat(): () => void {
    const timer = setInterval(() => this.ctx.heartbeat({ done: this.done }), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }
}

/**
 * Delivers the source's rows (LANES at a time), records their outcomes, and answers whether the
 * batch was stopped and how many rows are left for a retry. `settled`: outcomes the source
 * already decided (skipped, capped), written with the others.
 */
export async function deliverBatch<R extends { id: string }>(
  deps: Pick<ActivityDeps, 'mailer' | 'config' | 'orm'>,
  source: BatchSource<R>,
  settled: BatchOutcome[] = [],
): Promise<BatchResult> {
  const run = new BatchRun(deps, source);
  for (const o of settled) run.outcomes.add(o);
  const stopHeartbeat = run.heartbeat();
  try {
    await forEachBounded(source.rows, LANES, async (row) => {
      await run.deliverRow(row);
      run.done++;
    }, run.stopped);
  } finally {
    stopHeartbeat();
    await run.outcomes.flush();
  }
  // A refusal without a status (our rows were taken: a newer attempt runs) stops this attempt
  // quietly; Temporal ignores its result.
  const stop = run.refusal?.stop ?? (run.wasCancelled() ? 'CANCELLED' : undefined);
  return { stop, transientLeft: run.transientLeft };
}
