/** One project's hits in one wall-clock minute, as sent to (and totalled by) the shared store. */
export interface RateWindowHits {
  key: string;
  /** Epoch ms of the minute's start. */
  windowStart: number;
  count: number;
}

/** Adds the hits to the shared counts and returns each window's total over all API processes. */
export type RateWindowSync = (hits: RateWindowHits[]) => Promise<{ key: string; windowStart: number; total: number }[]>;

const WINDOW_MS = 60_000;

/**
 * RATE_LIMIT_PER_MINUTE per project, in fixed wall-clock minutes, held across every API process.
 *
 * The request path never waits for the database: a process admits a request while its estimate
 * (the shared total at its last sync + its own hits since) is under the limit. Every `syncEveryMs`
 * while a minute has traffic in this process, one batched statement adds its new hits to the shared
 * table and reads back the totals of all processes. So N processes together admit the limit,
 * overshooting by at most what they admit within one sync interval, instead of N times the limit.
 * Without `sync` (unit tests) the limit is per process.
 */
export class RateLimiter {
  /** synced: the shared total at the last sync; inflight: hits in the sync under way; pending: hits since. */
  private windows = new Map<string, { start: number; synced: number; inflight: number; pending: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly perMinute: number,
    private readonly opts: { sync?: RateWindowSync; syncEveryMs?: number; now?: () => number } = {},
  ) {}

  /** Now, and the start of its wall-clock minute (epoch ms). */
  private minute(): { now: number; start: number } {
    const now = (this.opts.now ?? Date.now)();
    return { now, start: now - (now % WINDOW_MS) };
  }

  /** Returns the headers to send and whether the request is allowed. */
  hit(key: string): { allowed: boolean; headers: Record<string, string> } {
    const { now, start } = this.minute();
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      w = { start, synced: 0, inflight: 0, pending: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.prune(start);
    }
    const used = w.synced + w.inflight + w.pending;
    const reset = Math.ceil((start + WINDOW_MS - now) / 1000);
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(this.perMinute),
      'RateLimit-Remaining': String(Math.max(0, this.perMinute - used - 1)),
      'RateLimit-Reset': String(reset),
    };
    if (used >= this.perMinute) return { allowed: false, headers: { ...headers, 'RateLimit-Remaining': '0', 'Retry-After': String(reset) } };
    w.pending += 1;
    this.scheduleSync();
    return { allowed: true, headers };
  }

  /** Sends the pending hits now (tests; shutdown). */
  async syncNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    this.flushing = this.flush().finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  private scheduleSync() {
    if (!this.opts.sync || this.timer) return;
    this.timer = setTimeout(() => void this.syncNow(), this.opts.syncEveryMs ?? 200);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    if (!this.opts.sync) return;
    const current = this.minute().start;
    // This minute's windows even without new hits (to read the other processes' hits back), and
    // any older window that still has hits to add.
    const batch: RateWindowHits[] = [];
    for (const [key, w] of this.windows) {
      // A past minute no longer decides anything: its unsent hits are dropped, not retried forever.
      if (w.start < current) {
        this.windows.delete(key);
        if (w.pending === 0 || w.start < current - WINDOW_MS) continue;
      }
      if (w.pending > 0 || w.start === current) {
        batch.push({ key, windowStart: w.start, count: w.pending });
        w.inflight = w.pending;
        w.pending = 0;
      }
    }
    if (batch.length === 0) return;
    let totals: Awaited<ReturnType<RateWindowSync>> = [];
    try {
      totals = await this.opts.sync(batch);
    } catch {
      // Store unreachable: keep the hits for the next sync; meanwhile the limit holds per process.
      for (const b of batch) {
        const w = this.windows.get(b.key);
        if (w && w.start === b.windowStart) w.pending += b.count;
      }
    }
    for (const b of batch) {
      const w = this.windows.get(b.key);
      if (w && w.start === b.windowStart) w.inflight = 0;
    }
    for (const t of totals) {
      const w = this.windows.get(t.key);
      if (w && w.start === t.windowStart) w.synced = Math.max(w.synced, t.total);
    }
    // Keep reading the totals while this minute has traffic here; stop once it is over.
    this.scheduleSync();
  }

  private prune(current: number) {
    for (const [k, w] of this.windows) if (w.start !== current) this.windows.delete(k);
  }
}
