import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email as ParsedEmail } from 'postal-mime';

export interface ReceivedMessage {
  raw: Buffer;
  envelopeFrom: string;
  recipients: string[];
  /** Message-ID header as sent (with angle brackets). */
  messageId: string | null;
  /** Date.now() when the final "." of DATA arrived. */
  arrivedAt: number;
  /** Date.now() when the transaction began (MAIL FROM). */
  mailFromAt: number;
  /** The session ran inside TLS (STARTTLS or implicit), and who logged in (AUTH), if anyone. */
  secure: boolean;
  user: string | null;
}

/** The self-signed certificate of the TLS test servers: what SMTP_CA_FILE points at to trust them. */
export const TEST_CA_FILE = fileURLToPath(new URL('./tls/cert.pem', import.meta.url));

type Reply = { code: number; message: string };
type Session = { secure?: boolean; user?: unknown; envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] } };
const smtpError = (r: Reply) => Object.assign(new Error(r.message), { responseCode: r.code });

/**
 * A real SMTP peer on 127.0.0.1 (random port; plain, or with TLS and AUTH) that keeps every message it
 * accepted. It can refuse given recipients at RCPT TO, or the next N messages at the end of DATA.
 * Only complete messages are kept: a client that dies mid-DATA leaves nothing behind.
 */
export class TestSmtpServer {
  readonly messages: ReceivedMessage[] = [];
  /** SMTP connections accepted so far (a pooled client reuses a few). */
  connections = 0;
  /** Connections open now, and the most that were open at once since the last reset(). */
  open = 0;
  mostOpen = 0;
  /**
   * Every RCPT TO received, accepted or not, with the Date.now() of its transaction's MAIL FROM:
   * the starts of all transactions, also those that never completed.
   */
  readonly rcpts: { to: string; mailFromAt: number }[] = [];
  /** Recipients refused at RCPT TO (one entry per refusal: the attempts a client made). */
  readonly refused: string[] = [];
  /** AUTH commands received, accepted or not (credentials the client sent). */
  authAttempts = 0;
  /** Users that logged in (one entry per AUTH). */
  readonly authenticatedAs: string[] = [];
  private readonly recipientReplies = new Map<string, Reply>();
  private nextReplies: Reply[] = [];
  private waiters: (() => void)[] = [];
  private dataLatch?: { openAt: number; opened: Promise<void>; open: () => void };

  private constructor(private readonly server: SMTPServer, readonly port: number) {}

