import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { DnsRecord } from '../../db/entities/index.js';

/*
 * Pure DKIM/SPF/DMARC helpers: key generation, the records a domain owner publishes, and the
 * comparison of what DNS answers with what we expect. No database, no network.
 */

const generateKeyPairAsync = promisify(generateKeyPair);

export interface DkimKeyPair {
  /** Base64 of the DER SubjectPublicKeyInfo: the `p=` tag of the DKIM record. */
  publicKey: string;
  /** PKCS#8 PEM, what nodemailer's `dkim.privateKey` takes. */
  privateKeyPem: string;
}

/** RSA 2048 (nodemailer signs with RSA only); async so the API's event loop is not blocked ~100 ms. */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: (publicKey as Buffer).toString('base64'), privateKeyPem: privateKey as string };
}

/**
 * `mh<yyyymm>-<6 hex>`: the month says when the key was made (rotation), the random part keeps a
 * re-added domain from colliding with a key still published under the old selector.
 */
export function newSelector(now = new Date()): string {
  const ym = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `mh${ym}-${randomBytes(3).toString('hex')}`;
}

export const dkimRecordName = (domain: string, selector: string) => `${selector}._domainkey.${domain}`;
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

/**
 * SPF: `a mx` authorises the domain's own hosts; `~all` soft-fails the rest. When this service
 * relays through a provider (SMTP_URL), the owner adds that provider's `include:` to this record.
 */
export const SPF_VALUE = 'v=spf1 a mx ~all';
/** DMARC at `p=none` (monitor only): what Gmail/Yahoo ask of bulk senders; suggested, not required here. */
export const DMARC_VALUE = 'v=DMARC1; p=none;';

/** The records the owner publishes, all PENDING until a check finds them. */
export function buildDnsRecords(domain: string, selector: string, publicKey: string): DnsRecord[] {
  return [
    { type: 'TXT', name: dkimRecordName(domain, selector), value: dkimRecordValue(publicKey), purpose: 'DKIM', status: 'PENDING' },
    { type: 'TXT', name: domain, value: SPF_VALUE, purpose: 'SPF', status: 'PENDING' },
    { type: 'TXT', name: `_dmarc.${domain}`, value: DMARC_VALUE, purpose: 'DMARC', status: 'PENDING' },
  ];
}

/** `k=v; k2=v2` tag list (RFC 6376 §3.2), whitespace removed everywhere (values may be folded). */
export function parseTagList(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).replace(/\s+/g, '').toLowerCase();
    if (k && !tags.has(k)) tags.set(k, part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** True when one of the TXT answers (chunks already joined) is a DKIM key record with our `p=`. */
export function dkimTxtMatches(txts: string[], publicKey: string): boolean {
  const expected = publicKey.replace(/\s+/g, '');
  return txts.some((txt) => {
    const tags = parseTagList(txt);
    const v = tags.get('v');
    return (v === undefined || v === 'DKIM1') && (tags.get('k') ?? 'rsa').toLowerCase() === 'rsa' && tags.get('p') === expected;
  });
}

/** Any SPF policy at the domain counts (the owner may merge ours into an existing one). */
export const spfTxtPresent = (txts: string[]) => txts.some((t) => /^v=spf1(\s|$)/i.test(t.trim()));

export const dmarcTxtPresent = (txts: string[]) => txts.some((t) => /^v=DMARC1\s*(;|$)/i.test(t.trim()));
