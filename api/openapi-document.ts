import { describe, STATUS_TEXT } from './envelope.js';
import { ALT_SHAPE_PATHS } from './error-handler.js';
import { NON_JSON_PREFIXES } from './middleware/content-type.js';
import type { App } from './types.js';

export const OPENAPI_INFO: Parameters<App['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Mailhub Email Service API',
    version: '1.0.0',
    description:
      'Transactional sending, event tracking, address verification, contacts, templates, campaigns, segments, automation workflows and sender domains. ' +
      'Authenticate with `Authorization: Bearer <key>`: secret keys (`sk_`) work everywhere, public keys (`pk_`) only on `POST /v1/track`.',
  },
  // Relative: the reference page at /docs and its "try it" calls go to the server that serves the document.
  servers: [{ url: '/', description: 'This server' }],
};

/** What each resource is, for the reference page and the SDK's documentation (tags appear in this order). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Public: 'Send transactional email, track events and verify addresses. `POST /v1/track` also takes a public key, so it can be called from browsers and apps.',
  Contacts: 'The people you email: created by sends, tracked events or directly, with their subscription state and custom data.',
  Templates: 'Reusable subjects and bodies with `{{variable}}` placeholders, for transactional or marketing email.',
  Campaigns: 'Marketing email to all contacts, a segment or a filtered audience: drafts, scheduling, sending, cancelling and statistics.',
  Segments: 'Groups of contacts: dynamic (a condition over contact data and events) or static (an explicit list).',
  Workflows: 'Automations started by events: steps that wait, branch on conditions and send email, with their executions.',
  Emails: 'Each sent message, with its delivery state.',
  Events: 'Everything that happened to contacts: tracked events and the ones the service records (email.sent, email.opened ...).',
  Domains: 'Sender domains: the DNS records to publish (SPF, DKIM, DMARC) and their verification.',
  Suppressions: 'Addresses that never receive email again: hard bounces, complaints, unsubscribe links of deleted contacts and manual entries.',
  Webhooks: 'Reports from mail providers and bounce-processing servers (bounces, complaints, delivery status notifications).',
  Project: "The project the key belongs to, and its settings.",
  Tracking: 'Links inside sent email (open pixel, click redirect, unsubscribe): followed by mail clients, without a key.',
  System: 'Service health.',
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; example?: unknown; schema?: { example?: unknown } };
type Operation = { tags?: string[]; security?: unknown[]; parameters?: Parameter[]; requestBody?: unknown; responses: Record<string, unknown> };
type MediaType = { schema?: { $ref?: string }; example?: unknown };
type Document = ReturnType<App['getOpenAPI31Document']>;

/**
 * Errors any route can answer because of the app-wide middleware and handler, added where a route
 * does not list them: 500 (unexpected failure), 413 (body over the limit) and 400 (a body that is
 * not JSON) on writes, 422 (parameter or body validation) wherever there is input.
 */
function addAppWideErrors(path: string, method: string, op: Operation) {
  const statuses = [500];
  const writes = method === 'post' || method === 'put' || method === 'patch';
  if (writes) statuses.push(413);
  if (writes && !NON_JSON_PREFIXES.some((p) => path.startsWith(p))) statuses.push(400);
  if ((op.parameters?.length ?? 0) > 0 || op.requestBody) statuses.push(422);
  const schema = { $ref: `#/components/schemas/${ALT_SHAPE_PATHS.has(path) ? 'AltError' : 'ErrorEnvelope'}` };
  for (const s of statuses) op.responses[s] ??= { description: describe(s), content: { 'application/json': { schema } } };
  // Keep statuses in numeric order, as the routes list them.
  op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => Number(a) - Number(b)));
}

type Schema = Record<string, any>;

/** Every component schema reachable from `roots` through `$ref`s. */
function componentsReachable(doc: Document, roots: unknown[]): Set<string> {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as Schema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!seen.has(name)) {
        seen.add(name);
        visit(schemas[name]);
      }
      return;
    }
    Object.values(node).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/** The error code each status's example shows (the most common one of that status) and its message. */
