import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Domain } from '../db/entities/index.js';
import { DomainError } from '../core/errors.js';
import { dkimTxtMatches, parseTagList, spfTxtPresent } from '../core/domains/dkim.js';
import { createDomain, dkimForSender, markDomainFailed, normalizeDomainName, type DomainUsageChecker } from '../core/domains/domains.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { insertVerifiedDomain } from './support/emails.js';
import { productExtensions } from '../core/extensions.js';
import { decryptSecret } from '../core/secrets.js';
import { domainWorkflowId } from '../core/workflow-ids.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';
import { expectError } from './support/envelope.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
let dns: TestDnsServer;
const created: string[] = [];

beforeAll(async () => {
  dns = await startTestDnsServer();
  // Short backoff so the real workflow runs through checks and its give-up within seconds.
  ctx = await setupTestContext({
    DNS_SERVERS: dns.address,
    DOMAIN_RECHECK_MIN_SECONDS: '0.5',
    DOMAIN_RECHECK_MAX_SECONDS: '2',
    DOMAIN_VERIFY_GIVE_UP_SECONDS: '15', // long enough for the other tests' PENDING domains to stay PENDING
  });
  await ctx.startWorker();
});
afterAll(async () => {
  // Leave no verification workflow sleeping on the shared dev server.
  await Promise.all(created.map((id) => ctx?.temporal.workflow.getHandle(domainWorkflowId(id)).terminate('test done').catch(() => {})));
  await ctx?.cleanup();
  await dns?.close();
});

async function addDomain(domain: string, key?: string) {
  const res = await ctx.request('POST', '/domains', { body: { domain }, key });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  created.push(body.data.id);
  return body.data;
}

