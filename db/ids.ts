import { randomFillSync } from 'node:crypto';

// Random bytes are taken from a pool refilled 4 KB at a time (as crypto.randomUUID does): one
// call into OpenSSL per ~250 ids instead of two per id, which showed in the /v1/track profile.
const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** `n` (at most 4096) cryptographically random bytes, in a new buffer. */
export function randomBytesPooled(n: number): Buffer {
  if (poolOffset + n > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = Buffer.allocUnsafe(n);
  pool.copy(out, 0, poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

let lastMs = 0;
let seq = 0;

/**
 * UUIDv7 (RFC 9562): time-ordered, so `order by id desc` is newest first and a keyset cursor
 * over `id` alone is stable under concurrent inserts. A per-process counter keeps ids
 * generated within one millisecond in order.
 */
export function newId(now = Date.now()): string {
  if (now <= lastMs) {
    seq = (seq + 1) & 0xfff;
    if (seq === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    seq = randomBytesPooled(2).readUInt16BE() & 0x7ff;
  }
  const b = randomBytesPooled(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80;
  return uuidString(b);
}

/** 16 bytes in the UUID text form (8-4-4-4-12 hex digits). */
export function uuidString(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The one UUID pattern (any version; ids are UUIDv7), either case. No `i` flag: the OpenAPI
 * document carries `source` as its `pattern`, where a flag would end up as a literal `/i`.
 */
export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s: string): boolean => UUID_RE.test(s);
