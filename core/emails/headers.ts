/**
 * Headers the service writes itself, lower-cased. The API refuses them in a request's `headers`
 * (422); the mailer drops them from custom headers before composing (defence in depth), except the
 * list headers below, which the service itself adds for marketing mail.
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'date', 'reply-to', 'sender', 'mime-version',
  'content-type', 'content-transfer-encoding', 'dkim-signature', 'return-path',
  'list-unsubscribe', 'list-unsubscribe-post',
]);

/** Reserved, but set by the service (core/tracking/links.ts) and passed through to the message. */
export const SERVICE_LIST_HEADERS: ReadonlySet<string> = new Set(['list-unsubscribe', 'list-unsubscribe-post']);