  /**
   * Plain by default. `tls`: 'starttls' offers STARTTLS (and requires it before AUTH), 'implicit' is
   * TLS from the first byte (smtps, port 465); both with the self-signed certificate in
   * test/support/tls (CN localhost, IP 127.0.0.1). `auth`: LOGIN/PLAIN required, with these credentials.
   */
  static async start(opts: { tls?: 'starttls' | 'implicit'; auth?: { user: string; pass: string }; idleTimeoutMs?: number } = {}): Promise<TestSmtpServer> {
    let self: TestSmtpServer | undefined;
    const disabled = [...(opts.tls ? [] : ['STARTTLS']), ...(opts.auth ? [] : ['AUTH'])];
    const server = new SMTPServer({
      authOptional: !opts.auth,
      disabledCommands: disabled,
      secure: opts.tls === 'implicit',
      ...(opts.tls ? { key: readFileSync(new URL('./tls/key.pem', import.meta.url)), cert: readFileSync(TEST_CA_FILE) } : {}),
      authMethods: ['LOGIN', 'PLAIN'],
      onAuth(auth, session, cb) {
        self!.authAttempts++;
        if (!session.secure) return cb(new Error('Must use TLS before AUTH'));
        if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
          self!.authenticatedAs.push(auth.username!);
          return cb(null, { user: auth.username });
        }
        cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      logger: false,
      disableReverseLookup: true, // loopback: no DNS on each connection
      size: 30 * 1024 * 1024,
      // `idleTimeoutMs`: the server closes a connection silent that long (421), as real servers do.
      ...(opts.idleTimeoutMs ? { socketTimeout: opts.idleTimeoutMs } : {}),
      onConnect(_session, cb) {
        self!.connections++;
        self!.mostOpen = Math.max(self!.mostOpen, ++self!.open);
        if (self!.dataLatch && self!.open >= self!.dataLatch.openAt) self!.dataLatch.open();
        if (self!.greetingDelayMs > 0) setTimeout(() => cb(), self!.greetingDelayMs);
        else cb();
      },
      onClose() {
        self!.open--;
      },
      onMailFrom(_address, session, cb) {
        if (opts.auth && !session.user) return cb(Object.assign(new Error('Authentication required'), { responseCode: 530 }));
        (session as unknown as { mailFromAt: number }).mailFromAt = Date.now();
        cb();
      },
      onRcptTo(address, session, cb) {
        self!.rcpts.push({ to: address.address.toLowerCase(), mailFromAt: (session as unknown as { mailFromAt: number }).mailFromAt });
        const reply = self!.recipientReplies.get(address.address.toLowerCase());
        if (reply) self!.refused.push(address.address.toLowerCase());
        cb(reply ? smtpError(reply) : undefined);
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', () => {}); // connection lost mid-message: nothing is kept
        stream.on('end', () => self!.received(Buffer.concat(chunks), session, cb));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    // A client that dies mid-conversation (a SIGKILLed worker) resets its connection, which the
    // server reports as an 'error' event: the test sees the lost message by its absence instead.
    server.on('error', () => {});
    self = new TestSmtpServer(server, (server.server.address() as AddressInfo).port);
    return self;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Refuse this recipient at RCPT TO with the given reply (e.g. 550 / 450) until cleared. */
  rejectRecipient(address: string, code: number, message = `${code} recipient refused`) {
    this.recipientReplies.set(address.toLowerCase(), { code, message });
  }

  clearRecipient(address: string) {
    this.recipientReplies.delete(address.toLowerCase());
  }

  /** Milliseconds the server waits before greeting a new connection (a slow or distant server). */
  greetingDelayMs = 0;

  /** Milliseconds the server waits before answering the end of DATA (a slow remote server). */
  replyDelayMs = 0;

  /**
   * Holds the reply to every DATA until `count` connections are open at once, or until `timeoutMs`
   * from now: a client that would open that many has them all open while its first messages wait,
   * and one that cannot goes on after the wait (cleared by reset()).
   */
  holdDataUntilOpen(count: number, timeoutMs: number) {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const timer = setTimeout(open, timeoutMs);
    void opened.then(() => clearTimeout(timer));
    this.dataLatch = { openAt: count, opened, open };
    if (this.open >= count) open();
  }

  /** Refuse the next `count` messages at the end of DATA (the message is not kept). */
  failNext(count: number, code: number, message = `${code} try again later`) {
    for (let i = 0; i < count; i++) this.nextReplies.push({ code, message });
  }

  byMessageId(messageId: string): ReceivedMessage[] {
    return this.messages.filter((m) => m.messageId === messageId);
  }

  /** Resolves once at least `count` messages arrived; rejects after `timeoutMs`. */
  async waitForCount(count: number, timeoutMs = 60_000): Promise<ReceivedMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SMTP server got ${this.messages.length} of ${count} messages within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.messages;
  }

  static parse(message: ReceivedMessage): Promise<ParsedEmail> {
    return PostalMime.parse(message.raw);
  }

  reset() {
    this.messages.length = 0;
    this.rcpts.length = 0;
    this.recipientReplies.clear();
    this.nextReplies = [];
    this.dataLatch?.open();
    this.dataLatch = undefined;
    this.mostOpen = this.open;
  }

  async close() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private received(raw: Buffer, session: Session, cb: (err?: Error | null) => void) {
    if (this.dataLatch) void this.dataLatch.opened.then(() => this.delayed(raw, session, cb));
    else this.delayed(raw, session, cb);
  }

  private delayed(raw: Buffer, session: Session, cb: (err?: Error | null) => void) {
    if (this.replyDelayMs > 0) {
      const delay = this.replyDelayMs;
      setTimeout(() => this.accept(raw, session, cb), delay);
      return;
    }
    this.accept(raw, session, cb);
  }

  private accept(raw: Buffer, session: Session, cb: (err?: Error | null) => void) {
    const reply = this.nextReplies.shift();
    if (reply) return cb(smtpError(reply));
    const header = raw.subarray(0, Math.max(0, raw.indexOf('\r\n\r\n'))).toString('utf8');
    this.messages.push({
      raw,
      envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      recipients: session.envelope.rcptTo.map((r) => r.address),
      messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(header)?.[1] ?? null,
      arrivedAt: Date.now(),
      mailFromAt: (session as unknown as { mailFromAt: number }).mailFromAt,
      secure: Boolean(session.secure),
      user: typeof session.user === 'string' ? session.user : null,
    });
    cb();
    for (const w of this.waiters.splice(0)) w();
  }
}
