import { Context } from '@temporalio/activity';
import type { GroupAdmission, Pacing } from '../../core/pacing.js';
import type { ActivityDeps } from '../deps.js';
import { groupedCalls } from '../../core/concurrency.js';
import { classifySmtpError, NotAdmittedError, type Fence, type OutgoingMessage, type SendResult } from '../mailer.js';
import { MAX_RECLAIMS } from '../../core/pacing.js';
import { groupPacer, isStale, observeStart, type Pause } from './pace.js';

/*
 * The delivery engine for many messages (a run, BatchRun): a campaign page's rows (deliverBatch,
 * a run of its own), or the mails of every automation batch activity of a project delivering at
 * once in the worker (deliverShared, one run they all feed, each activity waiting for its own
 * rows). The same stages as one email record (engine.ts), shared by the rows of the run so each
 * costs a fraction of a round trip:
 *  - compose (and DKIM-sign) per row, from what the source prepared once for all of them;
 *  - reserve a slot in the project's shared pacing bucket (rows ready together share one round
 *    trip, which also takes the next 20 ms of slots for the rows to come: pace.ts, groupPacer); then, with a ready SMTP connection in hand (the mailer's fence
 *    hook), have the start admitted by the shared sliding window (a short transaction of its own)
 *    and pass the source's hand-off fence, both once for the rows whose connections are in hand
 *    together (the source's admitGroup, grouped by groupedAdmission; core/pacing.ts, admitGroup),
 *    the fence in one transaction held until all of their MAIL FROM are written;
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
 * Outcomes per write, and the most a run keeps unrecorded (buffered or being written): a lane
 * waits for the write before it hands more over. So a worker killed at any moment leaves at most
 * FLUSH_ROWS per run in flight plus its SMTP connections' sends unrecorded: the bound of the
 * crash window's repeats (test/campaigns-crash.timing.test.ts). A shared run counts once for all
 * the batches feeding it.
 */
export const FLUSH_ROWS = 100;
const HEARTBEAT_MS = 1_000;
const TRANSIENT_RETRIES = [1_000, 3_000];
/** Rows being prepared or paced while others are on the wire, per SMTP connection (SMTP_MAX_CONNECTIONS of them). */
const LANES_PER_CONNECTION = 4;

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

/**
 * What a delivery run shares between everything it delivers: the project's pacing, the window's
 * admission with the hand-off fence, and where outcomes are written.
 */
export interface RunSource<R extends { id: string }> {
  projectId: string;
  pacing: Pacing;
  /**
   * The last check before MAIL FROM (connection in hand): the pacing window's admission (for
   * `pacing`), then the fence, once for the rows whose connections are in hand at the same moment
   * (core/pacing.ts, admitGroup): the fence held until every admitted row's MAIL FROM is written; a
   * row neither admitted nor waiting is refused.
   */
  admitGroup(rows: R[], late: (startMs: number) => boolean): Promise<GroupAdmission>;
  /** Why a fence refused: a status that stops the batch, or undefined when only this attempt lost the rows. */
  refusal(): Promise<string | undefined>;
  /** A refused fence leaves only that row unsent, not the batch (automations: one execution cancelled); refusal() is then not asked. */
  refusalPerRow?: boolean;
  /** Writes a batch of outcomes (retried by the caller's flush on failure of the whole batch). */
  record(outcomes: BatchOutcome[]): Promise<void>;
}

/** What one activity hands a run: the rows to send (already found eligible) and how each is composed. */
export interface Submission<R extends { id: string }> {
  rows: R[];
  /** The row's message, composed and signed. */
  compose(row: R): Promise<OutgoingMessage>;
}

/** Where the messages of a batch come from and where their outcomes are counted: a run of its own. */
export interface BatchSource<R extends { id: string }> extends RunSource<R>, Submission<R> {}

/** The activity a submission belongs to: its heartbeat and its cancellation (an activity's Context is one). */
export interface Submitter {
  heartbeat(details?: unknown): void;
  readonly cancellationSignal: AbortSignal;
}

export interface BatchResult {
  /** A status other than SENDING seen by a fence (PAUSED, CANCELLED...), or the activity was cancelled. */
  stop?: string;
  /** Rows left unsent after transient failures: the activity is retried later. */
  transientLeft: number;
}

/**
 * Outcomes buffered and written in order, one write at a time, with a bound on how many are
 * unrecorded. Each outcome may name where its write goes (`writes`: its batch's list), so a batch
 * waits for the writes of its own outcomes and sees their failures, and a failed write does not
 * stop later ones (another batch's).
 */
export class OutcomeBuffer {
  private pending: { outcome: BatchOutcome; writes?: Promise<void>[] }[] = [];
  private writing: Promise<void> = Promise.resolve();
  private lastFlush = Date.now();
  private unrecorded = 0;

