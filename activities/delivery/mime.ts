import { randomBytes } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import type { WireMessage } from '../smtp-pool.js';

/*
 * A campaign's MIME skeleton: what every message of the campaign shares (From, Reply-To, the
 * MIME structure and its boundary, the part headers) is encoded once; per recipient only To,
 * Subject, Message-ID, Date, the service's headers and the two bodies are encoded and joined in.
 * nodemailer's composer builds a tree of nodes and a stream pipeline per part for every message;
 * this is a few string operations. The output is what the composer would write for a message
 * without attachments (multipart/alternative text + html, or html alone), CRLF throughout.
 *
 * Anything unusual for one recipient (non-ASCII address, a header line too long to keep on one
 * line, a body holding the boundary) answers undefined: the caller composes that message with
 * nodemailer instead (activities/mailer.ts).
 */

/** What changes per recipient. */
export interface SkeletonParts {
  to: string;
  subject: string;
  messageId: string;
  html: string;
  text?: string | null;
  /** The service's headers (X-Mailhub-Email-Id, List-Unsubscribe...). */
  headers?: Record<string, string>;
  /** MAIL FROM when it is not the From address (the VERP return path). */
  returnPath?: string;
}

export interface MimeSkeleton {
  /** The message's bytes and envelope, or undefined when this recipient needs the full composer. */
  compose(parts: SkeletonParts): WireMessage | undefined;
}

const encoder = new MimeNode();
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SIMPLE_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;
/** Longest header line kept unfolded (RFC 5322 allows 998). */
const MAX_HEADER_LINE = 900;
const CRLF = /\r?\n|\r/g;

/** `Key: value` encoded as nodemailer encodes it (RFC 2047 words when not plain ASCII), on one line when it fits. */
function headerLine(key: string, value: string): string | undefined {
  const encoded = PRINTABLE_ASCII.test(value) ? value : encoder.encodeHeaderValue(key, value);
  const line = `${key}: ${encoded}`;
  return line.length <= MAX_HEADER_LINE ? line : undefined;
}

/**
 * Whether `content` can go as 7bit: printable ASCII, tabs and line breaks only, no line longer than
 * 76 characters. One pass over the characters (a regular expression for the line length retries at
 * every position of a line).
 */
export function plainShortLines(content: string): boolean {
  let line = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) {
      line = 0;
      continue;
    }
    if ((c < 0x20 && c !== 0x09) || c > 0x7e || ++line > 76) return false;
  }
  return true;
}

/** A text part's body and transfer encoding: 7bit when it is plain ASCII with short lines, else quoted-printable. */
function encodeBody(content: string): { encoding: string; body: string } {
  const normalized = content.replace(CRLF, '\r\n');
  if (plainShortLines(normalized)) return { encoding: '7bit', body: normalized };
  return { encoding: 'quoted-printable', body: qpWrap(qpEncode(normalized), 76).replace(CRLF, '\r\n') };
}

/** The skeleton of messages from `from` (and `replyTo`): the headers and structure they all share. */
export function mimeSkeleton(from: { name?: string | null; address: string }, replyTo?: string | null): MimeSkeleton {
  const boundary = `--_mh-${randomBytes(12).toString('hex')}`;
  const fromLine = `From: ${encoder.encodeHeaderValue('From', from.name ? { name: from.name, address: from.address } : from.address)}`;
  const shared = [fromLine, ...(replyTo ? [`Reply-To: ${encoder.encodeHeaderValue('Reply-To', replyTo)}`] : [])].join('\r\n');
  const part = (type: string, encoding: string) => `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n`;

  return {
    compose(p) {
      if (!SIMPLE_ADDRESS.test(p.to)) return undefined;
      const lines = [
        headerLine('Subject', p.subject.replace(CRLF, ' ')),
        `Message-ID: ${p.messageId.startsWith('<') ? p.messageId : `<${p.messageId}>`}`,
        ...Object.entries(p.headers ?? {}).map(([k, v]) => headerLine(k, v.replace(CRLF, ' '))),
      ];
      if (lines.some((l) => l === undefined)) return undefined;
      const html = encodeBody(p.html);
      const text = p.text == null ? undefined : encodeBody(p.text);
      if (html.body.includes(boundary) || text?.body.includes(boundary)) return undefined;
      const date = `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}`;
      const head = `${shared}\r\nTo: ${p.to}\r\n${lines.join('\r\n')}\r\n${date}\r\nMIME-Version: 1.0\r\n`;
      const raw = text
        ? `Content-Type: multipart/alternative; boundary="${boundary}"\r\n${head}\r\n` +
          `--${boundary}\r\n${part('text/plain', text.encoding)}${text.body}\r\n` +
          `--${boundary}\r\n${part('text/html', html.encoding)}${html.body}\r\n--${boundary}--\r\n`
        : `${part('text/html', html.encoding).replace(/\r\n\r\n$/, '\r\n')}${head}\r\n${html.body}\r\n`;
      return { envelope: { from: p.returnPath ?? from.address, to: [p.to] }, raw: Buffer.from(raw, 'utf8') };
    },
  };
}
