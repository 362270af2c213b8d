import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolver, type DnsResult, type MxRecord } from '../core/domains/dns.js';
import { verifyEmail } from '../core/verify/index.js';
import { isAliasDomain, isFreeProvider, isListedDisposable } from '../core/verify/lists.js';
import { assessDns, type DnsFacts } from '../core/verify/scoring.js';
import { analyzeAddress, isPlusAddressed } from '../core/verify/syntax.js';
import { editDistance, suggestDomain } from '../core/verify/typo.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';

describe('syntax', () => {
  const ok = (s: string) => analyzeAddress(s).ok;

  it('accepts ordinary, plus, quoted and internationalized addresses', () => {
    expect(ok('ada@example.com')).toBe(true);
    expect(ok("o'brien+tag@mail.example.co.uk")).toBe(true);
    expect(ok('"john doe"@example.com')).toBe(true);
    expect(ok('"a@b"@example.com')).toBe(true);
    expect(ok('"with \\"escaped\\" quotes"@example.com')).toBe(true);
    expect(ok('  ada@example.com  ')).toBe(true);
    expect(ok('用户@例子.广告')).toBe(true);
  });

  it('converts an IDN domain to punycode for DNS and lower-cases it', () => {
    const r = analyzeAddress('Jörg@MÜNCHEN.de');
    expect(r).toMatchObject({ ok: true, local: 'Jörg', domain: 'münchen.de', asciiDomain: 'xn--mnchen-3ya.de', isIdn: true });
    expect(analyzeAddress('a@xn--mnchen-3ya.de')).toMatchObject({ ok: true, isIdn: true });
    expect(analyzeAddress('a@example.com')).toMatchObject({ ok: true, isIdn: false, asciiDomain: 'example.com' });
  });

  it('limits the local part to 64 octets and the address to 254', () => {
    const domain = 'example.com';
    expect(ok(`${'a'.repeat(64)}@${domain}`)).toBe(true);
    expect(analyzeAddress(`${'a'.repeat(65)}@${domain}`)).toMatchObject({ ok: false, code: 'LOCAL_TOO_LONG' });
    // 32 two-byte characters are 64 octets; 33 are 66
    expect(ok(`${'é'.repeat(32)}@${domain}`)).toBe(true);
    expect(analyzeAddress(`${'é'.repeat(33)}@${domain}`)).toMatchObject({ ok: false, code: 'LOCAL_TOO_LONG' });

    const label = (n: number) => 'd'.repeat(n);
    const domain252 = `${label(63)}.${label(63)}.${label(63)}.${label(56)}.com`;
    expect(domain252.length).toBe(252);
    expect(ok(`a@${domain252}`)).toBe(true); // 254
    expect(analyzeAddress(`ab@${domain252}`)).toMatchObject({ ok: false, code: 'ADDRESS_TOO_LONG' }); // 255
  });

  it('counts the punycode form of an IDN domain against the 254 limit', () => {
    // Three labels of 18 varied CJK characters: 60 characters, 192 in punycode.
    const cjk = (n: number, o: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919 + o) % 20000))).join('');
    const idn = `${cjk(18, 1)}.${cjk(18, 2)}.${cjk(18, 3)}.com`;
    expect(analyzeAddress(`${'a'.repeat(61)}@${idn}`)).toMatchObject({ ok: true }); // 61 + 1 + 192 = 254
    const r = analyzeAddress(`${'a'.repeat(62)}@${idn}`); // 255 on the wire, 123 characters
    expect(r).toMatchObject({ ok: false, code: 'ADDRESS_TOO_LONG' });
  });

  it('rejects a 10 KB string by its length, before any parsing', () => {
    expect(analyzeAddress(`${'a'.repeat(10_000)}@example.com`)).toMatchObject({ ok: false, code: 'ADDRESS_TOO_LONG' });
    expect(analyzeAddress(`${'a@'.repeat(5_000)}example.com`)).toMatchObject({ ok: false, code: 'ADDRESS_TOO_LONG' });
  });

  it.for([
    ['', 'EMPTY_STRING'],
    ['ada.example.com', 'MISSING_AT_CHAR'],
    ['ada@@example.com', 'MULTIPLE_AT_CHAR'],
    ['a@b@example.com', 'MULTIPLE_AT_CHAR'],
    ['@example.com', 'EMPTY_LOCAL'],
    ['ada@', 'DOMAIN_NON_EMPTY_STRING'],
    ['ada..lovelace@example.com', 'EMPTY_LOCAL_SEGMENT'],
    ['.ada@example.com', 'EMPTY_LOCAL_SEGMENT'],
    ['ada lovelace@example.com', 'INVALID_LOCAL_CHARS'],
    ['"unclosed@example.com', 'INVALID_QUOTED_LOCAL'],
    ['"a"b"@example.com', 'INVALID_QUOTED_LOCAL'],
    ['ada@localhost', 'DOMAIN_SEGMENTS_COUNT'],
    ['ada@exa_mple.com', 'DOMAIN_INVALID_CHARS'],
    ['ada@-example.com', 'DOMAIN_INVALID_CHARS'],
    ['ada@example..com', 'DOMAIN_EMPTY_SEGMENT'],
    ['ada@example.com.', 'DOMAIN_EMPTY_SEGMENT'],
    ['ada@[192.0.2.1]', 'ADDRESS_LITERAL'],
    ['ada@xn--zz.com', 'DOMAIN_INVALID_IDN'],
    ['ada@192.0.2.1', 'DOMAIN_INVALID_TLDS_CHARS'],
  ])('rejects %j (%s) with a plain-words reason', ([address, code]) => {
    const r = analyzeAddress(address);
    expect(r).toMatchObject({ ok: false, code });
    expect(r.ok ? '' : r.reason).toMatch(/^Invalid syntax: [a-z]/);
  });

  it('recognizes plus addressing', () => {
    expect(isPlusAddressed('ada+news')).toBe(true);
    expect(isPlusAddressed('ada+')).toBe(true);
    expect(isPlusAddressed('ada')).toBe(false);
    expect(isPlusAddressed('+ada')).toBe(false);
    expect(isPlusAddressed('"ada+x"')).toBe(false);
  });
});

