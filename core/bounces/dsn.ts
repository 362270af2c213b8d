/*
 * A small, pure parser of bounce reports: RFC 3464 delivery status notifications
 * (multipart/report; report-type=delivery-status) and RFC 5965 abuse reports (feedback-report).
 * Only what matching a bounce needs: recipients, their status class, and the id of the message
 * that bounced: the VERP `+<email id>` return path the report was sent to, or the returned
 * Message-ID. Never a header quoted from the returned message's body (a sender could have put any
 * id there; X-Mailhub-* headers are refused in requests, but a DSN is untrusted input anyway).
 */

import { UUID_RE } from '../../db/ids.js';

export type ReportType = 'hard_bounce' | 'soft_bounce' | 'complaint';

export interface ReportedRecipient {
  type: ReportType;
  email: string;
  /** Enhanced status code, e.g. `5.1.1`. */
  status?: string;
  action?: string;
  diagnostic?: string;
}

export interface ParsedDsn {
  recipients: ReportedRecipient[];
  /** Message-ID of the message that bounced (from the returned headers), without angle brackets. */
  messageId: string | null;
  /** Our email record id, from the VERP return path the report was addressed to. */
  emailId: string | null;
  /**
   * The message holds a NUL character, raw or decoded from a quoted-printable `=00` or base64
   * part: not mail (RFC 5322), and PostgreSQL text cannot store it, so the caller refuses it.
   */
  hasNul: boolean;
}

type Headers = Map<string, string[]>;
interface Part {
  headers: Headers;
  body: string;
}

/** A UUID anywhere in a header value. */
const UUID_IN = new RegExp(UUID_RE.source.slice(1, -1), 'i');

/** Something that can be an address: has an `@` and fits the RFC 5321 limit (as the JSON webhook's `email`). */
const isAddress = (s: string) => s.includes('@') && s.length <= 254;

/** Header block -> lower-cased name -> values, with folded lines unfolded. */
export function parseHeaderBlock(block: string): Headers {
  const out: Headers = new Map();
  let last: string | null = null;
  for (const line of block.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      const values = out.get(last)!;
      values[values.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (!out.has(last)) out.set(last, []);
    out.get(last)!.push(line.slice(colon + 1).trim());
  }
  return out;
}

const first = (h: Headers, name: string) => h.get(name)?.[0];

function splitMessage(text: string): Part {
  const m = /\n\s*\n/.exec(text);
  const head = m ? text.slice(0, m.index) : text;
  return { headers: parseHeaderBlock(head), body: m ? text.slice(m.index + m[0].length) : '' };
}

function param(value: string | undefined, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBody(part: Part): string {
  const cte = (first(part.headers, 'content-transfer-encoding') ?? '').toLowerCase();
  if (cte === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n?/g, '\n');
  if (cte === 'quoted-printable') {
    return part.body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return part.body;
}

/** Leaf parts of a MIME message, depth-first (nested multiparts are walked; bounded depth). */
function leafParts(part: Part, depth = 0): Part[] {
  const type = first(part.headers, 'content-type') ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (!/^multipart\//i.test(type) || !boundary || depth > 5) return [{ headers: part.headers, body: decodeBody(part) }];
  const delimiter = `--${boundary}`;
  const chunks = part.body.split('\n');
  const parts: string[][] = [];
  let current: string[] | null = null;
  for (const line of chunks) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current);
      current = line.startsWith(`${delimiter}--`) ? null : [];
      if (current === null) break;
      continue;
    }
    current?.push(line);
  }
  return parts.flatMap((lines) => leafParts(splitMessage(lines.join('\n')), depth + 1));
}

const stripAddress = (v: string) => v.replace(/^[^;]*;/, '').trim().replace(/^<|>$/g, '').trim().toLowerCase();
const stripId = (v: string) => v.trim().replace(/^<|>$/g, '').trim();

function classify(status: string | undefined, action: string | undefined): ReportType | null {
  if (status?.startsWith('5.')) return 'hard_bounce';
  if (status?.startsWith('4.')) return 'soft_bounce';
  if (status) return null; // 2.x.x: delivered, relayed, expanded
  if (action === 'failed') return 'hard_bounce';
  if (action === 'delayed') return 'soft_bounce';
  return null;
}

/** Per-recipient field groups of a delivery-status body (the first group is per-message). */
function recipientsOf(statusBody: string): ReportedRecipient[] {
  const out: ReportedRecipient[] = [];
  for (const group of statusBody.split(/\n\s*\n/)) {
    const f = parseHeaderBlock(group);
    const recipient = first(f, 'final-recipient') ?? first(f, 'original-recipient');
    if (!recipient) continue;
    const status = /([245]\.\d{1,3}\.\d{1,3})/.exec(first(f, 'status') ?? '')?.[1];
    const action = first(f, 'action')?.toLowerCase().trim();
    const type = classify(status, action);
    const email = stripAddress(recipient);
    if (!type || !isAddress(email)) continue;
    const diagnostic = first(f, 'diagnostic-code')?.replace(/^[^;]*;\s*/, '');
    out.push({ type, email, status, action, ...(diagnostic ? { diagnostic } : {}) });
  }
  return out;
}

/** Parses a raw DSN or ARF report (CRLF or LF). Never throws; `recipients` is empty for anything else. */
export function parseDsn(raw: string): ParsedDsn {
  const text = raw.replace(/\r\n?/g, '\n');
  const message = splitMessage(text);
  const parts = leafParts(message);
  const typeOf = (p: Part) => (first(p.headers, 'content-type') ?? 'text/plain').toLowerCase();

  const returned = parts.find((p) => /^(message\/rfc822|text\/rfc822-headers|message\/global-headers|message\/global)\b/.test(typeOf(p)));
  const original = returned ? splitMessage(returned.body).headers : new Map();
  const statusPart = parts.find((p) => /^message\/(global-)?delivery-status\b/.test(typeOf(p)));
  const feedback = parts.find((p) => /^message\/feedback-report\b/.test(typeOf(p)));

  let recipients: ReportedRecipient[] = [];
  if (statusPart) recipients = recipientsOf(statusPart.body);
  else if (feedback) {
    const f = parseHeaderBlock(feedback.body);
    const to = first(f, 'original-rcpt-to') ?? first(original, 'to');
    const email = to ? stripAddress(to.replace(/^.*</, '<')) : '';
    if (isAddress(email)) recipients = [{ type: 'complaint', email, diagnostic: first(f, 'feedback-type') ?? 'abuse' }];
  } else recipients = recipientsOf(text); // bare delivery-status fields, e.g. a report forwarded as text/plain

  // VERP: the report was addressed to our return path `bounces+<email id>@...`.
  const verpId = (first(message.headers, 'to') ?? '').match(new RegExp(`\\+(${UUID_IN.source})@`, 'i'))?.[1];
  const messageId = first(original, 'message-id') ?? first(statusPart ? parseHeaderBlock(statusPart.body) : new Map(), 'original-message-id');
  return {
    recipients,
    messageId: messageId ? stripId(messageId) : null,
    emailId: verpId?.toLowerCase() ?? null,
    hasNul: text.includes('\0') || parts.some((p) => p.body.includes('\0')),
  };
}