/** Publishes every record the API asked for, exactly as given. */
function publish(dto: { records: { name: string; value: string; purpose: string }[] }, purposes = ['DKIM', 'SPF', 'DMARC']) {
  for (const r of dto.records) if (purposes.includes(r.purpose)) dns.set(r.name, 'TXT', [r.value]);
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const getDomain = async (id: string, key?: string) => (await json(await ctx.request('GET', `/domains/${id}`, { key }))).data;
const waitForStatus = (id: string, status: string) =>
  waitFor(`domain ${id} ${status}`, async () => {
    const d = await getDomain(id);
    return d.status === status ? d : undefined;
  });
const recordOf = (d: any, purpose: string) => d.records.find((r: any) => r.purpose === purpose);

describe('POST /domains', () => {
  it('returns the DKIM, SPF and DMARC records; the key is stored encrypted and never returned', async () => {
    const res = await ctx.request('POST', '/domains', { body: { domain: '  Mail.Example.COM ' } });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const d = JSON.parse(text).data;
    created.push(d.id);
    expect(Object.keys(d).sort()).toEqual(['createdAt', 'domain', 'id', 'lastCheckedAt', 'records', 'status', 'verifiedAt']);
    expect(d).toMatchObject({ domain: 'mail.example.com', status: 'PENDING', verifiedAt: null });
    const dkim = recordOf(d, 'DKIM');
    expect(dkim).toMatchObject({ type: 'TXT', status: 'PENDING' });
    expect(dkim.name).toMatch(/^mh\d{6}-[0-9a-f]{6}\._domainkey\.mail\.example\.com$/);
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    expect(recordOf(d, 'SPF')).toMatchObject({ type: 'TXT', name: 'mail.example.com', value: 'v=spf1 a mx ~all' });
    expect(recordOf(d, 'DMARC')).toMatchObject({ type: 'TXT', name: '_dmarc.mail.example.com', value: 'v=DMARC1; p=none;' });
    expect(text).not.toMatch(/PRIVATE KEY|privateKey|dkimPrivateKeyEnc/);

    const row = await ctx.orm.em.fork().findOneOrFail(Domain, { id: d.id });
    expect(row.dkimPrivateKeyEnc).toMatch(/^v1\./);
    expect(text).not.toContain(row.dkimPrivateKeyEnc);
    const pem = decryptSecret(ctx.config.secretKey!, row.dkimPrivateKeyEnc);
    expect(pem).toContain('BEGIN PRIVATE KEY');
    // The published p= is the public half of the stored private key, RSA 2048.
    const pub = createPublicKey(pem);
    expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(pub.export({ type: 'spki', format: 'der' }).toString('base64')).toBe(dkim.value.split('p=')[1]);

    for (const path of [`/domains/${d.id}`, '/domains', `/domains/${d.id}/verify`]) {
      const r = await ctx.request(path.endsWith('verify') ? 'POST' : 'GET', path);
      const body = await r.text();
      expect(r.status).toBe(200);
      expect(body).not.toMatch(/PRIVATE KEY|privateKey|dkimPrivateKeyEnc/);
      expect(body).not.toContain(row.dkimPrivateKeyEnc);
    }
  });

  it.each([
    ['127.0.0.1', 'IP address'],
    ['[::1]', 'IP address'],
    ['com', 'public suffix'],
    ['co.uk', 'public suffix'],
    ['-bad-.com', 'label'],
    ['bad_.example.com', 'label'],
    ['a..example.com', '1 to 63'],
    [`${'a'.repeat(64)}.com`, '1 to 63'],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`, '253'], // 254 chars
    ['localhost', 'two labels'],
    ['x.example.com/evil', 'letters, digits'],
    ['user@example.com', 'letters, digits'],
    ['example.123', 'numeric'],
    ['   ', 'empty'],
    ['github.io', 'public suffix'],
    ['herokuapp.com', 'public suffix'],
    ['mail.local', 'special-use'],
    ['printer.localhost', 'special-use'],
    ['x.invalid', 'special-use'],
    ['acme.test', 'special-use'],
    ['hidden.onion', 'special-use'],
    ['corp.internal', 'special-use'],
    ['router.home.arpa', 'special-use'],
    ['0x7f000001', 'IP address'],
  ])('refuses %j with a 422 naming the rule', async (domain, rule) => {
    const body = await expectError(await ctx.request('POST', '/domains', { body: { domain } }), 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'domain', code: 'invalid_domain' })]);
    expect(body.error.errors[0].message).toContain(rule);
    // never a suggestion that is itself refused (an IP-like name got "e.g. example.127.0.0.1")
    expect(body.error.errors[0].message).not.toMatch(/e\.g\. example\.\d/);
  });

  it('a name under a private-section suffix is an ordinary domain', async () => {
    expect((await addDomain('mine.github.io')).domain).toBe('mine.github.io');
  });

  it('accepts a 253-character name and converts an IDN to punycode', async () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest).toHaveLength(253);
    expect((await addDomain(longest)).domain).toBe(longest);
    expect((await addDomain('Bücher.example')).domain).toBe('xn--bcher-kva.example');
    // The same name in either form is the same domain.
    await expectError(await ctx.request('POST', '/domains', { body: { domain: 'xn--bcher-kva.example' } }), 409, 'CONFLICT');
  });

  it('a missing body field or a wrong type is a 422', async () => {
    await expectError(await ctx.request('POST', '/domains', { body: {} }), 422, 'VALIDATION_ERROR');
    await expectError(await ctx.request('POST', '/domains', { body: { domain: 42 } }), 422, 'VALIDATION_ERROR');
  });

  it('without SECRET_KEY the key cannot be stored: 503', async () => {
    const err = await createDomain(ctx.orm.em.fork(), ctx.project.id, 'nosecret.example', undefined).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(err.message).toContain('SECRET_KEY');
  });
});

describe('the verification workflow (real worker, real DNS server)', () => {
  it('verifies a domain once its DKIM and SPF records are published', async () => {
    const d = await addDomain('verify-me.example');
    publish(d, ['DKIM', 'SPF']); // DMARC is suggested, not required
    const v = await waitForStatus(d.id, 'VERIFIED');
    expect(recordOf(v, 'DKIM').status).toBe('VERIFIED');
    expect(recordOf(v, 'SPF').status).toBe('VERIFIED');
    expect(recordOf(v, 'DMARC').status).toBe('PENDING');
    expect(new Date(v.verifiedAt).getTime()).toBeGreaterThan(0);
    expect(v.lastCheckedAt).not.toBeNull();
    const handle = ctx.temporal.workflow.getHandle(domainWorkflowId(d.id));
    expect(await handle.result()).toBe('VERIFIED');
    // The checks asked the test server, not a cache.
    expect(dns.queryCount(recordOf(d, 'DKIM').name, 'TXT')).toBeGreaterThanOrEqual(1);
  });

  it('an unpublished domain stays PENDING, then FAILS after the give-up; verify after publishing recovers it', async () => {
    const d = await addDomain('never-published.example');
    const checked = await waitFor('a first check', async () => {
      const x = await getDomain(d.id);
      return x.lastCheckedAt ? x : undefined;
    });
    expect(checked.status).toBe('PENDING');
    expect(recordOf(checked, 'DKIM').status).toBe('PENDING');

    const failed = await waitForStatus(d.id, 'FAILED');
    expect(failed.records.map((r: any) => r.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    expect(await ctx.temporal.workflow.getHandle(domainWorkflowId(d.id)).result()).toBe('FAILED');

    publish(d);
    const res = await ctx.request('POST', `/domains/${d.id}/verify`);
    expect(res.status).toBe(200);
    const v = (await json(res)).data;
    expect(v.status).toBe('VERIFIED');
    expect(v.records.map((r: any) => r.status)).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED']);
  });

  it('a different key at the selector is FAILED, not VERIFIED; chunks and whitespace do not matter', async () => {
    const d = await addDomain('wrong-key.example');
    const dkim = recordOf(d, 'DKIM');
    const other = await addDomain('other-key.example');
    dns.set(dkim.name, 'TXT', [recordOf(other, 'DKIM').value]);
    dns.set('wrong-key.example', 'TXT', ['google-site-verification=abc', 'v=spf1 include:_spf.example.net -all']);
    const checked = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(checked.status).toBe('PENDING');
    expect(recordOf(checked, 'DKIM').status).toBe('FAILED');
    expect(recordOf(checked, 'SPF').status).toBe('VERIFIED');

    // Our key, re-spaced the way DNS consoles split long values: still ours.
    const p = dkim.value.split('p=')[1];
    dns.set(dkim.name, 'TXT', [`v=DKIM1;k=rsa;  p=${p.slice(0, 100)} ${p.slice(100, 300)}\t${p.slice(300)}`]);
    const v = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(v.status).toBe('VERIFIED');
  });

  it('POST /domains/{id}/verify checks now, record by record', async () => {
    const d = await addDomain('step-by-step.example');
    const first = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(first.status).toBe('PENDING');
    expect(first.lastCheckedAt).not.toBeNull();

    publish(d, ['DKIM']);
    const second = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(second.status).toBe('PENDING');
    expect(recordOf(second, 'DKIM').status).toBe('VERIFIED');
    expect(recordOf(second, 'SPF').status).toBe('PENDING');

    publish(d, ['SPF']);
    const third = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(third.status).toBe('VERIFIED');
    expect(await ctx.temporal.workflow.getHandle(domainWorkflowId(d.id)).result()).toBe('VERIFIED');
  });

  it('a DNS server failure (SERVFAIL) leaves the record status as it was', async () => {
    const d = await addDomain('flaky-dns.example');
    publish(d, ['SPF']);
    const before = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(recordOf(before, 'SPF').status).toBe('VERIFIED');
    dns.servfailFor('flaky-dns.example');
    const after = (await json(await ctx.request('POST', `/domains/${d.id}/verify`))).data;
    expect(recordOf(after, 'SPF').status).toBe('VERIFIED');
    dns.delete('flaky-dns.example');
  });
});

describe('ownership and conflicts', () => {
  it("adding a domain never reveals another project's; the same project cannot add it twice", async () => {
    const other = await ctx.newProject('other');
    const theirs = await addDomain('shared.example', other.secretKey);
    await expectError(await ctx.request('POST', '/domains', { body: { domain: 'shared.example' }, key: other.secretKey }), 409, 'CONFLICT');
    const mine = await addDomain('shared.example');
    publish(theirs);
    const verified = (await json(await ctx.request('POST', `/domains/${theirs.id}/verify`, { key: other.secretKey }))).data;
    expect(verified.status).toBe('VERIFIED');
    // Once verified there, it is not verified here as well, even with the records published (only the
    // domain's owner, who controls its DNS, can get this far).
    publish(mine);
    const stillPending = (await json(await ctx.request('POST', `/domains/${mine.id}/verify`))).data;
    expect(stillPending.status).toBe('PENDING');
    expect(recordOf(stillPending, 'DKIM').status).toBe('VERIFIED');
    await ctx.request('DELETE', `/domains/${mine.id}`);
    // Adding it again answers exactly as for a name nobody uses: 201 PENDING, no "another project".
    const again = await ctx.request('POST', '/domains', { body: { domain: 'SHARED.example' } });
    const fresh = await ctx.request('POST', '/domains', { body: { domain: 'nobody-uses-this.example' } });
    expect([again.status, fresh.status]).toEqual([201, 201]);
    const [a, f] = [(await json(again)).data, (await json(fresh)).data];
    expect(Object.keys(a).sort()).toEqual(Object.keys(f).sort());
    expect([a.status, f.status]).toEqual(['PENDING', 'PENDING']);
    expect(JSON.stringify(a)).not.toContain('another project');
  });

  it("another project's domain is a 404 everywhere", async () => {
    const other = await ctx.newProject('stranger');
    const d = await addDomain('private.example');
    await expectError(await ctx.request('GET', `/domains/${d.id}`, { key: other.secretKey }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('POST', `/domains/${d.id}/verify`, { key: other.secretKey }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('DELETE', `/domains/${d.id}`, { key: other.secretKey }), 404, 'NOT_FOUND');
    const list = (await json(await ctx.request('GET', '/domains', { key: other.secretKey }))).data;
    expect(list.domains.map((x: any) => x.id)).not.toContain(d.id);
    await expectError(await ctx.request('GET', '/domains/not-a-uuid'), 404, 'NOT_FOUND');
    await expectError(await ctx.request('GET', '/domains', { key: ctx.project.publicKey }), 403);
  });
});

describe('the give-up (72 h without the records)', () => {
  it('never overwrites a verification that commits VERIFIED while it runs: it waits for the row and answers VERIFIED', async () => {
    await insertVerifiedDomain(ctx.orm, ctx.project.id, 'race.example', ctx.config.secretKey!);
    const [{ id }] = await sqlRows<{ id: string }>(ctx.orm.em.fork(), `update domains set status = 'PENDING', verified_at = null where domain = 'race.example' returning id`);
    let taken!: () => void;
    const lockTaken = new Promise<void>((r) => (taken = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // A verification's write, not yet committed, when the give-up starts.
    const verifying = ctx.orm.em.fork().transactional(async (tx) => {
      await sqlRun(tx, `update domains set status = 'VERIFIED', verified_at = now() where id = ?`, [id]);
      taken();
      await held;
    });
    await lockTaken;
    const givingUp = markDomainFailed(ctx.orm.em.fork(), id);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await verifying;
    expect(await givingUp).toEqual({ status: 'VERIFIED' });
    expect(await sqlRows(ctx.orm.em.fork(), 'select status from domains where id = ?', [id])).toEqual([{ status: 'VERIFIED' }]);
  });
});

describe('GET /domains', () => {
  it('lists every status by default, ?status filters, pages by cursor', async () => {
    const p = await ctx.newProject('lister');
    const a = await addDomain('list-a.example', p.secretKey);
    const b = await addDomain('list-b.example', p.secretKey);
    const c = await addDomain('list-c.example', p.secretKey);
    publish(b);
    await ctx.request('POST', `/domains/${b.id}/verify`, { key: p.secretKey });

    const all = (await json(await ctx.request('GET', '/domains', { key: p.secretKey }))).data;
    expect(all.domains.map((x: any) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all).toMatchObject({ total: 3, hasMore: false, nextCursor: null });

    const verified = (await json(await ctx.request('GET', '/domains?status=VERIFIED', { key: p.secretKey }))).data;
    expect(verified.domains.map((x: any) => x.id)).toEqual([b.id]);
    expect(verified.domains[0].status).toBe('VERIFIED');
    const pending = (await json(await ctx.request('GET', '/domains?status=PENDING', { key: p.secretKey }))).data;
    expect(pending.domains.map((x: any) => x.id)).toEqual([c.id, a.id]);

    const page1 = (await json(await ctx.request('GET', '/domains?limit=2', { key: p.secretKey }))).data;
    expect(page1.items.map((x: any) => x.id)).toEqual([c.id, b.id]);
    expect(page1.hasMore).toBe(true);
    const page2 = (await json(await ctx.request('GET', `/domains?limit=2&cursor=${page1.nextCursor}`, { key: p.secretKey }))).data;
    expect(page2.items.map((x: any) => x.id)).toEqual([a.id]);
    expect(page2.hasMore).toBe(false);

    await expectError(await ctx.request('GET', '/domains?status=verified', { key: p.secretKey }), 422, 'VALIDATION_ERROR');
    await expectError(await ctx.request('GET', '/domains?limit=101', { key: p.secretKey }), 422, 'VALIDATION_ERROR');
  });
});

describe('DELETE /domains/{id}', () => {
  it('stops the verification workflow and removes the domain', async () => {
    const d = await addDomain('delete-me.example');
    const handle = ctx.temporal.workflow.getHandle(domainWorkflowId(d.id));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    const res = await ctx.request('DELETE', `/domains/${d.id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ id: d.id, deleted: true });
    expect((await handle.describe()).status.name).toBe('TERMINATED');
    await expectError(await ctx.request('GET', `/domains/${d.id}`), 404, 'NOT_FOUND');
    await expectError(await ctx.request('DELETE', `/domains/${d.id}`), 404, 'NOT_FOUND');
    // Deleting one whose workflow already finished is fine too.
    const v = await addDomain('delete-verified.example');
    publish(v);
    await waitForStatus(v.id, 'VERIFIED');
    await ctx.temporal.workflow.getHandle(domainWorkflowId(v.id)).result();
    expect((await ctx.request('DELETE', `/domains/${v.id}`)).status).toBe(200);
  });

  it('refuses with 409 while a registered usage checker names a user', async () => {
    const d = await addDomain('in-use.example');
    const checker: DomainUsageChecker = async (_em, projectId, domain) =>
      projectId === ctx.project.id && domain.domain === 'in-use.example' ? ['campaign "Spring sale"'] : [];
    ctx.deps.extensions = { ...productExtensions, domainUsage: [checker] };
    try {
      const body = await expectError(await ctx.request('DELETE', `/domains/${d.id}`), 409, 'CONFLICT');
      expect(body.error.message).toContain('Spring sale');
      expect((await getDomain(d.id)).id).toBe(d.id);
    } finally {
      ctx.deps.extensions = productExtensions;
    }
    expect((await ctx.request('DELETE', `/domains/${d.id}`)).status).toBe(200);
  });
});