  constructor(private readonly write: (batch: BatchOutcome[]) => Promise<void>) {}

  add(outcome: BatchOutcome, writes?: Promise<void>[]): void {
    this.unrecorded++;
    this.pending.push({ outcome, writes });
    if (this.pending.length >= FLUSH_ROWS || Date.now() - this.lastFlush >= FLUSH_MS) void this.flush().catch(() => {});
  }

  flush(): Promise<void> {
    const batch = this.pending.splice(0);
    this.lastFlush = Date.now();
    const write = this.writing
      .catch(() => {})
      .then(() => (batch.length ? this.write(batch.map((p) => p.outcome)) : undefined))
      .finally(() => (this.unrecorded -= batch.length));
    write.catch(() => {}); // seen by its owners (and the next flush), never unhandled
    this.writing = write;
    for (const writes of new Set(batch.map((p) => p.writes))) writes?.push(write);
    return write;
  }

  /** Whether FLUSH_ROWS outcomes or more are unrecorded: room() has to be waited for. */
  get full(): boolean {
    return this.unrecorded >= FLUSH_ROWS;
  }

  /**
   * Waits until fewer than FLUSH_ROWS outcomes are unrecorded: for the writes under way when there
   * are any (the rows buffered meanwhile go in the next write, whole), else by writing the buffer.
   * Not a flush per waiting lane: each would write the few rows buffered since the last one.
   */
  async room(): Promise<void> {
    while (this.unrecorded >= FLUSH_ROWS) {
      if (this.unrecorded > this.pending.length) await this.writing.catch(() => {});
      else await this.flush().catch(() => {});
    }
  }
}

/** Most rows one group admission takes care of. */
const FENCE_GROUP_MAX = 32;

