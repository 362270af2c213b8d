import type { ResolvedKey } from '../../core/projects/keys.js';
import { RateLimiter, type RateWindowSync } from './rate-limit.js';

/**
 * Per-app auth state: a short key cache and the per-project rate limiter (shared through
 * PostgreSQL). Lookups are cached for AUTH_CACHE_TTL_MS (default 1 s) so the hot `/v1/track` path
 * does not pay a key query per request; a revoked key or disabled project takes effect within that time.
 */
export class AuthState {
  private cache = new Map<string, { value: ResolvedKey | null; expires: number }>();
  readonly limiter: RateLimiter;

  constructor(private readonly ttlMs: number, readonly perMinute: number, sync?: RateWindowSync) {
    this.limiter = new RateLimiter(perMinute, { sync });
  }

  async lookup(raw: string, load: () => Promise<ResolvedKey | null>): Promise<ResolvedKey | null> {
    const now = Date.now();
    const hit = this.cache.get(raw);
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    if (this.ttlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(raw, { value, expires: now + this.ttlMs });
    }
    return value;
  }
}