describe('dkimForSender', () => {
  it('gives the decrypted key of a VERIFIED from-domain only', async () => {
    const d = await addDomain('signing.example');
    const em = ctx.orm.em.fork();
    expect(await dkimForSender(em, ctx.project.id, 'news@signing.example', ctx.config.secretKey)).toBeUndefined();
    publish(d);
    await ctx.request('POST', `/domains/${d.id}/verify`);
    const dkim = await dkimForSender(ctx.orm.em.fork(), ctx.project.id, 'News@Signing.Example', ctx.config.secretKey);
    expect(dkim).toMatchObject({ domainName: 'signing.example', keySelector: recordOf(d, 'DKIM').name.split('.')[0] });
    expect(dkim!.privateKey).toContain('BEGIN PRIVATE KEY');
    expect(await dkimForSender(ctx.orm.em.fork(), ctx.project.id, 'a@sub.signing.example', ctx.config.secretKey)).toBeUndefined();
    const other = await ctx.newProject('not-mine');
    expect(await dkimForSender(ctx.orm.em.fork(), other.id, 'a@signing.example', ctx.config.secretKey)).toBeUndefined();
    await expect(dkimForSender(ctx.orm.em.fork(), ctx.project.id, 'a@signing.example', 'another-secret')).rejects.toThrow(/SECRET_KEY/);
  });
});

