import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { getDomain as registrableDomain, getPublicSuffix, parse as parseHost } from 'tldts';
import { Domain, Project, type DnsRecord, type DomainStatus } from '../../db/entities/index.js';
import { isUuid } from '../../db/ids.js';
import { sqlFirst } from '../../db/sql.js';
import { DomainError, notFound, validationError } from '../errors.js';
import { buildDnsRecords, dkimRecordName, dkimTxtMatches, dmarcTxtPresent, generateDkimKeyPair, newSelector, spfTxtPresent } from './dkim.js';
import type { DnsResolver, DnsResult } from './dns.js';
import { keysetPage } from '../paging.js';
import { decryptSecret, encryptSecret } from '../secrets.js';
import { domainOf, type DkimLookup } from './sender-domains.js';

/*
 * Sender domains: the name rules, the DKIM key kept encrypted at rest, and the DNS check shared by
 * the verification workflow's activity and POST /domains/{id}/verify.
 */

const invalidName = (message: string) => validationError([{ field: 'domain', message, code: 'invalid_domain' }], `Invalid domain name: ${message}`);

const publicSuffix = (name: string) => invalidName(`${name} is a public suffix: add a domain registered under it, e.g. example.${name}`);

// Characters the URL host parser treats as delimiters: `domainToASCII('x.com/evil')` is 'x.com'.
const URL_DELIMITERS = /[\s/\\?#@:%[\]<>^|"'`{}]/;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Special-use names (RFC 6761, 6762, 7686, 8375, 9476; `.internal` reserved by ICANN): never a sender domain. */
const SPECIAL_USE = ['local', 'localhost', 'invalid', 'test', 'onion', 'internal', 'alt', 'home.arpa'];

/**
 * A registrable host name in ASCII (IDN -> punycode): LDH labels of 1..63 chars, at most 253 in
 * all, at least two labels, not an IP address (in any spelling), not a special-use name and not a
 * public suffix alone (`com`, `co.uk`, or a private one such as `github.io`).
 * Throws a 422 naming the rule that failed.
 */
export function normalizeDomainName(raw: string): string {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!name) throw invalidName('the domain is empty');
  if (isIP(name) || isIP(name.replace(/^\[|\]$/g, ''))) throw invalidName('an IP address is not a domain name');
  if (URL_DELIMITERS.test(name)) throw invalidName('a domain name contains only letters, digits, hyphens and dots');
  // Before the conversion: the URL parser reads a numeric last label as an IPv4 address.
  if (/(^|\.)\d+$/.test(name)) throw invalidName('the top-level domain cannot be numeric');
  const ascii = domainToASCII(name);
  if (!ascii) throw invalidName('not a valid internationalised domain name');
  // The URL parser reads `0x7f000001` or `127.1` as IPv4 and returns `127.0.0.1`: still an address.
  if (isIP(ascii) || /(^|\.)\d+$/.test(ascii)) throw invalidName('an IP address is not a domain name');
  if (ascii.length > 253) throw invalidName('longer than 253 characters');
  if (!ascii.includes('.') && parseHost(ascii).isIcann) throw publicSuffix(ascii);
  const labels = ascii.split('.');
  if (labels.length < 2) throw invalidName('a sender domain needs at least two labels, e.g. example.com');
  for (const label of labels) {
    if (label.length < 1 || label.length > 63) throw invalidName('each label between dots must be 1 to 63 characters');
    if (!LDH_LABEL.test(label)) throw invalidName(`label "${label}" may hold letters, digits and inner hyphens only`);
  }
  const special = SPECIAL_USE.find((suffix) => ascii === suffix || ascii.endsWith(`.${suffix}`));
  if (special) throw invalidName(`.${special} is a special-use name (RFC 6761 and successors): mail from it cannot be delivered or verified`);
  // Private-section suffixes too (github.io, herokuapp.com): names under them belong to their users.
  const psl = { allowPrivateDomains: true };
  if (!registrableDomain(ascii, psl) || ascii === getPublicSuffix(ascii, psl)) throw publicSuffix(ascii);
  return ascii;
}

/**
 * Whatever sends from a domain (campaigns) gives a checker that names its users (wired in
 * deps.extensions); a domain in use cannot be deleted. Checkers get the record, so they can match
 * `from` addresses by name.
 */
export type DomainUsageChecker = (em: EntityManager, projectId: string, domain: { id: string; domain: string }) => Promise<string[]>;

const verifiedElsewhere = async (em: EntityManager, d: { projectId: string; domain: string }) =>
  (await em.count(Domain, { domain: d.domain, status: 'VERIFIED', projectId: { $ne: d.projectId } })) > 0;

