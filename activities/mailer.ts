import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import nodemailer from 'nodemailer';
import type { NodemailerError, SendMailOptions } from 'nodemailer';
import { DEFAULT_SMTP_MAX_CONNECTIONS, type Config } from '../core/config.js';
import { isClientHeaderAllowed, SERVICE_HEADERS } from '../core/emails/headers.js';
import type { DkimSigning } from '../core/domains/sender-domains.js';
import { dkimSign } from './dkim-sign.js';
import { NotAdmittedError, SmtpPool, type Fence, type WireMessage } from './smtp-pool.js';

export { NotAdmittedError, type Fence };

/** One rendered message to one recipient, as the delivery activity hands it over. */
export interface OutgoingMessage {
  /** The email record's id: names the outbox file. */
  emailId: string;
  /** Deterministic `<emailId@fromDomain>`: a resend carries the same id, so receivers can dedupe. */
  messageId: string;
  from: { name?: string | null; address: string };
  to: string;
  /** Display name of the recipient (`To: "Ada Lovelace" <ada@example.com>`). */
  toName?: string | null;
  replyTo?: string | null;
  subject: string;
  html: string;
  text?: string | null;
  attachments?: { filename: string; content: string; contentType?: string; contentId?: string }[];
  /** Envelope sender (MAIL FROM) when it is not the From address: the VERP return path. */
  returnPath?: string;
  /** Custom headers from the request, then the service's own (List-Unsubscribe...). */
  headers?: Record<string, string>;
  dkim?: DkimSigning;
  /** Set by prepareMessage: the message already composed (and signed), sent as these bytes. */
  prepared?: WireMessage;
}

export interface SendResult {
  accepted: string[];
  rejected: string[];
  response: string;
  messageId: string;
}

/**
 * Runs when the mailer is ready to hand the message over (an SMTP connection connected and idle,
 * in hand), right before MAIL FROM: the project's pacing admits the send here. False: nothing is
 * sent and send rejects with NotAdmittedError.
 */
export type Admission = () => Promise<boolean>;

/** The one call delivery needs, so tests and the outbox can stand in for SMTP. */
export interface Mailer {
  /** `fence`: the last check right before MAIL FROM, after the admission and any connection replacement (see SmtpPool.send). */
  send(msg: OutgoingMessage, opts?: { admit?: Admission; fence?: Fence }): Promise<SendResult>;
  close(): Promise<void>;
}

/**
 * Signed explicitly: nodemailer's default list leaves out List-Unsubscribe-Post, which RFC 8058
 * requires to be covered by the DKIM signature.
 */
export const DKIM_HEADER_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:' +
  'Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:' +
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';


/** Custom headers never override the message structure or routing; the service's own headers pass. */
const passesThrough = (name: string) => isClientHeaderAllowed(name) || SERVICE_HEADERS.has(name.toLowerCase());

/** The nodemailer message for `msg`: content only from strings and base64 (no file or URL access). */
export function toMailOptions(msg: OutgoingMessage): SendMailOptions {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(msg.headers ?? {})) if (passesThrough(k)) headers[k] = v;
  return {
    messageId: msg.messageId,
    from: { name: msg.from.name ?? '', address: msg.from.address },
    to: msg.toName ? { name: msg.toName, address: msg.to } : msg.to,
    replyTo: msg.replyTo ?? undefined,
    subject: msg.subject,
    html: msg.html,
    text: msg.text ?? undefined,
    attachments: (msg.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      encoding: 'base64',
      // Rows stored before multipart/* and message/* were refused go out as plain files.
      contentType: a.contentType && /^\s*(multipart|message)\//i.test(a.contentType) ? 'application/octet-stream' : a.contentType,
      // inline (Content-Disposition: inline, Content-ID) when the HTML refers to it as cid:...
      ...(a.contentId ? { cid: a.contentId, contentDisposition: 'inline' as const } : {}),
    })),
    headers,
    envelope: msg.returnPath ? { from: msg.returnPath, to: [msg.to] } : undefined,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Composes messages without sending them: the bytes that are signed and sent. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/**
 * `msg` as the bytes that go over the wire, with their envelope: composed by nodemailer and,
 * with a DKIM key, signed off the event loop (activities/dkim-sign.ts).
 */
async function toWire(msg: OutgoingMessage): Promise<WireMessage> {
  if (msg.prepared) return msg.prepared;
  const composed = await composer.sendMail(toMailOptions(msg));
  const raw = await signed(composed.message as Buffer, msg.dkim);
  const envelope = composed.envelope as { from: string | false; to: string[] };
  return { envelope: { from: envelope.from, to: envelope.to }, raw };
}

/** Composed bytes signed with `dkim` (off the event loop, activities/dkim-sign.ts), or as they are without a key. */
export async function signed(raw: Buffer, dkim: DkimSigning | undefined): Promise<Buffer> {
  return dkim ? dkimSign(raw, { ...dkim, headerFieldNames: DKIM_HEADER_FIELDS }) : raw;
}

