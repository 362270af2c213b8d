import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { DnsResolver } from '../domains/dns.js';

/*
 * WEBHOOK steps call user-given URLs from inside the service's network, so every hop is checked
 * after DNS resolution: only public unicast addresses, never loopback, private, link-local (cloud
 * metadata), CGNAT, documentation or multicast ranges. The connection goes to the address that
 * was checked (no second lookup a rebinding DNS server could answer differently), and redirects
 * are followed by hand, each target checked the same way.
 */

const BLOCKED = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(net6, bits, 'ipv6');

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted quad read as two groups); null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits, for every form that does:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still parsed),
 * SIIT (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and ISATAP (any prefix, ...:0:5efe:a.b.c.d or
 * ...:200:5efe:a.b.c.d). 6to4 (2002::/16) and Teredo (2001::/32) are refused as whole ranges.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const v4 = `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  if (zeros(0, 5) && g[5] === 0xffff) return v4; // mapped
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4; // SIIT
  if (zeros(0, 6)) return v4; // compatible (:: and ::1 are 0.0.0.0 and 0.0.0.1: refused as 0.0.0.0/8)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4; // NAT64 well-known prefix
  if ((g[4] === 0 || g[4] === 0x200) && g[5] === 0x5efe) return v4; // ISATAP
  return null;
}

/** An IPv4 address written inside IPv6 as IPv4-mapped (::ffff:a.b.c.d, however written) is connected to as the IPv4 address. */
function normalize(address: string): { address: string; family: 4 | 6 } {
  if (net.isIPv4(address)) return { address, family: 4 };
  const g = ipv6Groups(address);
  if (g && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return { address: embeddedIPv4(address)!, family: 4 };
  return { address, family: 6 };
}

/** Public when neither the address nor an IPv4 address it embeds (embeddedIPv4) is in a refused range. */
export const isPublicAddress = (address: string) => {
  const a = normalize(address);
  if (BLOCKED.check(a.address, a.family === 4 ? 'ipv4' : 'ipv6')) return false;
  const inner = a.family === 6 ? embeddedIPv4(a.address) : null;
  return !(inner && BLOCKED.check(inner, 'ipv4'));
};
const isLoopback = (address: string) => {
  const a = normalize(address);
  return LOOPBACK.check(a.address, a.family === 4 ? 'ipv4' : 'ipv6');
};

export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

export interface WebhookOptions {
  dns: DnsResolver;
  /** Tests only: this host name may resolve to a loopback address (nothing else private). */
  allowLoopbackHost?: string;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBodyBytes?: number;
}

export interface WebhookRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface WebhookResponse {
  status: number;
  /** The first `maxBodyBytes` of the answer, as text. */
  body: string;
  /** The URL that answered (after redirects). */
  url: string;
}

/** The vetted address to connect to for `url`; throws WebhookRefused for anything not public. */
export async function vetTarget(url: URL, opts: WebhookOptions): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookRefused(`Only http and https URLs are allowed, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    const [a, aaaa] = await Promise.all([opts.dns.a(host), opts.dns.aaaa(host)]);
    addresses = [...(a.ok ? a.records : []), ...(aaaa.ok ? aaaa.records : [])];
    if (addresses.length === 0) throw new WebhookRefused(`${host} does not resolve (${a.ok ? 'no address' : a.message})`);
  }
  const allowLoopback = opts.allowLoopbackHost !== undefined && host === opts.allowLoopbackHost.toLowerCase();
  // Every address must pass: a name answering one public and one private address is refused.
  const bad = addresses.find((addr) => !isPublicAddress(addr) && !(allowLoopback && isLoopback(addr)));
  if (bad) throw new WebhookRefused(`${host} resolves to ${bad}, which is not a public address`);
  return normalize(addresses[0]);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One HTTP exchange with the vetted address; the body is read up to the cap, the rest dropped. */
function exchange(url: URL, target: { address: string; family: 4 | 6 }, req: WebhookRequest, maxBody: number, signal: AbortSignal) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const r = client.request(
      url,
      {
        method: req.method,
        headers: { 'user-agent': 'mailhub-automation/1', ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...req.headers },
        // Node asks for every address (`all`) when it may race IPv4 and IPv6: either way, only the vetted one.
        lookup: (_host, lookupOpts, cb) =>
          (lookupOpts as { all?: boolean }).all
            ? (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }])
            : (cb as (e: null, a: string, f: number) => void)(null, target.address, target.family),
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < maxBody) chunks.push(c.subarray(0, maxBody - size));
          size += c.length;
          if (size >= maxBody) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') });
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Calls the webhook, following at most `maxRedirects` redirects, each hop vetted; 10 s for all of it. */
export async function callWebhook(req: WebhookRequest, opts: WebhookOptions): Promise<WebhookResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const maxBody = opts.maxBodyBytes ?? 4096;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  let url = new URL(req.url);
  let current = req;
  for (let hop = 0; ; hop++) {
    const target = await vetTarget(url, opts);
    const res = await exchange(url, target, current, maxBody, signal);
    if (!REDIRECTS.has(res.status) || !res.location) return { status: res.status, body: res.body, url: url.toString() };
    if (hop >= maxRedirects) throw new WebhookRefused(`More than ${maxRedirects} redirects`);
    url = new URL(res.location, url);
    // 303 (and, as browsers do, 301/302 after a POST) continue as a GET without a body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === 'POST')) current = { ...current, method: 'GET', body: undefined };
  }
}