/** Validates, refuses duplicates, makes the DKIM key pair and stores the domain PENDING. */
export async function createDomain(em: EntityManager, projectId: string, rawName: string, secretKey: string | undefined): Promise<Domain> {
  const domain = normalizeDomainName(rawName);
  if (!secretKey) {
    throw new DomainError('SERVICE_UNAVAILABLE', 'SECRET_KEY is not configured, so DKIM private keys cannot be stored encrypted', {
      suggestion: 'Set SECRET_KEY (a long random string) for the API and the worker, restart, and retry.',
    });
  }
  if ((await em.count(Domain, { projectId, domain })) > 0) {
    throw new DomainError('CONFLICT', `The domain ${domain} is already added to this project`, {
      suggestion: 'GET /domains lists it with its DNS records; POST /domains/{id}/verify re-checks them.',
    });
  }
  // No look at other projects here: saying "verified by another project" would tell any caller
  // which domains other projects send from. Adding is harmless; only publishing this project's DNS
  // records verifies it (and a domain VERIFIED elsewhere stays PENDING here: checkDomain).
  const keys = await generateDkimKeyPair();
  const selector = newSelector();
  const record = em.create(Domain, {
    projectId,
    domain,
    status: 'PENDING',
    dkimSelector: selector,
    dkimPublicKey: keys.publicKey,
    dkimPrivateKeyEnc: encryptSecret(secretKey, keys.privateKeyPem),
    records: buildDnsRecords(domain, selector, keys.publicKey),
  } as Domain);
  await em.flush(); // a concurrent add of the same name hits unique(project_id, domain): 409
  return record;
}

/**
 * Operator override (the CLI, never the HTTP API): the project's domain counts as VERIFIED without
 * DNS checks, e.g. to try sending on a laptop (mail goes to the outbox) or when DNS was checked by
 * other means. It gets a DKIM key like any domain; its records keep their real DNS status.
 */
export async function trustDomain(em: EntityManager, projectId: string, rawName: string, secretKey: string | undefined): Promise<Domain> {
  if ((await em.count(Project, { id: projectId })) === 0) throw notFound('Project');
  const domain = normalizeDomainName(rawName);
  const record = (await em.findOne(Domain, { projectId, domain })) ?? (await createDomain(em, projectId, domain, secretKey));
  if (record.status !== 'VERIFIED') {
    if (await verifiedElsewhere(em, record)) {
      throw new DomainError('CONFLICT', `The domain ${domain} is verified by another project`, { suggestion: 'Send from that project, or have it delete the domain first.' });
    }
    record.status = 'VERIFIED';
    record.verifiedAt = new Date();
    await em.flush();
  }
  return record;
}

export async function getDomain(em: EntityManager, projectId: string, id: string): Promise<Domain> {
  const d = isUuid(id) ? await em.findOne(Domain, { id, projectId }) : null;
  if (!d) throw notFound('Domain');
  return d;
}

export const listDomains = (em: EntityManager, projectId: string, q: { limit: number; cursor?: string; status?: DomainStatus }) =>
  keysetPage(em, Domain, q.status ? { projectId, status: q.status } : { projectId }, q);

/** Refuses (409) while a checker names a user; the caller stops the workflow. */
export async function deleteDomain(em: EntityManager, projectId: string, id: string, usage: readonly DomainUsageChecker[]): Promise<Domain> {
  const d = await getDomain(em, projectId, id);
  const users = (await Promise.all(usage.map((check) => check(em, projectId, { id: d.id, domain: d.domain })))).flat();
  if (users.length > 0) {
    throw new DomainError('CONFLICT', `Domain is in use by ${users.join(', ')}`, {
      suggestion: 'Move these to another sender domain first, then delete it.',
    });
  }
  await em.remove(d).flush();
  return d;
}

/**
 * One record's status from a TXT answer: VERIFIED when it matches, FAILED when something else is
 * published there, PENDING when nothing is (yet); a lookup that failed (timeout, SERVFAIL) says
 * nothing, so the previous status stays.
 */
function recordStatus(answer: DnsResult<string>, matches: (txts: string[]) => boolean, previous: DnsRecord['status']): DnsRecord['status'] {
  if (answer.ok) return matches(answer.records) ? 'VERIFIED' : 'FAILED';
  return answer.kind === 'nxdomain' || answer.kind === 'nodata' ? 'PENDING' : previous;
}

export type CheckOutcome = DomainStatus | 'GONE';

/**
 * Looks up the domain's records now (bypassing the DNS cache), stores each record's status and
 * marks the domain VERIFIED once DKIM (our `p=`) and SPF are in place. DMARC is reported but not
 * required. A VERIFIED domain is never downgraded here, and a domain another project has VERIFIED
 * meanwhile is not verified twice.
 */
