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

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address. */
function normalize(address: string): { address: string; family: 4 | 6 } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 4 };
  return { address, family: net.isIPv4(address) ? 4 : 6 };
}

export const isPublicAddress = (address: string) => {
  const a = normalize(address);
  return !BLOCKED.check(a.address, a.family === 4 ? 'ipv4' : 'ipv6');
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
