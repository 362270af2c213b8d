import type { DnsResult, MxRecord } from '../domains/dns.js';

/** What DNS said about the domain; lookups that were not needed are left out. */
export interface DnsFacts {
  mx: DnsResult<MxRecord>;
  a: DnsResult<string>;
  aaaa: DnsResult<string>;
  ns?: DnsResult<string>;
  wwwA?: DnsResult<string>;
  wwwAaaa?: DnsResult<string>;
}

export interface DnsAssessment {
  domainExists: boolean;
  /** MX records that accept mail (a null MX does not count). */
  hasMxRecords: boolean;
  /** RFC 7505 `0 .`: the domain says it accepts no mail. */
  nullMx: boolean;
  /** No MX RRset but an A/AAAA address: RFC 5321 §5.1 delivers to that address. */
  implicitMx: boolean;
  hasWebsite: boolean;
  /** The domain receives mail (MX, or implicit MX). */
  acceptsMail: boolean;
  /** NXDOMAIN. */
  nxdomain: boolean;
  /** Lookups that failed for a reason other than "no such name / no such record". */
  failures: { lookup: string; kind: string; message: string }[];
}

const has = (r?: DnsResult<unknown>) => !!r?.ok && r.records.length > 0;
const definitelyNone = (r?: DnsResult<unknown>) => !!r && !r.ok && (r.kind === 'nodata' || r.kind === 'nxdomain');
export const isNullMx = (records: MxRecord[]) => records.length > 0 && records.every((r) => r.exchange === '' || r.exchange === '.');

export function assessDns(f: DnsFacts): DnsAssessment {
  const failures: DnsAssessment['failures'] = [];
  for (const [lookup, r] of Object.entries(f) as [string, DnsResult<unknown> | undefined][]) {
    if (r && !r.ok && r.kind !== 'nodata' && r.kind !== 'nxdomain') failures.push({ lookup, kind: r.kind, message: r.message });
  }
  const mxRecords = f.mx.ok ? f.mx.records : [];
  const nullMx = isNullMx(mxRecords);
  const hasMxRecords = mxRecords.length > 0 && !nullMx;
  const hasAddress = has(f.a) || has(f.aaaa);
  // Implicit MX only when DNS positively said "no MX records", never after a failed MX lookup.
  const implicitMx = definitelyNone(f.mx) && hasAddress;
  const nxdomain = [f.mx, f.a, f.aaaa, f.ns].some((r) => r && !r.ok && r.kind === 'nxdomain');
  return {
    domainExists: has(f.mx) || hasAddress || has(f.ns),
    hasMxRecords,
    nullMx,
    implicitMx,
    hasWebsite: hasAddress || has(f.wwwA) || has(f.wwwAaaa),
    acceptsMail: hasMxRecords || implicitMx,
    nxdomain,
    failures,
  };
}

export interface Findings {
  email: string;
  domain: string;
  isPlusAddressed: boolean;
  isTypo: boolean;
  suggestedEmail?: string;
  isAlias: boolean;
  isDisposable: boolean;
  isPersonalEmail: boolean;
  dns: DnsAssessment;
  /** Whether the www lookups were made (the apex had no address). */
  checkedWww: boolean;
}

export interface VerificationResult {
  email: string;
  valid: boolean;
  isDisposable: boolean;
  isAlias: boolean;
  isTypo: boolean;
  isPlusAddressed: boolean;
  isPersonalEmail: boolean;
  domainExists: boolean;
  hasWebsite: boolean;
  hasMxRecords: boolean;
  reasons: string[];
  suggestedEmail?: string;
}

/**
 * The verdict: valid = syntax ok (the caller only gets here then) AND the domain exists AND it
 * receives mail (MX, or implicit MX), never with a null MX. `reasons` explains every negative
 * finding in plain words; a valid address starts with one positive reason.
 */
export function score(f: Findings): VerificationResult {
  const { dns, domain } = f;
  const valid = dns.domainExists && dns.acceptsMail;
  const reasons: string[] = [];
  if (valid) {
    reasons.push(
      dns.hasMxRecords
        ? 'Valid address with MX records'
        : `Valid address: ${domain} has no MX records, so mail goes to its A/AAAA address (implicit MX, RFC 5321 section 5.1)`,
    );
  }
  if (f.isTypo && f.suggestedEmail) reasons.push(`Possible typo in the domain: did you mean ${f.suggestedEmail}?`);
  if (f.isAlias) reasons.push(`${domain} is an email forwarding (alias) service: mail is relayed to a hidden mailbox`);
  if (f.isDisposable) reasons.push(`${domain} is a disposable (temporary) email provider`);

  if (dns.failures.length && !dns.domainExists && !dns.nxdomain) {
    const kinds = [...new Set(dns.failures.map((x) => x.kind))].join(', ');
    reasons.push(`DNS lookup for ${domain} failed (${kinds}): could not confirm that the domain exists or accepts mail`);
  } else if (dns.nxdomain && !dns.domainExists) {
    reasons.push(`The domain ${domain} does not exist`);
  } else if (!dns.domainExists) {
    reasons.push(`The domain ${domain} has no MX, A, AAAA or NS records`);
  } else if (dns.nullMx) {
    reasons.push(`${domain} publishes a null MX record (RFC 7505): it accepts no email`);
  } else if (!dns.acceptsMail) {
    const failed = dns.failures.filter((x) => x.lookup === 'mx' || x.lookup === 'a' || x.lookup === 'aaaa');
    reasons.push(
      failed.length
        ? `DNS lookup (${failed.map((x) => `${x.lookup.toUpperCase()}: ${x.kind}`).join(', ')}) for ${domain} failed: could not confirm that it accepts mail`
        : `${domain} has no MX records and no A/AAAA address: it cannot receive email`,
    );
  }
  if (dns.domainExists && !dns.hasWebsite && f.checkedWww && !dns.failures.some((x) => x.lookup.startsWith('www') || x.lookup === 'a' || x.lookup === 'aaaa')) {
    reasons.push(`No website found (no A/AAAA record for ${domain} or www.${domain})`);
  }
  if (f.isPlusAddressed) reasons.push('The address is plus-addressed (+tag): a sub-address of the same mailbox');

  return {
    email: f.email,
    valid,
    isDisposable: f.isDisposable,
    isAlias: f.isAlias,
    isTypo: f.isTypo,
    isPlusAddressed: f.isPlusAddressed,
    isPersonalEmail: f.isPersonalEmail,
    domainExists: dns.domainExists,
    hasWebsite: dns.hasWebsite,
    hasMxRecords: dns.hasMxRecords,
    reasons,
    ...(f.suggestedEmail ? { suggestedEmail: f.suggestedEmail } : {}),
  };
}

/** The result for an address whose syntax is wrong: no DNS is asked. */
export function syntaxFailure(email: string, reason: string): VerificationResult {
  return {
    email,
    valid: false,
    isDisposable: false,
    isAlias: false,
    isTypo: false,
    isPlusAddressed: false,
    isPersonalEmail: false,
    domainExists: false,
    hasWebsite: false,
    hasMxRecords: false,
    reasons: [reason],
  };
}
