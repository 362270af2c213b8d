import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotAdmittedError, SmtpPool, type WireMessage } from '../activities/smtp-pool.js';
import { createMailer, createSmtpMailer, type OutgoingMessage } from '../activities/mailer.js';
import { sendsInFlight } from '../activities/delivery/engine.js';
import type { ActivityDeps } from '../activities/deps.js';
import { DEFAULT_SMTP_MAX_CONNECTIONS, loadConfig } from '../core/config.js';
import { TestSmtpServer } from './support/smtp-server.js';

/*
 * The worker's SMTP pool against a real SMTP server: a send's admission (the pacing) runs only
 * once a connection is connected and greeted, connections are reused and bounded, and a
 * connection the server closed, or a refused message, costs no message.
 */

let server: TestSmtpServer;
let idleServer: TestSmtpServer;
let n = 0;

const wire = (to = 'reader@recipients.test'): WireMessage => {
  const id = `<pool-${++n}@example.com>`;
  const raw = Buffer.from(`From: news@example.com\r\nTo: ${to}\r\nSubject: Pool ${n}\r\nMessage-ID: ${id}\r\n\r\nHello ${n}\r\n`);
  return { envelope: { from: 'news@example.com', to: [to] }, raw };
};
const messageIdOf = (m: WireMessage) => /Message-ID: (<[^>]+>)/.exec(m.raw.toString())![1];

/**
 * Resolves once `pool` holds no connection: the server's idle timeout closed it and the pool saw the
 * close (waited for, not slept for: on a busy machine the close may be handled late).
 */