/**
 * Composes and signs `msg` now, so that its hand-off later is only the SMTP transaction (the
 * campaign sender prepares while earlier messages are on the wire).
 */
export async function prepareMessage(msg: OutgoingMessage): Promise<OutgoingMessage> {
  return msg.prepared ? msg : { ...msg, prepared: await toWire(msg) };
}

/**
 * `SMTP_URL` set: pooled SMTP (with STARTTLS when the server offers it; `smtps://` is TLS from the
 * start) over at most SMTP_MAX_CONNECTIONS connections, verifying the server's certificate against
 * the system CAs plus `SMTP_CA_FILE`. Otherwise `.eml` files in DATA_DIR/outbox.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'smtpCaFile' | 'smtpMaxConnections'>): Mailer {
  if (!config.smtpUrl) return createOutboxMailer(path.join(config.dataDir, 'outbox'));
  return createSmtpMailer(config.smtpUrl, {
    maxConnections: config.smtpMaxConnections,
    ca: config.smtpCaFile ? readFileSync(config.smtpCaFile, 'utf8') : undefined,
  });
}

export function createSmtpMailer(url: string, opts: { maxConnections?: number; ca?: string } = {}): Mailer {
  const pool = new SmtpPool({
    url,
    maxConnections: opts.maxConnections ?? DEFAULT_SMTP_MAX_CONNECTIONS,
    // Added to Node's trusted CAs (tls.rootCertificates), never replacing them; verification stays on.
    ...(opts.ca ? { tls: { ca: [...rootCertificates, opts.ca] } } : {}),
    // Bounded waits: a hung server must fail the attempt (and be retried), not hold it for 10 minutes.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(msg, sendOpts) {
      const info = await pool.send(msg.prepared ?? (await toWire(msg)), sendOpts?.admit, sendOpts?.fence);
      return { accepted: info.accepted.map(String), rejected: info.rejected.map(String), response: info.response, messageId: msg.messageId };
    },
    close: () => pool.close(),
  };
}

/**
 * Development delivery: each message becomes `<emailId>.eml`, written to a temporary name and
 * renamed, so a file is either complete or absent. An existing file means the message was already
 * "sent": a retried activity does not write it twice.
 */
export function createOutboxMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg, sendOpts) {
      const file = path.join(dir, `${msg.emailId}.eml`);
      const done = { accepted: [msg.to], rejected: [], messageId: msg.messageId };
      if (sendOpts?.admit && !(await sendOpts.admit())) throw new NotAdmittedError();
      if (await exists(file)) return { ...done, response: `250 already in outbox ${file}` };
      const wire = await toWire(msg);
      const info = await transport.sendMail({ envelope: wire.envelope, raw: wire.raw, disableFileAccess: true, disableUrlAccess: true });
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, info.message as Buffer);
      // The file's appearance is the hand-over here: fenced like MAIL FROM.
      const hold = sendOpts?.fence ? await sendOpts.fence() : undefined;
      if (hold === null) {
        await unlink(tmp).catch(() => {});
        throw new NotAdmittedError();
      }
      try {
        await rename(tmp, file);
      } finally {
        await hold?.release();
      }
      return { ...done, response: `250 written to ${file}` };
    },
    async close() {
      transport.close();
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export interface SmtpFailure {
  /** 5xx (except 503): retrying the same message gets the same answer. */
  permanent: boolean;
  /** For a permanent failure: BOUNCED when the mailbox/address was refused, FAILED otherwise. */
  status: 'FAILED' | 'BOUNCED';
  code?: number;
  message: string;
}

const ENHANCED_STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/**
 * nodemailer error -> what delivery does with it. No SMTP reply (connection refused, timeout,
 * socket closed) is transient. A refused recipient shows as EENVELOPE with the reply in
 * `rejectedErrors`. Mailbox errors: enhanced status 5.1.x (address) / 5.2.x (mailbox), or a bare
 * 550/551/553 at RCPT TO; other permanent replies (5.7.x policy, 552 size, 554) are FAILED.
 */
export function classifySmtpError(err: unknown): SmtpFailure {
  const e = (err ?? {}) as NodemailerError;
  const first = e.rejectedErrors?.[0];
  const code = e.responseCode ?? first?.responseCode;
  const response = String(e.response ?? first?.response ?? e.message ?? err);
  const command = String(e.command ?? first?.command ?? '');
  const permanent = typeof code === 'number' && code >= 500 && code < 600 && code !== 503;
  const enhanced = ENHANCED_STATUS.exec(response);
  const mailbox = enhanced
    ? enhanced[1] === '5' && (enhanced[2] === '1' || enhanced[2] === '2')
    : (code === 550 || code === 551 || code === 553) && (command === '' || /^RCPT/i.test(command));
  return { permanent, status: permanent && mailbox ? 'BOUNCED' : 'FAILED', code, message: response };
}
