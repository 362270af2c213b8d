import type { MiddlewareHandler } from 'hono';
import type { KeyKind } from '../../db/entities/index.js';
import { DomainError } from '../../core/errors.js';
import { assertKeyKind, resolveKey } from '../../core/projects/keys.js';
import type { AppEnv } from '../types.js';

/** Route middleware: Bearer key of an allowed kind -> project, then the per-project rate limit. */
export function requireKey(...allowed: KeyKind[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      throw new DomainError('UNAUTHORIZED', 'Missing API key', { suggestion: 'Send the header Authorization: Bearer <API_KEY>.' });
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new DomainError('UNAUTHORIZED', 'Malformed Authorization header', { suggestion: 'Use the form Authorization: Bearer <API_KEY>.' });
    }
    const raw = match[1];
    // c.get, not c.var: each read of c.var copies every variable of the request into a new object.
    const auth = c.get('auth');
    const resolved = await auth.lookup(raw, () => resolveKey(c.get('em'), raw));
    if (!resolved) {
      throw new DomainError('UNAUTHORIZED', 'Invalid API key', { suggestion: 'Check the key; keys start with sk_ (secret) or pk_ (public).' });
    }
    assertKeyKind(resolved, allowed);
    const headers = auth.charge(resolved.project.id, resolved.key.kind === 'public' ? 'public' : 'secret');
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    c.set('project', resolved.project);
    c.set('apiKey', resolved.key);
    await next();
  };
}

export const secretKey = requireKey('secret');
export const anyKey = requireKey('secret', 'public');
