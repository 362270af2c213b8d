import type { MiddlewareHandler } from 'hono';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { KeyKind } from '../../db/entities/index.js';
import { DomainError } from '../../core/errors.js';
import { assertKeyKind, resolveKey, type ResolvedKey } from '../../core/projects/keys.js';
import type { AppEnv } from '../types.js';
import type { AuthState } from './auth-state.js';

/**
 * The Authorization header's Bearer key of an allowed kind -> its key and project, charged against
 * the project's rate limit: the rate-limit headers to send. Throws UNAUTHORIZED, FORBIDDEN,
 * PROJECT_DISABLED or RATE_LIMITED. Shared by the middleware and the /v1/track fast path.
 */
export async function authenticate(
  auth: AuthState,
  header: string | undefined,
  /** For a key the cache does not hold. */
  em: () => EntityManager,
  allowed: readonly KeyKind[],
): Promise<{ resolved: ResolvedKey; rateHeaders: Record<string, string> }> {
  if (!header) {
    throw new DomainError('UNAUTHORIZED', 'Missing API key', { suggestion: 'Send the header Authorization: Bearer <API_KEY>.' });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new DomainError('UNAUTHORIZED', 'Malformed Authorization header', { suggestion: 'Use the form Authorization: Bearer <API_KEY>.' });
  }
  const raw = match[1];
  const resolved = await auth.lookup(raw, () => resolveKey(em(), raw));
  if (!resolved) {
    throw new DomainError('UNAUTHORIZED', 'Invalid API key', { suggestion: 'Check the key; keys start with sk_ (secret) or pk_ (public).' });
  }
  // Charged before the key's kind and the project's state are checked: a 403 counts too (README,
  // Rate budgets), so a leaked public key cannot probe the secret routes for free.
  const rateHeaders = auth.charge(resolved.project.id, resolved.key.kind === 'public' ? 'public' : 'secret');
  try {
    assertKeyKind(resolved, allowed);
  } catch (err) {
    throw err instanceof DomainError ? new DomainError(err.code, err.message, { suggestion: err.suggestion, headers: { ...rateHeaders, ...err.headers } }) : err;
  }
  return { resolved, rateHeaders };
}

/** Route middleware: Bearer key of an allowed kind -> project, then the per-project rate limit. */
export function requireKey(...allowed: KeyKind[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // c.get, not c.var: each read of c.var copies every variable of the request into a new object.
    const { resolved, rateHeaders } = await authenticate(c.get('auth'), c.req.header('authorization'), () => c.get('em'), allowed);
    for (const [k, v] of Object.entries(rateHeaders)) c.header(k, v);
    c.set('project', resolved.project);
    c.set('apiKey', resolved.key);
    await next();
  };
}

export const secretKey = requireKey('secret');
/** The kinds POST /v1/track takes. */
export const ANY_KEY_KINDS: readonly KeyKind[] = ['secret', 'public'];
export const anyKey = requireKey(...ANY_KEY_KINDS);
