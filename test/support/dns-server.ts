/**
 * A real authoritative DNS server on 127.0.0.1 for tests (dns2@3.0.0), with a zone you change at
 * runtime. Point the service at it with `DNS_SERVERS=<server.address>` or
 * `createDnsResolver({ servers: [server.address] })`.
 *
 * - Listens on UDP and TCP on the same port: Node's resolver (c-ares) retries over TCP when a UDP
 *   answer comes back truncated. This server caps UDP answers at the classic 512 bytes (it ignores
 *   the client's EDNS buffer size), so anything longer (DKIM keys, long SPF) goes over TCP, as it
 *   does against many real servers.
 * - Record types: A, AAAA, MX (`{priority, exchange}` or `'10 mx.example.com'`; null MX per
 *   RFC 7505 is `'0 .'`), TXT (each value is one record; values over 255 bytes are split into
 *   255-byte character-strings, which resolvers join back), NS.
 * - Unknown name -> NXDOMAIN (rcode 3). A known name without records of the asked type -> NODATA
 *   (rcode 0, no answers). A name is known when it has records of any type or is a parent of a
 *   name that has (an "empty non-terminal", RFC 8020).
 * - `timeoutFor(name)` makes the server never answer queries for exactly that name (any type,
 *   UDP and TCP), to test resolver timeouts; `servfailFor(name)` answers SERVFAIL (rcode 2).
 * - Every query is logged in `queries` (name lower-cased, type name, transport, arrival time), so
 *   tests can prove that a cache answered instead of the server, or that lookups went out together.
 *
 * Names are case-insensitive and may be given with or without a trailing dot.
 */
import type { AddressInfo, Socket } from 'node:net';
import dns2, { Packet } from 'dns2';

export type TestRecordType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'NS';
export type MxValue = { priority: number; exchange: string } | string;
export type TestRecordValue = string | MxValue;

export interface LoggedQuery {
  name: string;
  /** Type name (`A`, `MX` ...) or the numeric type as a string when unknown. */
  type: string;
  transport: 'udp' | 'tcp';
  /** When it arrived (performance.now(), ms). */
  at: number;
}

export interface TestDnsServer {
  /** `127.0.0.1:PORT`, the form `DNS_SERVERS` and `createDnsResolver({servers})` take. */
  address: string;
  port: number;
  /** Replaces the records of `type` at `name` (an empty list removes them). TTL defaults to 300 s. */
  set(name: string, type: 'MX', values: MxValue[], opts?: { ttl?: number }): void;
  set(name: string, type: Exclude<TestRecordType, 'MX'>, values: string[], opts?: { ttl?: number }): void;
  /** Removes records of `type` at `name`, or all records (and any timeout/servfail) when `type` is omitted. */
  delete(name: string, type?: TestRecordType): void;
  /** The server never answers queries for exactly this name. */
  timeoutFor(name: string): void;
  /** The server answers SERVFAIL for exactly this name. */
  servfailFor(name: string): void;
  /** Every query received since start (or since `resetQueries`). */
  readonly queries: readonly LoggedQuery[];
  /** How many queries matched `name` (and `type`, when given). */
  queryCount(name?: string, type?: TestRecordType): number;
  resetQueries(): void;
  close(): Promise<void>;
}

const TYPES: Record<TestRecordType, number> = { A: Packet.TYPE.A, AAAA: Packet.TYPE.AAAA, MX: Packet.TYPE.MX, TXT: Packet.TYPE.TXT, NS: Packet.TYPE.NS };
const TYPE_NAMES = new Map(Object.entries(TYPES).map(([k, v]) => [v, k]));
const RCODE_NXDOMAIN = 3;
const RCODE_SERVFAIL = 2;
const UDP_LIMIT = 512;

interface RRSet {
  ttl: number;
  /** rdata fields as dns2 encodes them (address / exchange+priority / data / ns). */
  rdata: Record<string, unknown>[];
}

const norm = (name: string) => name.trim().toLowerCase().replace(/\.+$/, '');

function toRdata(type: TestRecordType, value: TestRecordValue): Record<string, unknown> {
  switch (type) {
    case 'A':
    case 'AAAA':
      return { address: String(value) };
    case 'NS':
      return { ns: norm(String(value)) };
    case 'TXT':
      return { data: chunkTxt(String(value)) };
    case 'MX': {
      const mx = typeof value === 'string' ? parseMx(value) : value;
      // The root name ('.' or '') encodes as a single zero byte: the null MX of RFC 7505.
      return { priority: mx.priority, exchange: norm(mx.exchange) };
    }
  }
}

function parseMx(s: string): { priority: number; exchange: string } {
  const m = /^\s*(\d+)\s+(\S+)\s*$/.exec(s);
  if (!m) throw new Error(`MX value must look like "10 mx.example.com" (or "0 ." for a null MX), got "${s}"`);
  return { priority: Number(m[1]), exchange: m[2] };
}

