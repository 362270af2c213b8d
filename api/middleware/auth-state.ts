import type { ResolvedKey } from '../../core/projects/keys.js';
import { DomainError } from '../../core/errors.js';
import { RateLimiter, type RateWindowSync } from './rate-limit.js';

/** A project's separate request budgets: one never uses up another. */
export type RateBudget = 'secret' | 'public' | 'webhook';
export type RateBudgets = Record<RateBudget, number>;

/**
 * Per-app auth state: a short key cache and the per-project rate limiter (shared through
 * PostgreSQL). Lookups are cached for AUTH_CACHE_TTL_MS (default 1 s) so the hot `/v1/track` path
 * does not pay a key query per request; a revoked key or disabled project takes effect within that time.
 */
export class AuthState {
  private cache = new Map<string, { value: ResolvedKey | null; expires: number }>();
  private loading = new Map<string, Promise<ResolvedKey | null>>();
  readonly limiter: RateLimiter;

  constructor(private readonly ttlMs: number, readonly budgets: RateBudgets, sync?: RateWindowSync) {
    this.limiter = new RateLimiter({ sync });
  }

  /**
   * Counts one request of an authenticated caller against its project's budget (whatever its
   * answer: a 4xx costs the service as much as a 2xx, and uncounted errors would make probing free);
   * a refused request (429) does not count. Throws RATE_LIMITED; returns the headers to send.
   */
  charge(projectId: string, budget: RateBudget): Record<string, string> {
    const limit = this.budgets[budget];
    const r = this.limiter.hit(`${projectId}:${budget}`, limit);
    if (!r.allowed) {
      throw new DomainError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded (${budget} budget)`, {
        headers: r.headers,
        suggestion: `Retry after ${r.headers['Retry-After']} s.`,
      });
    }
    return r.headers;
  }

  /**
   * The key's resolution, from the cache while fresh. Concurrent misses of one key share one load:
   * when the entry expires under load, every connection in flight would otherwise query the key at
   * once (32 connections: two queries for each of 32 requests every second).
   */
  lookup(raw: string, load: () => Promise<ResolvedKey | null>): Promise<ResolvedKey | null> | ResolvedKey | null {
    const now = Date.now();
    const hit = this.cache.get(raw);
    if (hit && hit.expires > now) return hit.value;
    const pending = this.loading.get(raw);
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        this.loading.delete(raw);
        if (this.ttlMs > 0) {
          if (this.cache.size > 10_000) this.cache.clear();
          this.cache.set(raw, { value, expires: now + this.ttlMs });
        }
        return value;
      },
      (e: unknown) => {
        this.loading.delete(raw);
        throw e;
      },
    );
    this.loading.set(raw, loaded);
    return loaded;
  }
}