async function connectionsClosed(pool: SmtpPool, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (pool.size > 0) {
    if (Date.now() > until) throw new Error(`the pool still holds ${pool.size} connection(s) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  server = await TestSmtpServer.start();
  idleServer = await TestSmtpServer.start({ idleTimeoutMs: 300 });
});
afterAll(async () => {
  await server?.close();
  await idleServer?.close();
});
beforeEach(() => {
  server.reset();
  server.greetingDelayMs = 0;
  server.connections = 0;
  idleServer.reset();
  idleServer.connections = 0;
});

describe('SmtpPool', () => {
  it('admits a send only once its connection is greeted: the first message on a new connection too', async () => {
    server.greetingDelayMs = 2000;
    const pool = new SmtpPool({ url: server.url, maxConnections: 2 });
    try {
      const calledAt = Date.now();
      let admittedAt = 0;
      const msg = wire();
      await pool.send(msg, async () => {
        admittedAt = Date.now();
        return true;
      });
      const [got] = server.byMessageId(messageIdOf(msg));
      // The greeting took 2 s; the admission came after it, and MAIL FROM after the admission without a
      // greeting's wait in between (an admission before the greeting would be 2 s ahead of MAIL FROM;
      // under 1 s is a bound a busy machine keeps).
      expect(admittedAt - calledAt).toBeGreaterThanOrEqual(1990);
      expect(got.mailFromAt).toBeGreaterThanOrEqual(admittedAt);
      expect(got.mailFromAt - admittedAt).toBeLessThan(1000);
    } finally {
      await pool.close();
    }
  });

  it('keeps at most maxConnections open and reuses them: 30 concurrent sends over 3 connections', async () => {
    const pool = new SmtpPool({ url: server.url, maxConnections: 3 });
    try {
      let inAdmission = 0;
      let most = 0;
      const msgs = Array.from({ length: 30 }, () => wire());
      await Promise.all(
        msgs.map((m) =>
          pool.send(m, async () => {
            most = Math.max(most, ++inAdmission);
            await new Promise((r) => setTimeout(r, 5));
            inAdmission--;
            return true;
          }),
        ),
      );
      expect(server.messages.map((m) => m.messageId).sort()).toEqual(msgs.map(messageIdOf).sort());
      expect(server.connections).toBe(3);
      expect(pool.size).toBe(3);
      // Each admission holds its connection: never more at once than there are connections.
      expect(most).toBeLessThanOrEqual(3);
    } finally {
      await pool.close();
    }
  });

  it('sends nothing when the admission says no, and keeps the connection for the next message', async () => {
    const pool = new SmtpPool({ url: server.url, maxConnections: 1 });
    try {
      await expect(pool.send(wire(), async () => false)).rejects.toBeInstanceOf(NotAdmittedError);
      await expect(pool.send(wire(), async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
      expect(server.messages).toHaveLength(0);
      const msg = wire();
      await pool.send(msg, async () => true);
      expect(server.byMessageId(messageIdOf(msg))).toHaveLength(1);
      expect(server.connections).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('a refused recipient fails that message only; the connection is reset and reused', async () => {
    server.rejectRecipient('gone@recipients.test', 550, '550 5.1.1 no such user');
    const pool = new SmtpPool({ url: server.url, maxConnections: 1 });
    try {
      await expect(pool.send(wire('gone@recipients.test'))).rejects.toMatchObject({ responseCode: 550 });
      const msg = wire();
      const info = await pool.send(msg);
      expect(info.accepted).toEqual(['reader@recipients.test']);
      expect(server.byMessageId(messageIdOf(msg))).toHaveLength(1);
      expect(server.connections).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('replaces a connection the server closed while it was idle, without failing the next message', async () => {
    const pool = new SmtpPool({ url: idleServer.url, maxConnections: 1 });
    try {
      await pool.send(wire());
      await connectionsClosed(pool); // the server's idle timeout (300 ms) passed
      const msg = wire();
      await pool.send(msg, async () => true);
      expect(idleServer.byMessageId(messageIdOf(msg))).toHaveLength(1);
      expect(idleServer.connections).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('runs the fence after replacing a connection the server closed during the admission, on the new one: a refusing fence sends nothing, a passing one sends once', async () => {
    const pool = new SmtpPool({ url: idleServer.url, maxConnections: 1 });
    try {
      await pool.send(wire());
      // The admission outlasts the server's idle timeout (300 ms): the connection in hand closes under it.
      const slowAdmit = async () => (await connectionsClosed(pool), true);
      const refused = wire();
      let fencedOnConnection = 0;
      await expect(
        pool.send(refused, slowAdmit, async () => {
          fencedOnConnection = idleServer.connections;
          return null;
        }),
      ).rejects.toBeInstanceOf(NotAdmittedError);
      expect(fencedOnConnection).toBe(2); // checked after the replacement connection was opened
      expect(idleServer.byMessageId(messageIdOf(refused))).toHaveLength(0);
      expect(idleServer.rcpts.filter((r) => r.to === 'reader@recipients.test')).toHaveLength(1); // the first message only

      const passed = wire();
      const events: string[] = [];
      await pool.send(passed, slowAdmit, async () => {
        events.push('fence');
        return { release: () => events.push(`release after ${idleServer.rcpts.length} rcpts seen`) };
      });
      expect(events[0]).toBe('fence');
      expect(events).toHaveLength(2);
      expect(idleServer.byMessageId(messageIdOf(passed))).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('a server that cannot be reached fails the send as a connection error; close() ends everything', async () => {
    const dead = new SmtpPool({ url: 'smtp://127.0.0.1:1', maxConnections: 1 });
    await expect(dead.send(wire())).rejects.toMatchObject({ code: expect.stringMatching(/ECONNECTION|ESOCKET/) });
    await dead.close();

    const pool = new SmtpPool({ url: server.url, maxConnections: 2 });
    await pool.send(wire());
    await pool.close();
    expect(pool.size).toBe(0);
    await expect(pool.send(wire())).rejects.toThrow(/closed/);
  });
});

describe('SmtpPool: how a message reaches the socket', () => {
  /** Every write the sockets of this process hand to the kernel while `body` runs (a writev's chunks joined): one entry per write. */
  async function socketWrites(body: () => Promise<unknown>): Promise<string[]> {
    type Chunk = Buffer | string;
    const proto = net.Socket.prototype as unknown as {
      _write(this: net.Socket, chunk: Chunk, encoding: BufferEncoding, cb: () => void): void;
      _writev(this: net.Socket, chunks: { chunk: Chunk }[], cb: () => void): void;
    };
    const { _write: write, _writev: writev } = proto;
    const writes: string[] = [];
    proto._write = function (chunk, encoding, cb) {
      writes.push(Buffer.from(chunk).toString('latin1'));
      return write.call(this, chunk, encoding, cb);
    };
    proto._writev = function (chunks, cb) {
      writes.push(chunks.map((c) => Buffer.from(c.chunk).toString('latin1')).join(''));
      return writev.call(this, chunks, cb);
    };
    try {
      await body();
    } finally {
      proto._write = write;
      proto._writev = writev;
    }
    return writes;
  }

  it('writes the message and the terminating dot of DATA in one socket write', async () => {
    const pool = new SmtpPool({ url: server.url, maxConnections: 1 });
    try {
      await pool.send(wire()); // connected and greeted before the writes are counted
      const m = wire();
      const writes = await socketWrites(() => pool.send(m));
      const client = writes.filter((w) => !/^\d{3}[ -]/.test(w)); // the server's replies go through the same methods
      expect(client).toHaveLength(2);
      expect(client[0]).toMatch(/^MAIL FROM:<news@example\.com>.*\r\nRCPT TO:<reader@recipients\.test>\r\nDATA\r\n$/);
      expect(client[1]).toBe(`${m.raw.toString('latin1')}.\r\n`);
      expect(server.byMessageId(messageIdOf(m))[0].raw.toString()).toBe(m.raw.toString());
    } finally {
      await pool.close();
    }
  });

  it('sends a message larger than the socket buffer whole, dot-stuffed, without waiting for a drain that a corked socket never emits', async () => {
    const pool = new SmtpPool({ url: server.url, maxConnections: 1, socketTimeout: 10_000 });
    const lines = Array.from({ length: 8000 }, (_, i) => (i % 100 === 0 ? `.line ${i} starts with a dot` : `line ${i} ${'x'.repeat(60)}`));
    const raw = Buffer.from(`From: news@example.com\r\nTo: reader@recipients.test\r\nSubject: Large\r\nMessage-ID: <pool-large@example.com>\r\n\r\n${lines.join('\r\n')}\r\n`);
    expect(raw.length).toBeGreaterThan(500_000);
    try {
      await pool.send({ envelope: { from: 'news@example.com', to: ['reader@recipients.test'] }, raw });
      await pool.send(wire()); // and the connection goes on
      expect(server.byMessageId('<pool-large@example.com>')[0].raw.toString()).toBe(raw.toString());
    } finally {
      await pool.close();
    }
  });
});

describe('createSmtpMailer over the pool', () => {
  it('composes, sends and reports the message; the admit hook runs once per message', async () => {
    const mailer = createSmtpMailer(server.url, { maxConnections: 2 });
    const msg: OutgoingMessage = {
      emailId: 'pool-mailer',
      messageId: '<pool-mailer@example.com>',
      from: { name: 'News', address: 'news@example.com' },
      to: 'reader@recipients.test',
      subject: 'Through the pool',
      html: '<p>Hello</p>',
      returnPath: 'bounces+pool-mailer@example.com',
    };
    let admissions = 0;
    try {
      const info = await mailer.send(msg, { admit: async () => (admissions++, true) });
      expect(info).toMatchObject({ accepted: ['reader@recipients.test'], rejected: [], messageId: msg.messageId });
      expect(admissions).toBe(1);
      const [got] = server.byMessageId(msg.messageId);
      expect(got.envelopeFrom).toBe('bounces+pool-mailer@example.com');
      expect((await TestSmtpServer.parse(got)).subject).toBe('Through the pool');
    } finally {
      await mailer.close();
    }
  });
});

describe('SMTP_MAX_CONNECTIONS: the pool size of the worker mailer', () => {
  const BATCH = 30;
  const message = (tag: string, i: number): OutgoingMessage => ({
    emailId: `${tag}-${i}`,
    messageId: `<${tag}-${i}@example.com>`,
    from: { address: 'news@example.com' },
    to: `reader${i}@recipients.test`,
    subject: `Batch ${i}`,
    html: `<p>Hello ${i}</p>`,
  });

  /**
   * BATCH messages handed at once to the mailer the worker builds from this environment (createMailer,
   * as worker/create-worker.ts does), while the server holds each DATA until 4 connections are open
   * (or 3 s passed): every send waits for a connection, so the pool opens all it may. The most
   * connections the server saw open at once, and the Message-IDs that arrived.
   */
  async function sendBatch(tag: string, env: Record<string, string>) {
    const sink = await TestSmtpServer.start();
    const mailer = createMailer(loadConfig({ DATA_DIR: '/nonexistent', SMTP_URL: sink.url, ...env }));
    try {
      sink.holdDataUntilOpen(4, 3_000);
      await Promise.all(Array.from({ length: BATCH }, (_, i) => mailer.send(message(tag, i))));
      return { mostOpen: sink.mostOpen, arrived: sink.messages.map((m) => m.messageId).sort() };
    } finally {
      await mailer.close();
      await sink.close();
    }
  }
  const sent = (tag: string) => Array.from({ length: BATCH }, (_, i) => `<${tag}-${i}@example.com>`).sort();

  it('at 3: the server never has more than 3 connections open at once, and every message arrives', async () => {
    const { mostOpen, arrived } = await sendBatch('three', { SMTP_MAX_CONNECTIONS: '3' });
    expect(mostOpen).toBe(3);
    expect(arrived).toEqual(sent('three'));
  });

  it('unset: the same load opens more than 3 (the setting is what held them to 3), up to the default', async () => {
    const { mostOpen, arrived } = await sendBatch('default', {});
    expect(mostOpen).toBeGreaterThan(3);
    expect(mostOpen).toBeLessThanOrEqual(DEFAULT_SMTP_MAX_CONNECTIONS);
    expect(arrived).toEqual(sent('default'));
  });

  it('is the single-message engine\'s sends in flight, kept below the database pool it needs two connections of', () => {
    const deps = (env: Record<string, string>, dbConnections: number, embeddedDatabase = false) =>
      ({ config: { ...loadConfig(env), embeddedDatabase }, orm: { config: { get: () => ({ min: 0, max: dbConnections }) } } }) as unknown as ActivityDeps;
    expect(sendsInFlight(deps({ SMTP_MAX_CONNECTIONS: '3' }, 10))).toBe(3);
    expect(sendsInFlight(deps({ SMTP_MAX_CONNECTIONS: '50' }, 10))).toBe(9);
    expect(sendsInFlight(deps({ SMTP_MAX_CONNECTIONS: '50' }, 60))).toBe(50);
    // The embedded database's sends hold no transaction (delivery/send.ts).
    expect(sendsInFlight(deps({ SMTP_MAX_CONNECTIONS: '50' }, 4, true))).toBe(50);
  });

  it('is an integer from 1 to 100', () => {
    expect(loadConfig({}).smtpMaxConnections).toBe(DEFAULT_SMTP_MAX_CONNECTIONS);
    for (const bad of ['0', '101', '2.5', 'many']) expect(() => loadConfig({ SMTP_MAX_CONNECTIONS: bad }), bad).toThrow(/SMTP_MAX_CONNECTIONS/);
  });
});
