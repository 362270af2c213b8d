/**
 * Headers a client may not set in a send request's `headers` (422 naming the header): those the
 * service writes itself (message structure, any `X-Mailhub-*`, the list headers) and the trust and
 * routing headers that receivers, bounce matching or authentication read (`Sender`, `Resent-*`,
 * `Received`, `Delivered-To`, `Return-Path`, `Authentication-Results`, `ARC-*`, `DKIM-Signature`).
 * The mailer drops them from custom headers too (defence in depth, and rows stored before the rule).
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'date', 'reply-to', 'sender', 'mime-version',
  'content-type', 'content-transfer-encoding', 'dkim-signature', 'return-path',
  'list-unsubscribe', 'list-unsubscribe-post',
  'received', 'delivered-to', 'authentication-results', 'received-spf', 'dkim-signature',
]);
const RESERVED_PREFIXES = ['x-mailhub-', 'resent-', 'arc-'];

/** Whether a request may set this header itself. */
export const isClientHeaderAllowed = (name: string) => {
  const lower = name.toLowerCase();
  return !RESERVED_HEADERS.has(lower) && !RESERVED_PREFIXES.some((p) => lower.startsWith(p));
};

/** Reserved, but set by the service (core/tracking/links.ts) and passed through to the message. */
export const SERVICE_HEADERS: ReadonlySet<string> = new Set(['list-unsubscribe', 'list-unsubscribe-post', 'x-mailhub-email-id']);

/** A stored row's custom headers without any the client may not set. */
export const clientHeaders = (headers: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).filter(([k]) => isClientHeaderAllowed(k)));
