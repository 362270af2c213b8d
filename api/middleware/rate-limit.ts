/**
 * Fixed one-minute window per project, in process memory. With several API processes each holds
 * its own window, so the effective limit is N x RATE_LIMIT_PER_MINUTE: put a shared limiter at the
 * load balancer when scaling out (see README).
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number, private readonly now: () => number = Date.now) {}

  /** Returns the headers to send and whether the request is allowed. */
  hit(key: string): { allowed: boolean; headers: Record<string, string> } {
    const now = this.now();
    const windowStart = now - (now % 60_000);
    let w = this.windows.get(key);
    if (!w || w.start !== windowStart) {
      w = { start: windowStart, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.prune(windowStart);
    }
    w.count += 1;
    const reset = Math.ceil((windowStart + 60_000 - now) / 1000);
    const remaining = Math.max(0, this.perMinute - w.count);
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(this.perMinute),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(reset),
    };
    if (w.count > this.perMinute) return { allowed: false, headers: { ...headers, 'Retry-After': String(reset) } };
    return { allowed: true, headers };
  }

  private prune(current: number) {
    for (const [k, w] of this.windows) if (w.start !== current) this.windows.delete(k);
  }
}
