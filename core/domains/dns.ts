import dns from 'node:dns';

/**
 * The one DNS layer of the service (verification, sender-domain checks). Every lookup goes through
 * a private `dns.promises.Resolver` pointed at `servers`: never the global `dns.setServers()`, which
 * nodemailer relies on, and never `dns.lookup()`, which asks the OS and ignores the servers.
 * Answers come back as a result value, never a thrown error, so callers can explain a failure.
 */

export type DnsFailureKind = 'nxdomain' | 'nodata' | 'timeout' | 'servfail' | 'error';

export type DnsResult<T> =
  | { ok: true; records: T[]; ttl?: number }
  | { ok: false; kind: DnsFailureKind; message: string };

export interface MxRecord {
  priority: number;
  /** '' for the null MX of RFC 7505 (`0 .`). */
  exchange: string;
}

export interface LookupOptions {
  /** Skip the cache (and any lookup in flight) and ask the servers; the answer is still cached. */
  fresh?: boolean;
}

export interface DnsResolver {
  mx(name: string, opts?: LookupOptions): Promise<DnsResult<MxRecord>>;
  /** Each record's character-strings joined into one string (DKIM keys, SPF and DMARC span several). */
  txt(name: string, opts?: LookupOptions): Promise<DnsResult<string>>;
  a(name: string, opts?: LookupOptions): Promise<DnsResult<string>>;
  aaaa(name: string, opts?: LookupOptions): Promise<DnsResult<string>>;
  ns(name: string, opts?: LookupOptions): Promise<DnsResult<string>>;
  clearCache(): void;
  /** The servers asked (`host:port`), empty for the system resolvers. */
  readonly servers: readonly string[];
}

export interface DnsResolverOptions {
  /** `host:port` (or `host`) entries; empty = the system's resolvers. */
  servers?: string[];
  /** Per-try timeout in ms. */
  timeoutMs?: number;
  tries?: number;
  /** Most cached answers kept; the least recently used goes first. 0 disables the cache. */
  cacheMax?: number;
  /** Cache time for MX/TXT/NS answers (Node does not report their TTL). */
  positiveTtlMs?: number;
  /** Cache time for NXDOMAIN and NODATA. */
  negativeTtlMs?: number;
  /** Upper bound on a TTL taken from an A/AAAA answer. */
  maxTtlMs?: number;
}

/** Node's resolver error codes -> what they mean for a caller. */
export function classifyDnsError(err: unknown): { kind: DnsFailureKind; message: string } {
  const code = (err as NodeJS.ErrnoException)?.code ?? '';
  const detail = (err as Error)?.message ?? String(err);
  switch (code) {
    case 'ENOTFOUND':
      return { kind: 'nxdomain', message: 'the domain does not exist (NXDOMAIN)' };
    case 'ENODATA':
      return { kind: 'nodata', message: 'no records of this type' };
    case 'ESERVFAIL':
      return { kind: 'servfail', message: 'the DNS server failed to answer (SERVFAIL)' };
    case 'ETIMEOUT':
      return { kind: 'timeout', message: 'the DNS lookup timed out' };
    default:
      return { kind: 'error', message: `the DNS lookup failed (${code || detail})` };
  }
}

type Kind = 'mx' | 'txt' | 'a' | 'aaaa' | 'ns';
interface Entry {
  value: Promise<DnsResult<unknown>>;
  /** Epoch ms; Infinity while the lookup is in flight. */
  expires: number;
}

export function createDnsResolver(opts: DnsResolverOptions = {}): DnsResolver {
  const servers = (opts.servers ?? []).map((s) => s.trim()).filter(Boolean);
  const resolver = new dns.promises.Resolver({ timeout: opts.timeoutMs ?? 2000, tries: opts.tries ?? 1 });
  if (servers.length) resolver.setServers(servers);
  const cacheMax = opts.cacheMax ?? 10_000;
  const positiveTtlMs = opts.positiveTtlMs ?? 60_000;
  const negativeTtlMs = opts.negativeTtlMs ?? 30_000;
  const maxTtlMs = opts.maxTtlMs ?? 3_600_000;
  const cache = new Map<string, Entry>();

  const ask: Record<Kind, (name: string) => Promise<{ records: unknown[]; ttl?: number }>> = {
    mx: async (n) => ({ records: (await resolver.resolveMx(n)).map((r) => ({ priority: r.priority, exchange: r.exchange.replace(/\.$/, '') })) }),
    txt: async (n) => ({ records: (await resolver.resolveTxt(n)).map((chunks) => chunks.join('')) }),
    ns: async (n) => ({ records: await resolver.resolveNs(n) }),
    a: async (n) => withTtl(await resolver.resolve4(n, { ttl: true })),
    aaaa: async (n) => withTtl(await resolver.resolve6(n, { ttl: true })),
  };

  /** How long an answer may be reused. */
  const ttlFor = (r: DnsResult<unknown>): number => {
    if (r.ok) return r.ttl === undefined ? positiveTtlMs : Math.min(r.ttl * 1000, maxTtlMs);
    return r.kind === 'nxdomain' || r.kind === 'nodata' ? negativeTtlMs : 0; // failures are not cached
  };

  const remember = (key: string, entry: Entry) => {
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > cacheMax) cache.delete(cache.keys().next().value!);
  };

  function lookup<T>(kind: Kind, rawName: string, o: LookupOptions = {}): Promise<DnsResult<T>> {
    const name = rawName.trim().toLowerCase().replace(/\.+$/, '');
    if (!name) return Promise.resolve({ ok: false, kind: 'error', message: 'empty name' });
    const key = `${kind} ${name}`;
    const now = Date.now();
    if (!o.fresh && cacheMax > 0) {
      const hit = cache.get(key);
      if (hit && hit.expires > now) {
        remember(key, hit); // refresh its place in the LRU order
        return hit.value as Promise<DnsResult<T>>;
      }
    }
    const value: Promise<DnsResult<unknown>> = ask[kind](name).then(
      (r) => ({ ok: true as const, records: r.records, ...(r.ttl !== undefined ? { ttl: r.ttl } : {}) }),
      (err) => ({ ok: false as const, ...classifyDnsError(err) }),
    );
    if (cacheMax > 0) {
      // While in flight, concurrent callers share the one query.
      const entry: Entry = { value, expires: Infinity };
      remember(key, entry);
      void value.then((r) => {
        if (cache.get(key) !== entry) return;
        const ttl = ttlFor(r);
        if (ttl > 0) entry.expires = Date.now() + ttl;
        else cache.delete(key);
      });
    }
    return value as Promise<DnsResult<T>>;
  }

  return {
    servers,
    mx: (n, o) => lookup<MxRecord>('mx', n, o),
    txt: (n, o) => lookup<string>('txt', n, o),
    a: (n, o) => lookup<string>('a', n, o),
    aaaa: (n, o) => lookup<string>('aaaa', n, o),
    ns: (n, o) => lookup<string>('ns', n, o),
    clearCache: () => cache.clear(),
  };
}

/** Addresses plus the smallest TTL of the set (the time the whole answer stays valid). */
function withTtl(records: { address: string; ttl: number }[]) {
  return { records: records.map((r) => r.address), ttl: records.length ? Math.min(...records.map((r) => r.ttl)) : undefined };
}

/** `DNS_SERVERS` entries are `host:port` or bare hosts; IPv6 needs brackets with a port: `[::1]:53`. */
export const dnsResolverFromConfig = (config: { dnsServers: string[] }, opts: Omit<DnsResolverOptions, 'servers'> = {}) =>
  createDnsResolver({ ...opts, servers: config.dnsServers });