const ERROR_EXAMPLES: Record<number, { code: string; message: string }> = {
  400: { code: 'MALFORMED_JSON', message: 'Malformed JSON in request body' },
  401: { code: 'UNAUTHORIZED', message: 'Invalid API key' },
  403: { code: 'FORBIDDEN', message: 'Public keys (pk_...) can only be used on POST /v1/track' },
  404: { code: 'NOT_FOUND', message: 'Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found' },
  409: { code: 'CONFLICT', message: 'The resource is in a state that does not allow this' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
  422: { code: 'VALIDATION_ERROR', message: 'Request validation failed' },
  429: { code: 'RATE_LIMITED', message: 'Rate limit of 1000 requests per minute exceeded (secret budget)' },
  500: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' },
  503: { code: 'SERVICE_UNAVAILABLE', message: 'Temporal is not reachable' },
};

/**
 * One example per error response, with that status's real code and statusCode (the schema alone
 * makes the reference page show `VALIDATION_ERROR` and `statusCode: 0` for every status).
 */
function addErrorExamples(op: Operation) {
  for (const [status, response] of Object.entries(op.responses)) {
    const media = (response as { content?: Record<string, MediaType> }).content?.['application/json'];
    const sample = ERROR_EXAMPLES[Number(status)];
    if (!media || !sample || media.example !== undefined) continue;
    const ref = media.schema?.$ref ?? '';
    if (ref.endsWith('/AltError')) {
      media.example = { code: Number(status), error: STATUS_TEXT[Number(status)], message: sample.message, time: 1795435200000 };
    } else if (ref.endsWith('/ErrorEnvelope')) {
      const errors = sample.code === 'VALIDATION_ERROR' ? [{ field: 'email', message: 'Invalid email address', code: 'invalid_string' }] : undefined;
      media.example = {
        success: false,
        error: { code: sample.code, message: sample.message, statusCode: Number(status), requestId: 'req_Jt3kq0x1c2V9Zb7A', ...(errors ? { errors } : {}) },
        timestamp: '2026-11-23T10:00:00.000Z',
      };
    }
  }
}

/**
 * The reference page's "Try it out" fills every parameter that has an example: an optional filter
 * of a list (a made-up id, a date range) then narrows the first try to nothing, or fails. Their
 * examples move into the description; `limit` keeps its harmless one.
 */
function withoutPrefilledFilters(op: Operation) {
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query' || p.required || p.name === 'limit') continue;
    const example = p.example ?? p.schema?.example;
    if (example === undefined) continue;
    delete p.example;
    if (p.schema) delete p.schema.example;
    p.description = `${p.description ?? ''}${p.description ? ' ' : ''}(e.g. \`${String(example)}\`)`;
  }
}

/**
 * Response bodies say every field they have: each object schema with `properties` that responses
 * use gets `additionalProperties: false` (unless it says otherwise, like a contact's free-form
 * `data`), so a field a handler adds without documenting it fails the response check. An `allOf`
 * of objects (zod's `.extend()` of a named schema) is merged into one object first, since a closed
 * part would refuse the other parts' fields. Left open: components that request bodies or
 * parameters use too (a condition, a workflow step), as requests take them with unknown fields
 * ignored, which a closed schema would misstate.
 */
function closeResponseObjects(doc: Document) {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const operations = Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item as Record<string, Operation>).filter((op) => typeof op === 'object' && op !== null && 'responses' in op));
  const requestSide = componentsReachable(doc, operations.flatMap((op) => [op.requestBody, op.parameters]));
  const resolve = (s: Schema): Schema | undefined =>
    typeof s.$ref === 'string' ? (requestSide.has(s.$ref.split('/').pop()!) ? undefined : schemas[s.$ref.split('/').pop()!]) : s;
  const done = new Set<Schema>();
  const close = (s: unknown): void => {
    if (!s || typeof s !== 'object' || done.has(s as Schema)) return;
    const node = s as Schema;
    done.add(node);
    if (typeof node.$ref === 'string') {
      const target = resolve(node);
      if (target) close(target);
      return;
    }
    const parts = Array.isArray(node.allOf) ? (node.allOf as Schema[]).map(resolve) : [];
    if (parts.length > 0 && parts.every((p) => p?.properties && (p.additionalProperties === undefined || p.additionalProperties === false))) {
      delete node.allOf;
      node.type = 'object';
      node.properties = Object.assign({}, ...parts.map((p) => p!.properties));
      const required = [...new Set(parts.flatMap((p) => (p!.required ?? []) as string[]))];
      if (required.length > 0) node.required = required;
    }
    if (node.properties && node.additionalProperties === undefined) node.additionalProperties = false;
    for (const key of ['properties', 'patternProperties', '$defs']) if (node[key]) Object.values(node[key]).forEach(close);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) if (Array.isArray(node[key])) node[key].forEach(close);
    for (const key of ['items', 'additionalProperties', 'not']) if (node[key] && typeof node[key] === 'object') close(node[key]);
  };
  for (const op of operations) {
    for (const response of Object.values(op.responses) as Schema[]) close(response?.content?.['application/json']?.schema);
  }
}

/**
 * Completes the generated document: app-wide error responses, closed response objects, the tags
 * actually used (described, in TAG_DESCRIPTIONS order, new ones after), and `security: []` on
 * operations that take no key, so "public" is explicit.
 */
export function finishDocument(doc: Document): Document {
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      op.tags?.forEach((t) => used.add(t));
      op.security ??= [];
      addAppWideErrors(path, method, op);
      addErrorExamples(op);
      if (method === 'get') withoutPrefilledFilters(op);
    }
  }
  closeResponseObjects(doc);
  const known = Object.keys(TAG_DESCRIPTIONS).filter((t) => used.has(t));
  const tags = [...known, ...[...used].filter((t) => !(t in TAG_DESCRIPTIONS))].map((name) =>
    TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
  );
  return { ...doc, tags };
}
