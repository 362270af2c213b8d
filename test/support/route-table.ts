import { randomUUID } from 'node:crypto';

/**
 * Every endpoint the contract (the API specification) lists, in OpenAPI path form. Tests compare
 * it with what the app serves and documents: every one must be both.
 */
export const CONTRACT_ENDPOINTS: readonly { method: string; path: string }[] = [
  ['POST', '/v1/send'],
  ['POST', '/v1/track'],
  ['POST', '/v1/verify'],
  ['GET', '/contacts'],
  ['POST', '/contacts'],
  ['GET', '/contacts/{id}'],
  ['PATCH', '/contacts/{id}'],
  ['DELETE', '/contacts/{id}'],
  ['GET', '/templates'],
  ['POST', '/templates'],
  ['GET', '/templates/{id}'],
  ['PATCH', '/templates/{id}'],
  ['DELETE', '/templates/{id}'],
  ['GET', '/campaigns'],
  ['POST', '/campaigns'],
  ['GET', '/campaigns/{id}'],
  ['PATCH', '/campaigns/{id}'],
  ['POST', '/campaigns/{id}/send'],
  ['POST', '/campaigns/{id}/cancel'],
  ['POST', '/campaigns/{id}/test'],
  ['GET', '/campaigns/{id}/stats'],
  ['GET', '/segments'],
  ['POST', '/segments'],
  ['GET', '/segments/{id}'],
  ['PATCH', '/segments/{id}'],
  ['DELETE', '/segments/{id}'],
  ['GET', '/segments/{id}/contacts'],
  ['POST', '/segments/{id}/members'],
  ['DELETE', '/segments/{id}/members'],
  ['GET', '/workflows'],
  ['POST', '/workflows'],
  ['GET', '/workflows/{id}'],
  ['PATCH', '/workflows/{id}'],
  ['DELETE', '/workflows/{id}'],
  ['GET', '/workflows/{id}/executions'],
  ['GET', '/events'],
  ['GET', '/events/names'],
  ['GET', '/domains'],
  ['POST', '/domains'],
  ['DELETE', '/domains/{id}'],
].map(([method, path]) => ({ method, path }));

/**
 * Paths served without an API key: liveness, and the links inside sent mail (open pixel, click
 * redirect, unsubscribe), which a mail client follows with no key. Anything else must be secured.
 */
export const PUBLIC_PATH = /^\/(health|openapi\.json|docs|t\/|u\/|unsubscribe)/;

export interface Operation {
  method: string;
  path: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of an OpenAPI document, method upper-cased, in document order. */
export function operationsOf(doc: { paths?: Record<string, Record<string, any>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m];
      if (op) out.push({ method: m.toUpperCase(), path, operationId: op.operationId, tags: op.tags, security: op.security, responses: op.responses ?? {} });
    }
  }
  return out;
}

/** Schemes an operation accepts (empty = public). */
export const schemesOf = (op: Operation) => new Set((op.security ?? []).flatMap((s) => Object.keys(s)));

/**
 * Operations behind an API key (`secretKey`/`publicKey`). Other schemes (e.g. a provider's
 * webhook secret) have their own rules and tests.
 */
export const usesApiKey = (op: Operation) => schemesOf(op).has('secretKey') || schemesOf(op).has('publicKey');

/** A concrete URL for a templated path: every `{param}` becomes a fresh random UUID. */
export const fillPath = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

export const label = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
