import type { DnsResolver, DnsResult } from '../domains/dns.js';
import { isAliasDomain, isFreeProvider, isListedDisposable } from './lists.js';
import { assessDns, score, syntaxFailure, type DnsFacts, type VerificationResult } from './scoring.js';
import { analyzeAddress, isPlusAddressed } from './syntax.js';
import { suggestDomain } from './typo.js';

export type { VerificationResult } from './scoring.js';

export interface VerifyDeps {
  dns: DnsResolver;
}

/**
 * Verifies one address: syntax, then DNS (MX, A/AAAA; NS and www only when needed), then the
 * lists in the order typo -> alias -> disposable (the disposable lists also carry alias relays and
 * typo domains), then the verdict. Never throws for a DNS problem: a failed lookup becomes a reason.
 */
export async function verifyEmail(address: string, deps: VerifyDeps): Promise<VerificationResult> {
  const email = address.trim();
  const syntax = analyzeAddress(email);
  if (!syntax.ok) return syntaxFailure(email, syntax.reason);
  const { local, domain, asciiDomain } = syntax;

  const facts = await lookupDomain(deps.dns, asciiDomain);
  const dns = assessDns(facts);

  const listedDisposable = isListedDisposable(asciiDomain);
  const free = isFreeProvider(asciiDomain);
  const suggestion = syntax.isIdn
    ? null
    : suggestDomain(asciiDomain, { acceptsMail: dns.acceptsMail, listedDisposable, knownProvider: free });
  const isTypo = suggestion !== null;
  const isAlias = !isTypo && isAliasDomain(asciiDomain);
  const isDisposable = !isTypo && !isAlias && listedDisposable;

  return score({
    email,
    domain,
    isPlusAddressed: isPlusAddressed(local),
    isTypo,
    suggestedEmail: suggestion ? `${local}@${suggestion}` : undefined,
    isAlias,
    isDisposable,
    isPersonalEmail: free && !isTypo && !isAlias && !isDisposable,
    dns,
    checkedWww: facts.wwwA !== undefined,
  });
}

/** MX, A and AAAA together; then NS (is the name there at all?) and www (a website?) when needed. */
export async function lookupDomain(dns: DnsResolver, domain: string): Promise<DnsFacts> {
  const [mx, a, aaaa] = await Promise.all([dns.mx(domain), dns.a(domain), dns.aaaa(domain)]);
  const facts: DnsFacts = { mx, a, aaaa };
  const results = [mx, a, aaaa];
  const anyRecords = results.some((r) => r.ok && r.records.length > 0);
  const nxdomain = results.some((r) => !r.ok && r.kind === 'nxdomain');
  const allFailed = results.every((r) => !r.ok && r.kind !== 'nodata' && r.kind !== 'nxdomain');
  // After NXDOMAIN, or when every lookup failed (a dead or silent server), asking more only adds delay.
  if (nxdomain || allFailed) return facts;
  const hasAddress = has(a) || has(aaaa);
  const [ns, wwwA, wwwAaaa] = await Promise.all([
    anyRecords ? undefined : dns.ns(domain),
    hasAddress ? undefined : dns.a(`www.${domain}`),
    hasAddress ? undefined : dns.aaaa(`www.${domain}`),
  ]);
  return { ...facts, ...(ns ? { ns } : {}), ...(wwwA ? { wwwA } : {}), ...(wwwAaaa ? { wwwAaaa } : {}) };
}

const has = (r: DnsResult<unknown>) => r.ok && r.records.length > 0;
