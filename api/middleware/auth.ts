import type { MiddlewareHandler } from 'hono';
import type { KeyKind } from '../../db/entities.js';
import { ApiError } from '../errors.js';
import { assertKeyKind, resolveKey, type ResolvedKey } from '../services/keys.js';
import type { AppEnv } from '../types.js';
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

/** Route middleware: Bearer key of an allowed kind -> project, then the per-project rate limit. */
export function requireKey(...allowed: KeyKind[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      throw new ApiError('UNAUTHORIZED', 'Missing API key', { suggestion: 'Send the header Authorization: Bearer <API_KEY>.' });
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new ApiError('UNAUTHORIZED', 'Malformed Authorization header', { suggestion: 'Use the form Authorization: Bearer <API_KEY>.' });
    }
    const raw = match[1];
    const auth = c.var.auth;
    const resolved = await auth.lookup(raw, () => resolveKey(c.var.em, raw));
    if (!resolved) {
      throw new ApiError('UNAUTHORIZED', 'Invalid API key', { suggestion: 'Check the key; keys start with sk_ (secret) or pk_ (public).' });
    }
    assertKeyKind(resolved, allowed);
    const limit = auth.limiter.hit(resolved.project.id);
    if (!limit.allowed) {
      throw new ApiError('RATE_LIMITED', `Rate limit of ${auth.perMinute} requests per minute exceeded`, {
        headers: limit.headers,
        suggestion: `Retry after ${limit.headers['Retry-After']} s.`,
      });
    }
    for (const [k, v] of Object.entries(limit.headers)) c.header(k, v);
    c.set('project', resolved.project);
    c.set('apiKey', resolved.key);
    await next();
  };
}

export const secretKey = requireKey('secret');
export const anyKey = requireKey('secret', 'public');
