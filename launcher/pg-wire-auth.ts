import { createHash, timingSafeEqual } from 'node:crypto';
import type net from 'node:net';
import { frame } from './pg-wire-messages.js';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

export interface StartupState {
  done: boolean;
  /** The client's startup packet, held until its password is checked. */
  startup?: Buffer;
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const fatal = (code: string, message: string) => frame('E', Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`));

/**
 * The connection's start: refuses SSL/GSS (loopback), asks for the password when one is set, then
 * hands the startup packet to PGlite (which answers AuthenticationOk, parameters, ReadyForQuery).
 * Returns the bytes after what it consumed; `state.done` once the connection is ready for queries.
 */
export async function authenticate(
  state: StartupState,
  input: Buffer,
  socket: net.Socket,
  password: string | undefined,
  run: (bytes: Buffer) => Promise<void>,
): Promise<{ rest: Buffer }> {
  let buffer = input;
  while (!state.done) {
    if (state.startup) {
      if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) break;
      const len = 1 + buffer.readInt32BE(1);
      const given = buffer[0] === 0x70 /* p */ ? buffer.toString('utf8', 5, len - 1) : undefined;
      buffer = buffer.subarray(len);
      if (given === undefined || !timingSafeEqual(digest(given), digest(password ?? ''))) {
        socket.end(fatal('28P01', 'password authentication failed for the embedded database (its password is in DATA_DIR/pg-password)'));
        return { rest: Buffer.alloc(0) };
      }
      await run(state.startup);
      state.done = true;
      break;
    }
    if (buffer.length < 8 || buffer.length < buffer.readInt32BE(0)) break;
    const len = buffer.readInt32BE(0);
    const code = buffer.readInt32BE(4);
    const packet = buffer.subarray(0, len);
    buffer = buffer.subarray(len);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      socket.write('N');
    } else if (code === CANCEL_REQUEST) {
      socket.end(); // cancelling a running query is not supported by PGlite
      return { rest: Buffer.alloc(0) };
    } else if (code !== PROTOCOL_3) {
      socket.end(fatal('08P01', 'unsupported frontend protocol'));
      return { rest: Buffer.alloc(0) };
    } else if (password) {
      state.startup = Buffer.from(packet);
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
    } else {
      await run(Buffer.from(packet));
      state.done = true;
    }
  }
  return { rest: buffer };
}
