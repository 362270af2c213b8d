/** PostgreSQL frontend messages (type byte, int32 length, body) as far as the embedded server needs them. */

export function frame(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/** The NUL-terminated string at `at` and the offset after it. */
function cstring(b: Buffer, at: number): { value: string; next: number } {
  const end = b.indexOf(0, at);
  return { value: b.toString('utf8', at, end), next: end + 1 };
}

const named = (name: string, prefix: string) => (name === '' ? '' : prefix + name);

/**
 * Prefixes the names of prepared statements and portals in Parse, Bind, Describe, Execute and Close,
 * so each connection has its own namespace on the shared session. Unnamed ones stay unnamed.
 */
export function rewriteNames(m: Buffer, prefix: string): Buffer {
  const type = String.fromCharCode(m[0]);
  if (type === 'P' || type === 'E') {
    const first = cstring(m, 5);
    if (first.value === '') return m;
    return frame(type, Buffer.concat([Buffer.from(`${named(first.value, prefix)}\0`), m.subarray(first.next)]));
  }
  if (type === 'B') {
    const portal = cstring(m, 5);
    const stmt = cstring(m, portal.next);
    if (portal.value === '' && stmt.value === '') return m;
    const names = `${named(portal.value, prefix)}\0${named(stmt.value, prefix)}\0`;
    return frame(type, Buffer.concat([Buffer.from(names), m.subarray(stmt.next)]));
  }
  if (type === 'D' || type === 'C') {
    const name = cstring(m, 6);
    if (name.value === '') return m;
    return frame(type, Buffer.concat([m.subarray(5, 6), Buffer.from(`${named(name.value, prefix)}\0`)]));
  }
  return m;
}

/** A named statement this (already renamed) message creates or closes. */
export function namedStatement(m: Buffer): { op: 'prepare' | 'close'; name: string } | undefined {
  if (m[0] === 0x50 /* P */) {
    const name = cstring(m, 5).value;
    return name ? { op: 'prepare', name } : undefined;
  }
  if (m[0] === 0x43 /* C */ && m[5] === 0x53 /* S */) {
    const name = cstring(m, 6).value;
    return name ? { op: 'close', name } : undefined;
  }
  return undefined;
}
