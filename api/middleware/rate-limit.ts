/** One key's hits in one bucket (a `bucketMs` slice of time), as sent to (and totalled by) the shared store. */
export interface RateBucketHits {
  /** `<projectId>:<budget>` */
  key: string;
  /** Epoch ms of the bucket's start. */
  bucketStart: number;
  count: number;
}

/**
 * Adds the hits to the shared counts and returns, for every key in `hits`, each bucket that starts
 * after `since` with its total over all API processes.
 */
export type RateWindowSync = (hits: RateBucketHits[], since: number) => Promise<{ key: string; bucketStart: number; total: number }[]>;

interface Bucket {
  /** The shared total at the last sync; hits of the sync under way; hits since. */
  synced: number;
  inflight: number;
  pending: number;
}
interface KeyState {
  buckets: Map<number, Bucket>;
  lastHit: number;
}

const used = (b: Bucket) => b.synced + b.inflight + b.pending;

/**
 * At most `limit` requests per key in any sliding `windowMs` (60 s), held across every API process.
 *
 * Time is cut into `bucketMs` (5 s) buckets and a request counts until its whole bucket has left
 * the window: 60 to 65 s. So, unlike a clock-minute window (which lets twice the limit through
 * around a minute boundary), no 60 s span ever admits more than the limit; the cost is that a
 * request may count up to 5 s longer than a minute.
 *
 * The request path never waits for the database: a process admits a request while its estimate
 * (the shared totals at its last sync + its own hits since) is under the limit. Every `syncEveryMs`
 * while a key has traffic in this process, one batched statement adds its new hits to the shared
 * table and reads back the buckets of all processes. N processes together admit the limit,
 * overshooting by at most what they admit within one sync interval. Without `sync` (unit tests)
 * the limit is per process.
 */
export class RateLimiter {
  private keys = new Map<string, KeyState>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  readonly windowMs: number;
  readonly bucketMs: number;

  constructor(private readonly opts: { sync?: RateWindowSync; syncEveryMs?: number; now?: () => number; windowMs?: number; bucketMs?: number } = {}) {
    this.windowMs = opts.windowMs ?? 60_000;
    this.bucketMs = opts.bucketMs ?? 5_000;
  }

  private now = () => (this.opts.now ?? Date.now)();
  /** Buckets starting after this still count. */
  private cutoff = (now: number) => now - this.windowMs - this.bucketMs;

  private state(key: string, now: number): KeyState {
    let s = this.keys.get(key);
    if (!s) {
      if (this.keys.size > 10_000) this.prune(now);
      s = { buckets: new Map(), lastHit: 0 };
      this.keys.set(key, s);
    }
    const cutoff = this.cutoff(now);
    for (const start of s.buckets.keys()) if (start <= cutoff) s.buckets.delete(start);
    return s;
  }

  /** Seconds until enough of the oldest buckets leave the window for `total` to be under `limit`. */
  private secondsUntilBelow(s: KeyState, total: number, limit: number, now: number): number {
    let left = total;
    for (const [start, b] of [...s.buckets].sort((x, y) => x[0] - y[0])) {
      left -= used(b);
      if (left < limit) return Math.max(1, Math.ceil((start + this.bucketMs + this.windowMs - now) / 1000));
    }
    return 1;
  }

  /** Counts one request against `limit` for `key` (when admitted); returns the headers to send. */
  hit(key: string, limit: number): { allowed: boolean; headers: Record<string, string> } {
    const now = this.now();
    const s = this.state(key, now);
    let total = 0;
    for (const b of s.buckets.values()) total += used(b);
    const allowed = total < limit;
    const reset = total === 0 ? Math.ceil(this.windowMs / 1000) : this.secondsUntilBelow(s, total, allowed ? total : limit, now);
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - total - (allowed ? 1 : 0))),
      'RateLimit-Reset': String(reset),
    };
    if (!allowed) return { allowed, headers: { ...headers, 'Retry-After': String(reset) } };
    const start = now - (now % this.bucketMs);
    const b = s.buckets.get(start) ?? { synced: 0, inflight: 0, pending: 0 };
    b.pending += 1;
    s.buckets.set(start, b);
    s.lastHit = now;
    this.scheduleSync();
    return { allowed, headers };
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
    const now = this.now();
    const current = now - (now % this.bucketMs);
    const batch: RateBucketHits[] = [];
    for (const [key, s] of this.keys) {
      // A key with no traffic here for a window decides nothing: stop reading it.
      if (s.lastHit <= now - this.windowMs) {
        this.keys.delete(key);
        continue;
      }
      let sent = false;
      for (const [start, b] of s.buckets) {
        if (b.pending === 0) continue;
        batch.push({ key, bucketStart: start, count: b.pending });
        b.inflight += b.pending;
        b.pending = 0;
        sent = true;
      }
      // No new hits: still read the other processes' buckets back.
      if (!sent) batch.push({ key, bucketStart: current, count: 0 });
    }
    if (batch.length === 0) return;
    let totals: Awaited<ReturnType<RateWindowSync>> = [];
    let ok = true;
    try {
      totals = await this.opts.sync(batch, this.cutoff(now));
    } catch {
      ok = false; // store unreachable: the hits go back to pending; meanwhile the limit holds per process
    }
    for (const h of batch) {
      const b = this.keys.get(h.key)?.buckets.get(h.bucketStart);
      if (!b || h.count === 0) continue;
      b.inflight -= h.count;
      if (!ok) b.pending += h.count;
    }
    for (const t of totals) {
      const s = this.keys.get(t.key);
      if (!s || t.bucketStart <= this.cutoff(this.now())) continue;
      const b = s.buckets.get(t.bucketStart) ?? { synced: 0, inflight: 0, pending: 0 };
      b.synced = Math.max(b.synced, t.total);
      s.buckets.set(t.bucketStart, b);
    }
    // Keep reading the totals while a key has traffic here.
    if (this.keys.size > 0) this.scheduleSync();
  }

  private prune(now: number) {
    for (const [k, s] of this.keys) if (s.lastHit <= now - this.windowMs) this.keys.delete(k);
  }
}