/** RFC 1035 §3.3.14: a TXT record is one or more character-strings of at most 255 bytes each. */
export function chunkTxt(value: string): Buffer[] {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length === 0) return [bytes];
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) out.push(bytes.subarray(i, i + 255));
  return out;
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, Map<TestRecordType, RRSet>>();
  const silent = new Set<string>();
  const failing = new Set<string>();
  const queries: LoggedQuery[] = [];

  const isKnown = (name: string) => {
    if (zone.get(name)?.size) return true;
    for (const [n, sets] of zone) if (sets.size && n.endsWith(`.${name}`)) return true;
    return false;
  };

  /** Builds the answer, or null when the query must go unanswered. */
  const answer = (request: Packet, transport: 'udp' | 'tcp'): Packet | null => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    response.header.ra = 1;
    const q = request.questions[0];
    if (!q) {
      response.header.rcode = 1; // FORMERR
      return response;
    }
    const name = norm(q.name);
    queries.push({ name, type: TYPE_NAMES.get(q.type) ?? String(q.type), transport, at: performance.now() });
    if (silent.has(name)) return null;
    if (failing.has(name)) {
      response.header.rcode = RCODE_SERVFAIL;
      return response;
    }
    if (!isKnown(name)) {
      response.header.rcode = RCODE_NXDOMAIN;
      return response;
    }
    const typeName = TYPE_NAMES.get(q.type) as TestRecordType | undefined;
    const set = typeName ? zone.get(name)?.get(typeName) : undefined;
    for (const rdata of set?.rdata ?? []) {
      response.answers.push({ name: q.name, type: q.type, class: Packet.CLASS.IN, ttl: set!.ttl, ...rdata } as unknown as (typeof response.answers)[number]);
    }
    return response;
  };

  const handler = (transport: 'udp' | 'tcp') => (request: Packet, send: (r: Packet | Buffer) => Promise<Buffer>) => {
    let out: Buffer;
    try {
      const response = answer(request, transport);
      if (!response) return;
      out = response.toBuffer();
      if (transport === 'udp' && out.length > UDP_LIMIT) out = truncated(response);
    } catch {
      // A value dns2 cannot encode (e.g. a label over 63 bytes): SERVFAIL, never a crash.
      const failed = Packet.createResponseFromRequest(request);
      failed.header.rcode = RCODE_SERVFAIL;
      out = failed.toBuffer();
    }
    send(out).catch(() => {
      /* the client went away */
    });
  };

  const { udp, tcp, port } = await listenOnSamePort(handler('udp') as dns2.DnsHandler, handler('tcp') as dns2.DnsHandler);
  const address = `127.0.0.1:${port}`;
  // c-ares keeps TCP connections open; close() must end them or tcp.close() waits for the idle timeout.
  const sockets = new Set<Socket>();
  tcp.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const server: TestDnsServer = {
    address,
    port,
    set(name: string, type: TestRecordType, values: TestRecordValue[], opts: { ttl?: number } = {}) {
      if (!(type in TYPES)) throw new Error(`Unsupported record type ${type}`);
      const n = norm(name);
      const sets = zone.get(n) ?? new Map<TestRecordType, RRSet>();
      if (values.length === 0) sets.delete(type);
      else sets.set(type, { ttl: opts.ttl ?? 300, rdata: values.map((v) => toRdata(type, v)) });
      zone.set(n, sets);
    },
    delete(name, type) {
      const n = norm(name);
      if (type) zone.get(n)?.delete(type);
      else {
        zone.delete(n);
        silent.delete(n);
        failing.delete(n);
      }
    },
    timeoutFor(name) {
      silent.add(norm(name));
    },
    servfailFor(name) {
      failing.add(norm(name));
    },
    queries,
    queryCount(name, type) {
      const n = name === undefined ? undefined : norm(name);
      return queries.filter((q) => (n === undefined || q.name === n) && (type === undefined || q.type === type)).length;
    },
    resetQueries() {
      queries.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
  return server;
}

/** A header-and-question-only reply with TC=1: tells the client to retry over TCP (RFC 1035 §4.2.1). */
function truncated(response: Packet): Buffer {
  const t = new Packet();
  t.header = new Packet.Header({ ...response.header, tc: 1 });
  t.questions = response.questions.slice();
  return t.toBuffer();
}

/**
 * Binds UDP on a free port, then TCP on the same port. If that TCP port is taken, both sockets are
 * dropped and a fresh pair tries again (a dgram socket cannot be re-bound).
 */
async function listenOnSamePort(
  udpHandler: dns2.DnsHandler,
  tcpHandler: dns2.DnsHandler,
): Promise<{ udp: dns2.UDPServer; tcp: dns2.TCPServer; port: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = dns2.createUDPServer(udpHandler);
    const tcp = dns2.createTCPServer(tcpHandler);
    udp.on('requestError', () => {});
    tcp.on('requestError', () => {});
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => {
        udp.off('error', reject);
        resolve();
      });
    });
    udp.on('error', () => {});
    const port = (udp.address() as AddressInfo).port;
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      tcp.once('error', onError);
      tcp.listen(port, '127.0.0.1', () => {
        tcp.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return { udp, tcp, port };
    udp.close();
  }
  throw new Error('Could not bind a DNS test server on UDP and TCP on the same port');
}
