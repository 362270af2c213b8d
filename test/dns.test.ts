import dns from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolver } from '../core/domains/dns.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';

/** The resolver against a real DNS server on loopback (UDP + TCP). */
let server: TestDnsServer;
let resolver: DnsResolver;

beforeAll(async () => {
  server = await startTestDnsServer();
  resolver = createDnsResolver({ servers: [server.address], timeoutMs: 1000 });
});
afterAll(() => server?.close());
beforeEach(() => {
  resolver.clearCache();
  server.resetQueries();
});

describe('record types', () => {
  it('MX (including the null MX of RFC 7505), A with its TTL, AAAA and NS', async () => {
    server.set('mx-types.com', 'MX', ['20 backup.mx-types.com', { priority: 10, exchange: 'mx.mx-types.com.' }]);
    server.set('nullmx-types.com', 'MX', ['0 .']);
    server.set('addr-types.com', 'A', ['192.0.2.10', '192.0.2.11'], { ttl: 120 });
    server.set('addr-types.com', 'AAAA', ['2001:db8::10']);
    server.set('addr-types.com', 'NS', ['ns1.addr-types.com', 'ns2.addr-types.com']);

    const mx = await resolver.mx('mx-types.com');
    expect(mx.ok && [...mx.records].sort((x, y) => x.priority - y.priority)).toEqual([
      { priority: 10, exchange: 'mx.mx-types.com' },
      { priority: 20, exchange: 'backup.mx-types.com' },
    ]);
    expect(await resolver.mx('nullmx-types.com')).toEqual({ ok: true, records: [{ priority: 0, exchange: '' }] });
    expect(await resolver.a('addr-types.com')).toEqual({ ok: true, records: ['192.0.2.10', '192.0.2.11'], ttl: 120 });
    expect(await resolver.aaaa('addr-types.com')).toMatchObject({ ok: true, records: ['2001:db8::10'] });
    const ns = await resolver.ns('addr-types.com');
    expect(ns.ok && ns.records.sort()).toEqual(['ns1.addr-types.com', 'ns2.addr-types.com']);
  });

  it('a TXT value longer than 512 bytes arrives over TCP, its 255-byte chunks joined', async () => {
    const dkim = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(40)}`;
    expect(dkim.length).toBeGreaterThan(1500);
    server.set('mh._domainkey.txt-long.com', 'TXT', [dkim]);
    const r = await resolver.txt('mh._domainkey.txt-long.com');
    expect(r).toEqual({ ok: true, records: [dkim] });
    const transports = server.queries.filter((q) => q.name === 'mh._domainkey.txt-long.com').map((q) => q.transport);
    expect(transports).toEqual(['udp', 'tcp']); // truncated over UDP, retried over TCP
  });

  it('several TXT records stay separate', async () => {
    server.set('txt-many.com', 'TXT', ['v=spf1 -all', 'google-site-verification=abc']);
    const r = await resolver.txt('txt-many.com');
    expect(r.ok && r.records.sort()).toEqual(['google-site-verification=abc', 'v=spf1 -all']);
  });
});

describe('negative answers and failures', () => {
  it('NXDOMAIN for an unknown name, NODATA for a known name without that type (and for an empty non-terminal)', async () => {
    server.set('only-a.com', 'A', ['192.0.2.20']);
    server.set('deep.child.parent-ent.com', 'A', ['192.0.2.21']);
    expect(await resolver.mx('nothing-here.com')).toMatchObject({ ok: false, kind: 'nxdomain' });
    expect(await resolver.mx('only-a.com')).toMatchObject({ ok: false, kind: 'nodata' });
    expect(await resolver.txt('only-a.com')).toMatchObject({ ok: false, kind: 'nodata' });
    expect(await resolver.a('child.parent-ent.com')).toMatchObject({ ok: false, kind: 'nodata' });
  });

  it('SERVFAIL and a server that never answers', async () => {
    server.servfailFor('broken.com');
    server.timeoutFor('silent.com');
    expect(await resolver.a('broken.com')).toMatchObject({ ok: false, kind: 'servfail' });
    const t = await resolver.a('silent.com');
    expect(t).toMatchObject({ ok: false, kind: 'timeout' });
    expect(t.ok ? '' : t.message).toMatch(/timed out/);
  });

  it('a refused connection is an error result, not a thrown exception', async () => {
    // A UDP port nobody listens on: ICMP port unreachable.
    const dead = createDnsResolver({ servers: ['127.0.0.1:1'], timeoutMs: 500 });
    const r = await dead.mx('anything.com');
    expect(r.ok).toBe(false);
    expect(['error', 'timeout']).toContain(r.ok ? '' : r.kind);
  });
});

describe('cache', () => {
  it('a second lookup is answered from the cache; fresh:true asks the server again and sees changes', async () => {
    server.set('cached.com', 'MX', ['10 mx1.cached.com']);
    expect(await resolver.mx('cached.com')).toMatchObject({ ok: true, records: [{ exchange: 'mx1.cached.com' }] });
    server.set('cached.com', 'MX', ['10 mx2.cached.com']);
    expect(await resolver.mx('CACHED.com.')).toMatchObject({ ok: true, records: [{ exchange: 'mx1.cached.com' }] });
    expect(server.queryCount('cached.com', 'MX')).toBe(1);

    expect(await resolver.mx('cached.com', { fresh: true })).toMatchObject({ ok: true, records: [{ exchange: 'mx2.cached.com' }] });
    expect(server.queryCount('cached.com', 'MX')).toBe(2);
    // the fresh answer replaced the cached one
    expect(await resolver.mx('cached.com')).toMatchObject({ ok: true, records: [{ exchange: 'mx2.cached.com' }] });
    expect(server.queryCount('cached.com', 'MX')).toBe(2);
  });

  it('negative answers are cached; failures are not', async () => {
    await resolver.a('missing-cached.com');
    await resolver.a('missing-cached.com');
    expect(server.queryCount('missing-cached.com', 'A')).toBe(1);

    server.servfailFor('flaky.com');
    await resolver.a('flaky.com');
    await resolver.a('flaky.com');
    expect(server.queryCount('flaky.com', 'A')).toBe(2);
  });

  it('an A answer with TTL 0 is not reused', async () => {
    server.set('ttl-zero.com', 'A', ['192.0.2.30'], { ttl: 0 });
    await resolver.a('ttl-zero.com');
    await resolver.a('ttl-zero.com');
    expect(server.queryCount('ttl-zero.com', 'A')).toBe(2);
  });

  it('concurrent lookups of one name share one query', async () => {
    server.set('shared.com', 'A', ['192.0.2.40']);
    const results = await Promise.all(Array.from({ length: 5 }, () => resolver.a('shared.com')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.queryCount('shared.com', 'A')).toBe(1);
  });

  it('is bounded: the least recently used answer is dropped', async () => {
    const small = createDnsResolver({ servers: [server.address], cacheMax: 2 });
    for (const n of ['lru-a.com', 'lru-b.com', 'lru-c.com']) server.set(n, 'A', ['192.0.2.50']);
    await small.a('lru-a.com');
    await small.a('lru-b.com');
    await small.a('lru-a.com'); // a is now the most recently used
    await small.a('lru-c.com'); // evicts b
    await small.a('lru-a.com');
    await small.a('lru-b.com');
    expect(server.queryCount('lru-a.com')).toBe(1);
    expect(server.queryCount('lru-b.com')).toBe(2);
  });
});

it('never changes the process-wide resolvers (nodemailer uses them)', () => {
  const before = dns.getServers();
  createDnsResolver({ servers: [server.address] });
  expect(dns.getServers()).toEqual(before);
});
