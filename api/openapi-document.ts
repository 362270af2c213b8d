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
  Suppressions: 'Addresses that never receive email again: hard bounces, complaints and manual entries.',
  Webhooks: 'Reports from mail providers and bounce-processing servers (bounces, complaints, delivery status notifications).',
  Project: "The project the key belongs to, and its settings.",
  Tracking: 'Links inside sent email (open pixel, click redirect, unsubscribe): followed by mail clients, without a key.',
  System: 'Service health.',
};

type Operation = { tags?: string[]; security?: unknown[] };
type Document = ReturnType<App['getOpenAPI31Document']>;

/**
 * Completes the generated document: the tags actually used (described, in TAG_DESCRIPTIONS order,
 * new ones after), and `security: []` on operations that take no key, so "public" is explicit.
 */
export function finishDocument(doc: Document): Document {
  const used = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item as Record<string, Operation>)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      op.tags?.forEach((t) => used.add(t));
      op.security ??= [];
    }
  }
  const known = Object.keys(TAG_DESCRIPTIONS).filter((t) => used.has(t));
  const tags = [...known, ...[...used].filter((t) => !(t in TAG_DESCRIPTIONS))].map((name) =>
    TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
  );
  return { ...doc, tags };
}
