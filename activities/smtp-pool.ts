import type { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { SMTPConnectionOptions, SMTPConnectionSendInfo, SMTPEnvelope } from 'nodemailer/lib/smtp-connection';
import { isTransientError } from 'nodemailer/lib/errors';
import { parseConnectionUrl } from 'nodemailer/lib/shared';

/*
 * SMTP connections kept open and handed out one message at a time, with a hook between "this
 * connection is connected, greeted, upgraded and logged in" and MAIL FROM.
 *
 * Why not nodemailer's pool: it opens connections on demand *after* a message is handed to it, so
 * the first message on a new connection reaches the server's MAIL FROM only after TCP, greeting,
 * EHLO, STARTTLS and AUTH, tens to hundreds of milliseconds after its start was admitted by the
 * project's pacing window. The window's guard absorbs 20 ms of such difference; more bunches
 * messages at the receiving server (bench/RESULTS.md: 15 in one second at 14/s). Here a sender
 * takes a ready connection first and has its start admitted (the `admit` hook) with it in hand,
 * so the start is followed by nothing but the MAIL FROM line.
 */

export interface SmtpPoolOptions {
  url: string;
  maxConnections: number;
  /** Extra TLS options (the CAs of SMTP_CA_FILE). */
  tls?: SMTPConnectionOptions['tls'];
  connectionTimeout?: number;
  greetingTimeout?: number;
  socketTimeout?: number;
}

/** A message as bytes with its envelope: what goes over the wire. */
export interface WireMessage {
  envelope: { from: string | false; to: string[] };
  raw: Buffer;
}

/** What a fence holds until MAIL FROM is written (see SmtpPool.send). */
export interface FenceHold {
  release(): unknown;
}

/** The last check before MAIL FROM, with the connection in hand: a hold, or null for "do not send". */
export type Fence = () => Promise<FenceHold | null>;

/** Thrown by send when the admit hook or the fence said no: nothing was sent. */
export class NotAdmittedError extends Error {
  readonly code = 'ENOTADMITTED';
  constructor() {
    super('The send was not admitted; nothing was sent');
  }
}

/**
 * `raw` as nodemailer's `send` takes a stream: handed to its DATA stream (dot-stuffing, the
 * terminating `.`) when the server said 354, with the connection's socket corked until that stream
 * has written all it had, so the message and its terminator leave in one write (one syscall, one
 * segment) instead of two. Uncorked at the latest in the next turn of the event loop: a message
 * larger than the socket's buffer waits for its drain, which a corked socket never emits.
 */
function oneWrite(conn: SMTPConnection, raw: Buffer): Readable {
  const pipe = (data: NodeJS.WritableStream) => {
    const socket = conn._socket;
    if (socket) {
      socket.cork();
      let corked = true;
      const uncork = () => {
        if (corked) {
          corked = false;
          socket.uncork();
        }
      };
      (data as unknown as Readable).once('end', uncork);
      setImmediate(uncork);
    }
    data.end(raw);
  };
  // nodemailer calls `pipe(dataStream)` on anything that has one (SMTPConnection#send).
  return { pipe } as unknown as Readable;
}

export class SmtpPool {
  private readonly options: SMTPConnectionOptions;
  private readonly auth?: { user: string; pass: string };
  /** Connected connections, busy or idle. */
  private readonly live = new Set<SMTPConnection>();
  private readonly idle: SMTPConnection[] = [];
  private connecting = 0;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly config: SmtpPoolOptions) {
    const { auth, tls, ...fromUrl } = parseConnectionUrl(config.url);
    this.auth = auth?.user || auth?.pass ? auth : undefined;
    this.options = {
      // Credentials never go in clear text: over smtp:// they need STARTTLS (the connection fails
      // with ETLS when the server offers none) unless the URL says `?requireTLS=false`.
      requireTLS: Boolean(this.auth) && !fromUrl.secure,
      ...(fromUrl as SMTPConnectionOptions),
      tls: { ...(tls as SMTPConnectionOptions['tls']), ...config.tls },
      connectionTimeout: config.connectionTimeout,
      greetingTimeout: config.greetingTimeout,
      socketTimeout: config.socketTimeout,
    };
  }

  /** Connections open now (for tests and metrics). */
  get size(): number {
    return this.live.size;
  }

  /**
   * Sends `message` over a ready connection. `admit` runs with the connection in hand (the
   * project's pacing); when it says no, nothing is sent and NotAdmittedError is thrown. A
   * connection that the server closed meanwhile is replaced. Then `fence` runs, with the
   * connection that will carry the message in hand (after any replacement), right before MAIL
   * FROM: null refuses (NotAdmittedError, nothing sent); a hold is released once MAIL FROM is
   * written to the socket (or the send failed before it).
   */
  async send(message: WireMessage, admit?: () => Promise<boolean>, fence?: Fence): Promise<SMTPConnectionSendInfo> {
    // An idle connection is taken at once (no promise of acquire's to wait for).
    let conn = (!this.closed && this.idle.pop()) || (await this.acquire());
    let admitted: boolean;
    try {
      admitted = !admit || (await admit());
    } catch (err) {
      this.release(conn, true);
      throw err;
    }
    if (!admitted) {
      this.release(conn, true);
      throw new NotAdmittedError();
    }
    // Closed by the server while the admission ran (its idle timeout; 'end' already took it out of
    // the pool): the start is spent either way, use another connection rather than fail a message
    // that never left. The fence below is checked on the connection that is used.
    if (!this.live.has(conn)) conn = await this.acquire();
    let hold: FenceHold | null = null;
    if (fence) {
      try {
        hold = await fence();
      } catch (err) {
        this.release(conn, true);
        throw err;
      }
      if (!hold) {
        this.release(conn, true);
        throw new NotAdmittedError();
      }
    }
    const envelope: SMTPEnvelope = { ...message.envelope, size: message.raw.length };
    try {
      const info = await new Promise<SMTPConnectionSendInfo>((resolve, reject) => {
        try {
          conn.send(envelope, oneWrite(conn, message.raw), (err, info) => (err ? reject(err) : resolve(info!)));
        } finally {
          // nodemailer writes MAIL FROM within send() (or has already failed): the fence can go.
          void hold?.release();
        }
      });
      this.release(conn, true);
      return info;
    } catch (err) {
      // Refused by the server over a healthy connection (not one that ended: nodemailer's
      // isTransientError): reset the session and keep it.
      if (!isTransientError(err as Parameters<typeof isTransientError>[0]) && this.live.has(conn)) {
        conn.reset((resetErr) => this.release(conn, !resetErr));
      } else {
        this.release(conn, false);
      }
      throw err;
    }
  }

  /** Closes idle connections now and busy ones when their message is done; later sends fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const conn of this.idle.splice(0)) this.drop(conn, true);
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async acquire(): Promise<SMTPConnection> {
    for (;;) {
      if (this.closed) throw Object.assign(new Error('The mailer is closed'), { code: 'ECONNECTION' });
      const ready = this.idle.pop();
      if (ready) return ready;
      if (this.live.size + this.connecting < this.config.maxConnections) {
        this.connecting++;
        try {
          return await this.connect();
        } catch (err) {
          this.wakeOne(); // a waiter may try to connect in its turn
          throw err;
        } finally {
          this.connecting--;
        }
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private release(conn: SMTPConnection, reusable: boolean): void {
    if (!reusable || this.closed || !this.live.has(conn)) {
      this.drop(conn, reusable);
      return;
    }
    this.idle.push(conn);
    this.wakeOne();
  }

  private drop(conn: SMTPConnection, graceful: boolean): void {
    const wasLive = this.live.delete(conn);
    const at = this.idle.indexOf(conn);
    if (at >= 0) this.idle.splice(at, 1);
    if (wasLive) {
      if (graceful) conn.quit();
      else conn.close();
    }
    this.wakeOne();
  }

  private wakeOne(): void {
    this.waiters.shift()?.();
  }

  /** A new connection, greeted (EHLO, STARTTLS when offered or smtps) and logged in when configured. */
  private connect(): Promise<SMTPConnection> {
    return new Promise((resolve, reject) => {
      const conn = new SMTPConnection(this.options);
      let settled = false;
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        conn.close();
        reject(err);
      };
      const ready = () => {
        if (settled) return;
        settled = true;
        this.live.add(conn);
        resolve(conn);
      };
      // After it is ready, errors reach the send callback (busy) or end the connection (idle:
      // the server's timeout, our socket timeout); 'end' takes it out of the pool either way.
      conn.on('error', (err) => fail(err));
      conn.once('end', () => {
        fail(Object.assign(new Error('Connection closed before it was ready'), { code: 'ECONNECTION' }));
        this.drop(conn, false);
      });
      conn.connect((err) => {
        if (err) return fail(err);
        if (!this.auth || !conn.allowsAuth) return ready();
        conn.login({ credentials: { user: this.auth.user, pass: this.auth.pass } }, (loginErr) => (loginErr ? fail(loginErr) : ready()));
      });
    });
  }
}
