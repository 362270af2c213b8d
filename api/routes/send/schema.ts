import { z } from '@hono/zod-openapi';
import type { SendOutcome, SendRequest } from '../../../core/emails/send-request.js';
import { isClientHeaderAllowed } from '../../../core/emails/headers.js';
import { dataRecord, EmailAddress, NO_LINE_BREAK, SingleLine, Timestamp } from '../../schemas.js';

export const MAX_RECIPIENTS = 50;
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** RFC 5322 field-name: printable US-ASCII except colon. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

const Mailbox = z.object({ name: SingleLine(200).optional(), email: EmailAddress });
const Recipient = z.union([EmailAddress, Mailbox]).openapi({
  description: 'An address, or `{name, email}`: the name shows in the To: header, and becomes the contact\'s `data.name` only when the contact has none (an existing name is never overwritten)',
});

/** Strict base64 (RFC 4648, padded, no whitespace): Buffer.from would silently skip bad characters. */
export function base64DecodedLength(s: string): number | null {
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - padding;
}

const Attachment = z.object({
  filename: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^/\\\r\n\0]+$/, 'must be a bare file name (no path separators or line breaks)')
    .openapi({ example: 'invoice.pdf' }),
  content: z
    .string()
    .refine((s) => base64DecodedLength(s) !== null, 'must be valid base64 (padded, no whitespace)')
    .openapi({ description: 'File content, base64', example: 'JVBERi0xLjQK' }),
  contentType: z
    .string()
    .min(1)
    .max(255)
    .regex(NO_LINE_BREAK, 'must not contain line breaks')
    // A multipart/* or message/* part is a MIME structure of its own, not a file that base64 can carry
    // (RFC 2046 allows them only 7bit/8bit/binary): send an .eml as application/octet-stream.
    .refine((t) => !/^\s*(multipart|message)\//i.test(t), 'multipart/* and message/* cannot be attachment types; send the file as application/octet-stream')
    .optional()
    .openapi({ example: 'application/pdf', description: 'MIME type; `multipart/*` and `message/*` are refused.' }),
  contentId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^\s<>\0]+$/, 'must be a bare id (no spaces or angle brackets)')
    .optional()
    .openapi({ description: 'Makes the file an inline part that the HTML body shows with `<img src="cid:<contentId>">`', example: 'logo' }),
});

const Headers = z
  .record(z.string(), z.string().max(2000))
  .superRefine((headers, ctx) => {
    for (const [name, value] of Object.entries(headers)) {
      const problem = /[\r\n\0]/.test(name) || /[\r\n\0]/.test(value)
        ? 'must not contain line breaks or NUL'
        : !FIELD_NAME.test(name)
          ? 'is not a valid header name (printable ASCII, no spaces or colons)'
          : !isClientHeaderAllowed(name)
            ? `${name} is set by the service or by the mail system (X-Mailhub-*, Sender, Resent-*, Received, Delivered-To, Return-Path, Authentication-Results, ARC-*, DKIM-Signature) and cannot be set`
            : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  })
  .openapi({
    description:
      'Custom headers, e.g. `{"X-Campaign": "spring"}`. Refused (422 naming the header): the message structure (From, To, Subject, Message-ID, Content-Type...), ' +
      'any `X-Mailhub-*`, the list headers, and the trust and routing headers `Sender`, `Resent-*`, `Received`, `Delivered-To`, `Return-Path`, ' +
      '`Authentication-Results`, `ARC-*`, `DKIM-Signature`.',
    example: { 'X-Entity-Ref-ID': '1234' },
  });

export const SendEmailBody = z
  .object({
    to: z.union([Recipient, z.array(Recipient).min(1)]).openapi({ description: `One recipient or up to ${MAX_RECIPIENTS} (duplicates removed, case-insensitively)` }),
    subject: SingleLine(998).min(1).optional().openapi({ description: 'Required unless a template is given' }),
    body: z.string().min(1).max(2_000_000).optional().openapi({ description: 'HTML or markdown with {{variable}} placeholders; required unless a template is given' }),
    type: z.enum(['html', 'markdown']).default('html').openapi({ description: 'How `body` is written' }),
    template: z.string().min(1).optional().openapi({ description: 'Template id; request fields override its subject, body, from, name and reply-to' }),
    from: z.union([EmailAddress, Mailbox]).optional().openapi({ description: 'Sender on a verified domain; required unless the template has one' }),
    name: SingleLine(200).optional().openapi({ description: 'Sender display name (alternative to from.name)' }),
    reply: EmailAddress.optional().openapi({ description: 'Reply-To address' }),
    subscribed: z.boolean().optional().openapi({ description: 'New contacts are created unsubscribed unless this is true. `true` also subscribes an existing contact; `false` never unsubscribes one (use the unsubscribe link, POST /v1/track or PATCH /contacts/{id}). A subscription it sets records `contact.subscribed` (`data.source`: `send`). A MARKETING template reaches only subscribed recipients: `true` is how a request records the consent of one who never subscribed (it never undoes an opt-out).' }),
    data: dataRecord(z.unknown()).optional().openapi({ description: 'Template variables, over the contact\'s data', example: { name: 'Ada' } }),
    headers: Headers.optional(),
    attachments: z
      .array(Attachment)
      .max(MAX_ATTACHMENTS)
      .superRefine((items, ctx) => {
        const total = items.reduce((sum, a) => sum + (base64DecodedLength(a.content) ?? 0), 0);
        if (total > MAX_ATTACHMENT_BYTES) ctx.addIssue({ code: 'custom', message: `total size ${total} bytes exceeds ${MAX_ATTACHMENT_BYTES} bytes (10 MB)` });
      })
      .optional()
      .openapi({ description: `At most ${MAX_ATTACHMENTS} items and 10 MB decoded in total` }),
  })
  .superRefine((b, ctx) => {
    if (b.template) return;
    if (b.subject === undefined) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required when no template is given' });
    if (b.body === undefined) ctx.addIssue({ code: 'custom', path: ['body'], message: 'is required when no template is given' });
  })
  .superRefine((b, ctx) => {
    const unique = new Set((Array.isArray(b.to) ? b.to : [b.to]).map((r) => (typeof r === 'string' ? r : r.email)));
    if (unique.size > MAX_RECIPIENTS) ctx.addIssue({ code: 'custom', path: ['to'], message: `has ${unique.size} recipients; at most ${MAX_RECIPIENTS} are allowed` });
  })
  .openapi('SendEmailBody', {
    example: { to: 'ada@example.com', from: { name: 'Example', email: 'hello@example.com' }, subject: 'Your order {{order}}', body: '<p>Thanks {{name}}!</p>', data: { name: 'Ada', order: 'A-1001' } },
  });

export const SendHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII')
    .optional()
    .openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'Same key and body within 24 h replays the first response instead of sending again', example: 'order-1001-receipt' }),
});

export const SendResult = z
  .object({
    emails: z.array(z.object({ contact: z.object({ id: z.string(), email: z.string() }), email: z.string().openapi({ description: 'Email record id (GET /emails/{id})' }) })),
    timestamp: Timestamp,
  })
  .openapi('SendResult');

export type SendEmailInput = z.infer<typeof SendEmailBody>;
export type SendResultDto = z.infer<typeof SendResult>;

// The core's plain types must accept what the schema produces (compile-time check, no runtime cost).
type Accepts<T, U extends T> = U;
export type _SendRequestMatches = Accepts<SendRequest, SendEmailInput>;
export type _SendOutcomeMatches = Accepts<SendOutcome, SendResultDto>;
