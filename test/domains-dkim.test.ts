import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, type DNSResolver } from 'mailauth';
import { createDnsResolver } from '../core/domains/dns.js';
import { assertVerifiedSender } from '../core/domains/sender-domains.js';
import { domainWorkflowId } from '../core/workflow-ids.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';
import { expectError } from './support/envelope.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

/*
 * End to end: a domain verified by the real workflow against the real test DNS server, mail sent
 * through POST /v1/send and the real delivery pipeline to a real SMTP server, and the received
 * bytes checked by mailauth (an independent DKIM verifier) reading the same DNS server.
 */

let ctx: TestContext;
let dns: TestDnsServer;
let smtp: TestSmtpServer;
const created: string[] = [];

beforeAll(async () => {
  dns = await startTestDnsServer();
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({
    DNS_SERVERS: dns.address,
    SMTP_URL: smtp.url,
    DOMAIN_RECHECK_MIN_SECONDS: '0.5',
    DOMAIN_RECHECK_MAX_SECONDS: '2',
  });
  await ctx.startWorker();
});
afterAll(async () => {
  await Promise.all(created.map((id) => ctx?.temporal.workflow.getHandle(domainWorkflowId(id)).terminate('test done').catch(() => {})));
  await ctx?.cleanup();
  await smtp?.close();
  await dns?.close();
});

/** mailauth's resolver contract (dns.resolve's shapes and error codes), served by the service's own DNS layer. */
function mailauthResolver(servers: string[]): DNSResolver {
  const resolver = createDnsResolver({ servers, cacheMax: 0 });
  return (async (name: string, rrtype: string) => {
    const r =
      rrtype === 'TXT' ? await resolver.txt(name) : rrtype === 'MX' ? await resolver.mx(name) : rrtype === 'A' ? await resolver.a(name) : rrtype === 'AAAA' ? await resolver.aaaa(name) : null;
    if (!r) throw Object.assign(new Error(`unsupported ${rrtype}`), { code: 'ENOTIMP' });
    if (!r.ok) throw Object.assign(new Error(r.message), { code: r.kind === 'nxdomain' ? 'ENOTFOUND' : r.kind === 'nodata' ? 'ENODATA' : 'ESERVFAIL' });
    return rrtype === 'TXT' ? (r.records as string[]).map((txt) => [txt]) : r.records;
  }) as DNSResolver;
}

async function verifiedDomain(name: string) {
  const res = await ctx.request('POST', '/domains', { body: { domain: name } });
  const d = (await json(res)).data;
  expect(res.status).toBe(201);
  created.push(d.id);
  for (const r of d.records) dns.set(r.name, 'TXT', [r.value]);
  dns.set(name, 'A', ['127.0.0.1']); // the SPF `a` mechanism then covers the loopback sender
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = (await json(await ctx.request('GET', `/domains/${d.id}`))).data;
    if (now.status === 'VERIFIED') return now;
    if (Date.now() > deadline) throw new Error(`domain ${name} not verified: ${JSON.stringify(now)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const authenticateAsReceiver = (raw: Buffer | string, sender: string) =>
  authenticate(raw, { resolver: mailauthResolver([dns.address]), ip: '127.0.0.1', helo: 'mailhub.test', sender, mta: 'mx.receiver.test', disableArc: true, disableBimi: true });

describe('DKIM signing of mail from a verified domain', () => {
  it('arrives signed with the domain key, and mailauth reports dkim pass (and SPF/DMARC pass)', async () => {
    const d = await verifiedDomain('signed.example');
    const selector = d.records.find((r: any) => r.purpose === 'DKIM').name.split('.')[0];

    // A MARKETING template: the message then carries the RFC 8058 one-click headers, checked below.
    const tpl = await ctx.request('POST', '/templates', { body: { name: 'Signed news', subject: 'Signed hello', body: '<p>Hello {{name}}</p>', type: 'MARKETING' } });
    expect(tpl.status).toBe(201);
    const res = await ctx.request('POST', '/v1/send', {
      body: { to: 'reader@inbox.example', from: { name: 'Signed Sender', email: 'hello@signed.example' }, template: (await json(tpl)).data.id, data: { name: 'Ada' }, subscribed: true },
    });
    const sent = await json(res);
    expect(res.status, JSON.stringify(sent)).toBe(200);
    const emailId = sent.data.emails[0].email;

    const [msg] = await smtp.waitForCount(1);
    expect(msg.recipients).toEqual(['reader@inbox.example']);
    const raw = msg.raw.toString('utf8');
    expect(raw).toMatch(/^DKIM-Signature:/im);

    const auth = await authenticateAsReceiver(msg.raw, msg.envelopeFrom || 'hello@signed.example');
    const sig = auth.dkim.results[0];
    expect(sig.status.result, JSON.stringify(sig.status)).toBe('pass');
    expect(sig.signingDomain).toBe('signed.example');
    expect(sig.selector).toBe(selector);
    expect(auth.dmarc && auth.dmarc.status.result).toBe('pass');
    expect(auth.spf && auth.spf.status.result).toBe('pass');
    // RFC 8058: marketing mail carries the one-click headers, and the signature must cover both.
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    const dkimHeader = /^DKIM-Signature:((?:.*\r?\n[ \t].*)*.*)/im.exec(raw)![1].replace(/\s+/g, '');
    const signed = /;h=([^;]+)/.exec(dkimHeader)![1].toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));

    await expect.poll(async () => (await json(await ctx.request('GET', `/emails/${emailId}`))).data?.status, { timeout: 10_000 }).toBe('SENT');

    // The verifier really checks: one changed byte of the body breaks the signature.
    const tampered = raw.replace('Hello Ada', 'Hello Eve');
    expect(tampered).not.toBe(raw);
    const bad = await authenticateAsReceiver(tampered, 'hello@signed.example');
    expect(bad.dkim.results[0].status.result).not.toBe('pass');
  });

  it('refuses a sender on an unverified domain with 403 (pending or unknown)', async () => {
    const pending = (await json(await ctx.request('POST', '/domains', { body: { domain: 'pending.example' } }))).data;
    created.push(pending.id);
    const before = smtp.messages.length;
    for (const from of ['news@pending.example', 'someone@unknown.example']) {
      const body = await expectError(
        await ctx.request('POST', '/v1/send', { body: { to: 'reader@inbox.example', from, subject: 'x', body: 'y' } }),
        403,
        undefined,
        '/v1/send',
      );
      expect(body.message).toMatch(/not verified/);
    }
    expect(smtp.messages.length).toBe(before);
    // The alternate shape has no code name; the service's error carries it.
    await expect(assertVerifiedSender(ctx.orm.em.fork(), ctx.project.id, 'news@pending.example')).rejects.toMatchObject({ code: 'DOMAIN_NOT_VERIFIED', status: 403 });
  });
});