export async function checkDomainRecords(em: EntityManager, dns: DnsResolver, domainId: string): Promise<{ status: CheckOutcome; domain?: Domain }> {
  const d = await em.findOne(Domain, { id: domainId });
  if (!d) return { status: 'GONE' };
  const [dkim, spf, dmarc] = await Promise.all([
    dns.txt(dkimRecordName(d.domain, d.dkimSelector), { fresh: true }),
    dns.txt(d.domain, { fresh: true }),
    dns.txt(`_dmarc.${d.domain}`, { fresh: true }),
  ]);
  const checks: Record<DnsRecord['purpose'], ((prev: DnsRecord['status']) => DnsRecord['status']) | undefined> = {
    DKIM: (prev) => recordStatus(dkim, (txts) => dkimTxtMatches(txts, d.dkimPublicKey), prev),
    SPF: (prev) => recordStatus(spf, spfTxtPresent, prev),
    DMARC: (prev) => recordStatus(dmarc, dmarcTxtPresent, prev),
    RETURN_PATH: undefined,
  };
  d.records = d.records.map((r) => ({ ...r, status: checks[r.purpose]?.(r.status) ?? r.status }));
  const ok = (purpose: DnsRecord['purpose']) => d.records.some((r) => r.purpose === purpose && r.status === 'VERIFIED');
  if (d.status !== 'VERIFIED' && ok('DKIM') && ok('SPF') && !(await verifiedElsewhere(em, d))) {
    d.status = 'VERIFIED';
    d.verifiedAt = new Date();
  }
  d.lastCheckedAt = new Date();
  await em.flush();
  return { status: d.status, domain: d };
}

/**
 * The give-up: a still PENDING domain becomes FAILED, and so do its records not found. Read under
 * the row's lock, so a verification committing VERIFIED meanwhile is seen, never overwritten.
 */
export async function markDomainFailed(em: EntityManager, domainId: string): Promise<{ status: 'VERIFIED' | 'FAILED' | 'GONE' }> {
  return em.transactional(async (tx) => {
    const d = await tx.findOne(Domain, { id: domainId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!d) return { status: 'GONE' as const };
    if (d.status === 'VERIFIED') return { status: 'VERIFIED' as const };
    d.status = 'FAILED';
    d.records = d.records.map((r) => (r.status === 'PENDING' ? { ...r, status: 'FAILED' } : r));
    return { status: 'FAILED' as const };
  });
}

/** A FAILED domain asked to verify again gets a new checking period (PENDING, records re-checked). */
export async function reopenFailedDomain(em: EntityManager, d: Domain): Promise<boolean> {
  if (d.status !== 'FAILED') return false;
  d.status = 'PENDING';
  await em.flush();
  return true;
}

export const toDomainDto = (d: Domain) => ({
  id: d.id,
  domain: d.domain,
  status: d.status,
  records: d.records.map(({ type, name, value, purpose, status }) => ({ type, name, value, purpose, status })),
  verifiedAt: d.verifiedAt ? d.verifiedAt.toISOString() : null,
  lastCheckedAt: d.lastCheckedAt ? d.lastCheckedAt.toISOString() : null,
  createdAt: d.createdAt.toISOString(),
});

/** Decrypted keys by secret and sealed form: a changed key has a new sealed form, so no stale hits. */
const keyCache = new Map<string, { pem: string; expires: number }>();
const KEY_CACHE_MS = 5 * 60_000;

function decryptCached(secretKey: string, sealed: string): string {
  const now = Date.now();
  const cacheKey = `${secretKey}\n${sealed}`;
  const hit = keyCache.get(cacheKey);
  if (hit && hit.expires > now) return hit.pem;
  const pem = decryptSecret(secretKey, sealed);
  if (keyCache.size >= 1000) keyCache.clear();
  keyCache.set(cacheKey, { pem, expires: now + KEY_CACHE_MS });
  return pem;
}

/**
 * DKIM options for a sender address: the project's VERIFIED domain record for the from-domain,
 * private key decrypted with SECRET_KEY; undefined when the domain is not verified. Throws when
 * the key cannot be decrypted (SECRET_KEY missing or changed): unsigned mail from a domain that
 * publishes DKIM would fail DMARC, so it is better not sent.
 */
export const dkimForSender: DkimLookup = async (em, projectId, fromEmail, secretKey) => {
  const fromDomain = domainOf(fromEmail);
  // One raw statement: asked per batch of mail (an ORM findOne cost several times the lookup).
  const d = await sqlFirst<{ domain: string; dkim_selector: string; dkim_private_key_enc: string }>(
    em,
    "select domain, dkim_selector, dkim_private_key_enc from domains where project_id = ? and domain = ? and status = 'VERIFIED' limit 1",
    [projectId, domainToASCII(fromDomain) || fromDomain],
  );
  if (!d) return undefined;
  if (!secretKey) throw new Error(`SECRET_KEY is not configured: cannot DKIM-sign mail from ${d.domain}`);
  let privateKey: string;
  try {
    privateKey = decryptCached(secretKey, d.dkim_private_key_enc);
  } catch {
    throw new Error(`The DKIM key of ${d.domain} cannot be decrypted: SECRET_KEY differs from the one it was stored with`);
  }
  return { domainName: d.domain, keySelector: d.dkim_selector, privateKey };
};