describe('typo suggestions', () => {
  const noMail = { acceptsMail: false };

  it('edit distance counts a swap of two letters as one edit', () => {
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1);
    expect(editDistance('hotmal.com', 'hotmail.com')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it.for([
    ['gmial.com', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['yahoo.con', 'yahoo.com'],
    ['gmail.co', 'gmail.com'],
    ['gmsil.com', 'gmail.com'],
    ['outlok.com', 'outlook.com'],
    ['protonmial.com', 'protonmail.com'],
    ['iclould.com', 'icloud.com'],
    ['gmx.con', 'gmx.com'],
    ['acme.con', 'acme.com'],
    ['acme.cmo', 'acme.com'],
  ])('%s -> %s when the domain does not receive mail', ([typo, fixed]) => {
    expect(suggestDomain(typo, noMail)).toBe(fixed);
  });

  it('never rewrites a domain that receives mail, unless it is a known typo or on a disposable list', () => {
    expect(suggestDomain('gmail.co', { acceptsMail: true })).toBeNull();
    expect(suggestDomain('gmsil.com', { acceptsMail: true })).toBeNull();
    expect(suggestDomain('gmial.com', { acceptsMail: true })).toBe('gmail.com');
    expect(suggestDomain('gmaul.com', { acceptsMail: true, listedDisposable: true })).toBe('gmail.com');
  });

  it('stays quiet for providers, real TLDs, ties, IDN and known providers', () => {
    expect(suggestDomain('gmail.com', noMail)).toBeNull();
    expect(suggestDomain('mail.com', noMail)).toBeNull();
    expect(suggestDomain('acme.co', noMail)).toBeNull(); // a real TLD is never changed by the TLD rule
    expect(suggestDomain('acme.cm', noMail)).toBeNull();
    expect(suggestDomain('yahoo.fe', noMail)).toBeNull(); // yahoo.fr and yahoo.de tie
    expect(suggestDomain('gmäil.com', noMail)).toBeNull();
    expect(suggestDomain('xn--gmil-goa.com', noMail)).toBeNull();
    expect(suggestDomain('email.com', { acceptsMail: false, knownProvider: true })).toBeNull();
    expect(suggestDomain('example.com', noMail)).toBeNull();
    expect(suggestDomain('aol.co', noMail)).toBeNull(); // too short for fuzzy matching, and co is real
  });
});

describe('lists', () => {
  it('alias relays, including subdomains', () => {
    for (const d of ['privaterelay.appleid.com', 'simplelogin.com', 'aleeas.com', 'duck.com', 'mozmail.com', 'addy.io', 'passmail.net', '33mail.com']) {
      expect(isAliasDomain(d), d).toBe(true);
    }
    expect(isAliasDomain('ada.anonaddy.com')).toBe(true);
    expect(isAliasDomain('appleid.com')).toBe(false);
    expect(isAliasDomain('gmail.com')).toBe(false);
  });

  it('disposable and free providers from the npm lists', () => {
    expect(isListedDisposable('mailinator.com')).toBe(true);
    expect(isListedDisposable('inbox.mailinator.com')).toBe(true);
    expect(isListedDisposable('gmail.com')).toBe(false);
    expect(isFreeProvider('gmail.com')).toBe(true);
    expect(isFreeProvider('example.com')).toBe(false);
  });
});

describe('DNS assessment (pure)', () => {
  const none = { ok: false, kind: 'nodata', message: '' } as const;
  const nx = { ok: false, kind: 'nxdomain', message: '' } as const;
  const timeout = { ok: false, kind: 'timeout', message: 'the DNS lookup timed out' } as const;
  const addr = (...records: string[]): DnsResult<string> => ({ ok: true, records });
  const mx = (...records: MxRecord[]): DnsResult<MxRecord> => ({ ok: true, records });
  const facts = (f: Partial<DnsFacts>): DnsFacts => ({ mx: none, a: none, aaaa: none, ...f });

  it('MX, null MX, implicit MX', () => {
    expect(assessDns(facts({ mx: mx({ priority: 10, exchange: 'mx.x.com' }), a: addr('192.0.2.1') }))).toMatchObject({
      domainExists: true, hasMxRecords: true, acceptsMail: true, hasWebsite: true, implicitMx: false,
    });
    expect(assessDns(facts({ mx: mx({ priority: 0, exchange: '' }), a: addr('192.0.2.1') }))).toMatchObject({
      domainExists: true, hasMxRecords: false, nullMx: true, acceptsMail: false,
    });
    expect(assessDns(facts({ aaaa: addr('2001:db8::1') }))).toMatchObject({ implicitMx: true, acceptsMail: true, hasMxRecords: false });
  });

  it('no implicit MX after a failed MX lookup; NS alone makes the domain exist; www counts as a website', () => {
    expect(assessDns(facts({ mx: timeout, a: addr('192.0.2.1') }))).toMatchObject({ implicitMx: false, acceptsMail: false, domainExists: true });
    expect(assessDns(facts({ ns: addr('ns1.x.com') }))).toMatchObject({ domainExists: true, acceptsMail: false, hasWebsite: false });
    expect(assessDns(facts({ mx: mx({ priority: 1, exchange: 'm' }), wwwA: addr('192.0.2.9') }))).toMatchObject({ hasWebsite: true });
    expect(assessDns(facts({ mx: nx, a: nx, aaaa: nx }))).toMatchObject({ domainExists: false, nxdomain: true, failures: [] });
    expect(assessDns(facts({ mx: timeout, a: timeout, aaaa: timeout })).failures).toHaveLength(3);
  });
});

describe('verifyEmail against a real DNS server', () => {
  let server: TestDnsServer;
  let dns: DnsResolver;
  beforeAll(async () => {
    server = await startTestDnsServer();
    dns = createDnsResolver({ servers: [server.address], timeoutMs: 1000 });
    for (const d of ['gmail.com', 'duck.com', 'mailinator.com', 'gmaul.com', 'privaterelay.appleid.com', 'acme-rules.com', 'xn--mnchen-3ya.de']) {
      server.set(d, 'MX', ['10 mx.mail-host.net']);
      server.set(d, 'A', ['192.0.2.60']);
    }
  });
  afterAll(() => server?.close());

  it('a clean address gets one positive reason', async () => {
    const r = await verifyEmail('ada@acme-rules.com', { dns });
    expect(r).toEqual({
      email: 'ada@acme-rules.com', valid: true, isDisposable: false, isAlias: false, isTypo: false, isPlusAddressed: false,
      isPersonalEmail: false, domainExists: true, hasWebsite: true, hasMxRecords: true, reasons: ['Valid address with MX records'],
    });
  });

  it('checks in the order typo -> alias -> disposable', async () => {
    // duck.com is on mailchecker's list and on the free list: it is an alias relay, nothing else
    expect(await verifyEmail('ada@duck.com', { dns })).toMatchObject({ valid: true, isAlias: true, isDisposable: false, isPersonalEmail: false });
    expect(await verifyEmail('ada@privaterelay.appleid.com', { dns })).toMatchObject({ isAlias: true, isDisposable: false });
    // gmaul.com is on a disposable list and is a typo of gmail.com: a typo, even with MX
    const typo = await verifyEmail('ada@gmaul.com', { dns });
    expect(typo).toMatchObject({ isTypo: true, suggestedEmail: 'ada@gmail.com', isDisposable: false, isPersonalEmail: false });
    expect(typo.reasons.join(' ')).toMatch(/did you mean ada@gmail\.com/);
    const disposable = await verifyEmail('ada@mailinator.com', { dns });
    expect(disposable).toMatchObject({ isDisposable: true, isAlias: false, isTypo: false, isPersonalEmail: false });
    expect(disposable.reasons.join(' ')).toMatch(/disposable/);
    expect(await verifyEmail('ada@gmail.com', { dns })).toMatchObject({ valid: true, isPersonalEmail: true, isTypo: false });
  });

  it('an IDN domain is looked up in punycode and never gets a suggestion', async () => {
    const r = await verifyEmail('jörg@münchen.de', { dns });
    expect(r).toMatchObject({ email: 'jörg@münchen.de', valid: true, hasMxRecords: true, isTypo: false });
    expect(server.queryCount('xn--mnchen-3ya.de', 'MX')).toBe(1);
  });

  it('a syntax error asks no DNS and explains itself', async () => {
    server.resetQueries();
    const r = await verifyEmail('ada@@acme-rules.com', { dns });
    expect(r).toMatchObject({ valid: false, domainExists: false, reasons: [expect.stringMatching(/^Invalid syntax/)] });
    expect(server.queries).toHaveLength(0);
  });
});
