import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { authenticate, type StartupState } from './pg-wire-auth.js';
import { frame, namedStatement, rewriteNames } from './pg-wire-messages.js';

/*
 * The PostgreSQL wire protocol in front of PGlite, which has ONE session for all connections.
 * Replaces @electric-sql/pglite-socket's server, whose queue runs each protocol message on its own:
 * a Parse from one connection could land between another's Parse and Bind (wrong statement run with
 * the other's parameters, seen here with large parameters split over TCP reads), and its named
 * prepared statements collided across connections (42P05). Here:
 * - a connection owns the session from its first message until a Sync or simple Query leaves no
 *   transaction block open, so extended-protocol batches and transactions never interleave;
 * - named prepared statements and portals are renamed per connection (`c<id>_<name>`) and the
 *   statements a connection prepared are closed when it disconnects (a real server drops them with its
 *   backend); an open transaction of a vanished connection is rolled back;
 * - clients authenticate with a password when one is set (cleartext, loopback only).
 */

export interface WireServer {
  port: number;
  stop(): Promise<void>;
}

/** Hands the session to one connection at a time, first come first served. */
class SessionOwner {
  private owner?: number;
  private readonly waiting: { id: number; go: () => void }[] = [];
  acquire(id: number): Promise<void> {
    if (this.owner === undefined || this.owner === id) {
      this.owner = id;
      return Promise.resolve();
    }
    return new Promise((go) => this.waiting.push({ id, go }));
  }
  release(id: number) {
    if (this.owner !== id) return;
    const next = this.waiting.shift();
    this.owner = next?.id;
    next?.go();
  }
}

const SYNC = frame('S', Buffer.alloc(0));
const ROLLBACK = frame('Q', Buffer.from('ROLLBACK\0'));

export async function startWireServer(opts: { db: PGlite; host: string; port: number; password?: string; maxConnections: number }): Promise<WireServer> {
  const { db } = opts;
  const session = new SessionOwner();
  const sockets = new Set<net.Socket>();
  const cleanups = new Set<Promise<void>>();
  let nextId = 1;

  // Runs protocol bytes on the one session; its answers go to `out` (discarded when undefined).
  // Copied: PGlite hands out views of its own memory, which it reuses while a large answer is still
  // queued on the socket.
  const run = (bytes: Buffer, out?: net.Socket) =>
    db.runExclusive(() => db.execProtocolRawStream(new Uint8Array(bytes), { onRawData: (d) => out?.writable && out.write(Buffer.from(d)) }));

  const server = net.createServer((socket) => {
    if (sockets.size >= opts.maxConnections) {
      socket.end(frame('E', Buffer.from('SFATAL\0C53300\0Mtoo many connections to the embedded database\0\0')));
      return;
    }
    sockets.add(socket);
    socket.setNoDelay(true);
    const id = nextId++;
    const prefix = `c${id}_`;
    const statements = new Set<string>();
    const startup: StartupState = { done: false };
    let buffer: Buffer = Buffer.alloc(0);
    let chain = Promise.resolve();
    let closed = false;

    const handle = async () => {
      if (!startup.done) {
        const r = await authenticate(startup, buffer, socket, opts.password, async (b) => {
          await session.acquire(id);
          await run(b, socket).finally(() => session.release(id));
        });
        buffer = r.rest;
        if (!startup.done) return;
      }
      // Every complete message buffered now runs in one call, in order, while this connection owns the session.
      let end = 0;
      while (buffer.length - end >= 5 && buffer.length - end >= 1 + buffer.readInt32BE(end + 1)) end += 1 + buffer.readInt32BE(end + 1);
      if (end === 0) return;
      const messages = buffer.subarray(0, end);
      buffer = buffer.subarray(end);
      const parts: Buffer[] = [];
      let last = '';
      for (let at = 0; at < messages.length; ) {
        const len = 1 + messages.readInt32BE(at + 1);
        const m = rewriteNames(messages.subarray(at, at + len), prefix);
        const named = namedStatement(m);
        if (named?.op === 'prepare') statements.add(named.name);
        if (named?.op === 'close') statements.delete(named.name);
        last = String.fromCharCode(m[0]);
        if (last !== 'X') parts.push(m);
        at += len;
      }
      await session.acquire(id);
      if (parts.length > 0) await run(Buffer.concat(parts), socket);
      if ((last === 'S' || last === 'Q' || last === 'X') && !db.isInTransaction()) session.release(id);
      if (last === 'X') socket.end();
    };

    socket.on('data', (d) => {
      buffer = buffer.length ? Buffer.concat([buffer, d]) : d;
      chain = chain.then(handle).catch(() => void socket.destroy());
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (closed) return;
      closed = true;
      sockets.delete(socket);
      // What a real server does when a backend exits: end its transaction, drop its statements.
      const cleanup = chain.then(async () => {
        if (!startup.done) return;
        await session.acquire(id);
        try {
          const undo = [SYNC];
          if (db.isInTransaction()) undo.push(ROLLBACK);
          for (const name of statements) undo.push(frame('C', Buffer.from(`S${name}\0`)));
          await run(Buffer.concat([...undo, SYNC]));
        } finally {
          session.release(id);
        }
      }).catch(() => {});
      cleanups.add(cleanup);
      void cleanup.then(() => cleanups.delete(cleanup));
    });
  });
  server.maxConnections = opts.maxConnections + 1; // the one over the limit gets the error above

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    async stop() {
      const closedServer = new Promise<void>((r) => server.close(() => r()));
      for (const s of sockets) s.destroy();
      await closedServer;
      await Promise.all([...cleanups]);
    },
  };
}