describe('name and record rules (pure)', () => {
  it('normalizes names', () => {
    expect(normalizeDomainName('Example.COM.')).toBe('example.com');
    expect(normalizeDomainName('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeDomainName('mail.example.co.uk')).toBe('mail.example.co.uk');
    expect(() => normalizeDomainName('256.1.1.1')).toThrow(DomainError);
  });

  it('matches DKIM keys and SPF policies', () => {
    expect(dkimTxtMatches(['v=DKIM1; k=rsa; p=ABC+/='], 'ABC+/=')).toBe(true);
    expect(dkimTxtMatches(['v=DKIM1; p=AB C+/ ='], 'ABC+/=')).toBe(true);
    expect(dkimTxtMatches(['v=DKIM1; k=ed25519; p=ABC+/='], 'ABC+/=')).toBe(false);
    expect(dkimTxtMatches(['v=DKIM1; k=rsa; p=ABD'], 'ABC')).toBe(false);
    expect(dkimTxtMatches(['v=DKIM1; k=rsa; p='], 'ABC')).toBe(false);
    expect(parseTagList(' v = DKIM1 ; p = x y ').get('p')).toBe('xy');
    expect(spfTxtPresent(['v=spf1 -all'])).toBe(true);
    expect(spfTxtPresent(['V=SPF1 include:x ~all'])).toBe(true);
    expect(spfTxtPresent(['v=spf10 a'])).toBe(false);
    expect(spfTxtPresent(['something else'])).toBe(false);
  });
});