/** Each row's hold out of a group's: the group's hold is released when the last fenced row released its own. */
function sharedHolds<R extends { id: string }>(rows: R[], held: GroupAdmission): (BatchFenceHold | null)[] {
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

/** A row's answer from its group's admission: handed over at `startMs` under `hold`, told to wait, refused by the fence, or its batch stopped. */
export type RowAdmission = { hold: BatchFenceHold; startMs: number } | { waitMs: number } | 'refused' | 'stopped';

/**
 * One row's admission and fence out of a group's (RunSource.admitGroup): the callers that are
 * ready in the same turn of the event loop (connections in hand) or while another group's
 * admission runs go together, and take their starts and pass their fence together; the group's
 * hold is released when the last of its rows released its own (its MAIL FROM is written). A claim
 * whose answer arrives too late (pace.ts, isStale: its starts would bunch up with on-time ones at
 * the server) is given back and taken again before the fence, at most MAX_RECLAIMS times per
 * group (core/pacing.ts, admitGroup). A row whose batch has `stopped` (its activity cancelled: a run serves several) is left
 * out; one whose batch stopped while the statement ran has the group rolled back (nothing handed
 * over) and taken again without it.
 */
export function groupedAdmission<R extends { id: string }>(
  admitGroup: (rows: R[], late: (startMs: number) => boolean) => Promise<GroupAdmission>,
  stopped: (row: R) => boolean,
): (row: R) => Promise<RowAdmission> {
  return groupedCalls(FENCE_GROUP_MAX, async (rows: R[]): Promise<RowAdmission[]> => {
    const answers = new Map<R, RowAdmission>();
    let reclaims = 0;
    // Judged on the claim's answer, before the fence (core/pacing.ts, admitGroup).
    const late = (startMs: number) => {
      observeStart(startMs);
      return reclaims < MAX_RECLAIMS && isStale(startMs) && ++reclaims > 0;
    };
    for (let live = rows; ; ) {
      live = live.filter((row) => !stopped(row));
      if (live.length === 0) break;
      const group = await admitGroup(live, late);
      if (group.attempts.size > 0 && live.some((row) => group.attempts.has(row.id) && stopped(row))) {
        await group.rollback();
        continue;
      }
      const holds = sharedHolds(live, group);
      const waiting = new Set(group.waiting);
      live.forEach((row, i) => {
        const hold = holds[i];
        answers.set(row, hold ? { hold, startMs: group.startMs } : waiting.has(row.id) ? { waitMs: group.waitMs } : 'refused');
      });
      break;
    }
    return rows.map((row) => answers.get(row) ?? 'stopped');
  });
}

/** What one hand-off came to: nothing sent (stopped, or the row is not ours), or the SMTP result. */
type HandOff = undefined | { sent: SendResult; sentAt: Date; attempts: number } | { error: unknown; attempts: number };

/** One activity's rows in a run: its counters, its stop (cancelled, or a row failed), the writes of its outcomes. */
class Batch<R extends { id: string }> {
  done = 0;
  transientLeft = 0;
  /** The first error a row of this batch met (the batch stops: its activity fails and is retried). */
  error: { cause: unknown } | undefined;
  readonly writes: Promise<void>[] = [];
  /** Settles once every row has been delivered, left, or dropped. */
  readonly drained: Promise<void>;
  private left: number;
  private settle!: () => void;
  /** Pauses in progress, woken at once when the activity is cancelled (one listener for all of them). */
  private readonly sleepers = new Set<() => void>();

  constructor(
    readonly submitter: Submitter,
    readonly compose: (row: R) => Promise<OutgoingMessage>,
    rows: number,
  ) {
    submitter.cancellationSignal.addEventListener('abort', () => [...this.sleepers].forEach((wake) => wake()), { once: true });
    this.left = rows;
    this.drained = new Promise((resolve) => (this.settle = resolve));
    if (rows === 0) this.settle();
  }

  cancelled = (): boolean => this.submitter.cancellationSignal.aborted;
  stopped = (): boolean => this.cancelled() || this.error !== undefined;

  rowDone(): void {
    if (--this.left === 0) this.settle();
  }

  /** Sleeps `ms`, cut short (resolved, not rejected) once the activity is cancelled: the caller then sees the batch stopped. */
  pause: Pause = (ms) =>
    new Promise<void>((resolve) => {
      if (this.cancelled()) return resolve();
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      this.sleepers.add(wake);
    });
}

/**
 * One delivery run: the stages each row goes through, with one pacer, one fence (or admission)
 * coalescer, one outcome writer and LANES_PER_CONNECTION lanes per SMTP connection for every row
 * it has been given, whichever batch (activity) it came from. A campaign page has a run of its
 * own (deliverBatch); the automation batches of a project delivering at once in a worker feed one
 * (deliverShared), so their rows share round trips as a page's do. Rows are taken in the order
 * they were submitted.
 */
class BatchRun<R extends { id: string }> {
  private readonly pacer;
  /** The source's admission and fence of one row, out of a group's (admitGroup). */
  private readonly admitRow: (row: R) => Promise<RowAdmission>;
  readonly outcomes;
  /** Set once a fence failed (not per row): the stopping status, or undefined (our rows were taken by a newer attempt). */
  refusal: { stop?: string } | undefined;
  private readonly queue: { row: R; batch: Batch<R> }[] = [];
  /** Each queued or delivering row's batch (by the row object: a retried batch may bring the same ids). */
  private readonly batchOf = new WeakMap<R, Batch<R>>();
  private lanes = 0;
  private readonly maxLanes: number;

  constructor(
    private readonly deps: Pick<ActivityDeps, 'mailer' | 'config' | 'orm'>,
    private readonly source: RunSource<R>,
    /** Called when the run has no row left (a shared run is then forgotten). */
    private readonly idle: () => void = () => {},
  ) {
    this.maxLanes = LANES_PER_CONNECTION * deps.config.smtpMaxConnections;
    this.pacer = groupPacer(deps.orm.em.fork(), source.projectId, source.pacing);
    this.outcomes = new OutcomeBuffer((batch) => source.record(batch));
    this.admitRow = groupedAdmission(source.admitGroup.bind(source), (row) => this.stopped(this.batchOf.get(row)));
  }

  private stopped(batch: Batch<R> | undefined): boolean {
    return !batch || batch.stopped() || this.refusal !== undefined;
  }

  /**
   * Adds an activity's rows (and outcomes it already decided: skipped, capped) and waits until each
   * of its rows has an outcome written, was left for a retry, or was dropped because the activity
   * was cancelled (never handed over then). Heartbeats the activity meanwhile.
   */
  async submit(submitter: Submitter, submission: Submission<R>, settled: BatchOutcome[] = []): Promise<BatchResult> {
    const batch = new Batch(submitter, submission.compose.bind(submission), submission.rows.length);
    for (const o of settled) this.outcomes.add(o, batch.writes);
    for (const row of submission.rows) {
      this.batchOf.set(row, batch);
      this.queue.push({ row, batch });
    }
    const timer = setInterval(() => submitter.heartbeat({ done: batch.done }), HEARTBEAT_MS);
    try {
      this.spawnLanes();
      await batch.drained;
    } finally {
      clearInterval(timer);
    }
    void this.outcomes.flush().catch(() => {});
    await Promise.all(batch.writes);
    if (batch.error) throw batch.error.cause;
    // A refusal without a status (our rows were taken: a newer attempt runs) stops this attempt
    // quietly; Temporal ignores its result.
    return { stop: this.refusal?.stop ?? (batch.cancelled() ? 'CANCELLED' : undefined), transientLeft: batch.transientLeft };
  }

  /** Lanes for the queued rows, maxLanes at most: each takes the next row as soon as it is done with one. */
  private spawnLanes(): void {
    while (this.lanes < this.maxLanes && this.queue.length > 0) {
      this.lanes++;
      void this.lane();
    }
  }

  private async lane(): Promise<void> {
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        const { row, batch } = next;
        try {
          if (!this.stopped(batch)) await this.deliverRow(row, batch);
        } catch (cause) {
          batch.error ??= { cause };
        }
        batch.done++;
        this.batchOf.delete(row);
        batch.rowDone();
      }
    } finally {
      if (--this.lanes === 0 && this.queue.length === 0) this.idle();
    }
  }

  /** With the connection in hand: the row's start and fence (admitGroup), waiting while the window is full. */
  private async admitted(row: R, batch: Batch<R>): Promise<Exclude<RowAdmission, { waitMs: number }>> {
    for (;;) {
      if (this.stopped(batch)) return 'stopped';
      const a = await this.admitRow(row);
      if (typeof a === 'string' || !('waitMs' in a)) return a;
      await batch.pause(a.waitMs);
    }
  }

  /** A fence said no: the run stops with the source's reason, unless refusals are per row. */
  private async refused(): Promise<void> {
    if (!this.source.refusalPerRow) this.refusal ??= { stop: await this.source.refusal() };
  }

  /** Paces and hands one message over, fenced; undefined when nothing was sent. */
  private async handOff(row: R, batch: Batch<R>, msg: OutgoingMessage): Promise<HandOff> {
    if (this.outcomes.full) await this.outcomes.room();
    await this.pacer.reserve(batch.pause);
    if (this.stopped(batch)) return undefined;
    let startMs: number | undefined;
    let attempts = 0;
    // The window's start taken with the fence, right before MAIL FROM.
    const fence: Fence = async () => {
      const a = await this.admitted(row, batch);
      if (a === 'refused') await this.refused();
      if (typeof a === 'string') return null;
      startMs = a.startMs;
      attempts = a.hold.attempts;
      return a.hold;
    };
    try {
      return { sent: await this.deps.mailer.send(msg, { fence }), sentAt: new Date(startMs!), attempts };
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
  private async deliverRow(row: R, batch: Batch<R>): Promise<void> {
    const msg = await batch.compose(row);
    for (let retry = 0; ; retry++) {
      const h = await this.handOff(row, batch, msg);
      if (!h) return;
      const verdict = this.judge(row, h, retry);
      if (verdict === 'later') {
        batch.transientLeft++; // left unsent: the activity fails and is retried with backoff
        return;
      }
      if (verdict !== 'retry') return this.outcomes.add(verdict, batch.writes);
      await batch.pause(TRANSIENT_RETRIES[retry]);
    }
  }
}

/**
 * Delivers the source's rows (LANES_PER_CONNECTION per SMTP connection at a time) in a run of
 * their own, records their outcomes, and answers whether the batch was stopped and how many rows
 * are left for a retry. `settled`: outcomes the source already decided (skipped, capped), written
 * with the others.
 */
export function deliverBatch<R extends { id: string }>(
  deps: Pick<ActivityDeps, 'mailer' | 'config' | 'orm'>,
  source: BatchSource<R>,
  settled: BatchOutcome[] = [],
): Promise<BatchResult> {
  return new BatchRun(deps, source).submit(Context.current(), source, settled);
}

/** The shared runs of each mailer (a worker process's SMTP pool), by key. */
const sharedRuns = new WeakMap<object, Map<string, BatchRun<never>>>();

/**
 * Delivers `submission` through the run this worker keeps under `key` (a project and its pacing),
 * which every activity delivering at once with the same key feeds: one pacer, one admission and
 * fence coalescer, one outcome writer, one set of lanes over the worker's SMTP connections, so
 * small batches share round trips as a campaign page's rows do. `source` makes the run when there
 * is none; the run is forgotten once it has no row left. Each activity waits for its own rows'
 * outcomes, heartbeats itself (`submitter`) and, cancelled, has its rows not yet handed over
 * dropped: the other activities' rows go on.
 */
export function deliverShared<R extends { id: string }>(
  deps: Pick<ActivityDeps, 'mailer' | 'config' | 'orm'>,
  key: string,
  source: () => RunSource<R>,
  submitter: Submitter,
  submission: Submission<R>,
): Promise<BatchResult> {
  let runs = sharedRuns.get(deps.mailer);
  if (!runs) sharedRuns.set(deps.mailer, (runs = new Map()));
  let run = runs.get(key) as BatchRun<R> | undefined;
  if (!run) {
    const created: BatchRun<R> = new BatchRun(deps, source(), () => {
      if (runs.get(key) === (created as unknown)) runs.delete(key);
    });
    runs.set(key, created as unknown as BatchRun<never>);
    run = created;
  }
  return run.submit(submitter, submission);
}
