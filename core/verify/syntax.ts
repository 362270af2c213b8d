import { domainToASCII } from 'node:url';
import { analyzeDomain, analyzeEmail } from '@hapi/address';

/**
 * Address syntax: RFC 5322 addr-spec as SMTP accepts it (RFC 5321 dot-string or quoted-string
 * local part), internationalized per RFC 6531/6532 (UTF-8 local part, IDN domain converted to
 * punycode for DNS). Length limits are counted on the wire form: local part <= 64 octets, whole
 * address with the ASCII domain <= 254 octets (RFC 5321 §4.5.3.1).
 * Not accepted: address literals (`user@[192.0.2.1]`), comments and obsolete syntax.
 */

export type SyntaxResult =
  | {
      ok: true;
      /** Local part exactly as given (it is case-sensitive in principle). */
      local: string;
      /** Domain lower-cased, NFC, as given (Unicode for an IDN). */
      domain: string;
      /** Domain in punycode, the form DNS is asked for. */
      asciiDomain: string;
      /** The domain has a non-ASCII (or punycode) label. */
      isIdn: boolean;
      /** Local part is a quoted-string (`"john doe"@example.com`). */
      quoted: boolean;
    }
  | { ok: false; code: string; reason: string };

export const MAX_ADDRESS_OCTETS = 254;
export const MAX_LOCAL_OCTETS = 64;

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const fail = (code: string, reason: string): SyntaxResult => ({ ok: false, code, reason: `Invalid syntax: ${reason}` });

/** Plain-words messages for @hapi/address error codes (its own text is used for the rest). */
const MESSAGES: Record<string, string> = {
  EMPTY_STRING: 'the address is empty',
  MISSING_AT_CHAR: 'the address has no @',
  MULTIPLE_AT_CHAR: 'the address has more than one @ outside quotes',
  EMPTY_LOCAL: 'nothing before the @',
  EMPTY_LOCAL_SEGMENT: 'the part before the @ has an empty segment (a leading, trailing or double dot)',
  INVALID_LOCAL_CHARS: 'the part before the @ contains a character that is not allowed',
  DOMAIN_NON_EMPTY_STRING: 'nothing after the @',
  DOMAIN_SEGMENTS_COUNT: 'the domain needs at least two labels (like example.com)',
  DOMAIN_EMPTY_SEGMENT: 'the domain has an empty label (a leading, trailing or double dot)',
  DOMAIN_LONG_SEGMENT: 'a domain label is longer than 63 characters',
  DOMAIN_INVALID_CHARS: 'the domain contains a character that is not allowed',
  DOMAIN_INVALID_TLDS_CHARS: 'the top-level domain is not valid',
  DOMAIN_INVALID_UNICODE_CHARS: 'the domain contains forbidden Unicode characters',
  DOMAIN_TOO_LONG: 'the domain is too long',
};

const explain = (a: { code: string; error: string }) => fail(a.code, MESSAGES[a.code] ?? a.error.toLowerCase());

/**
 * RFC 5321 Quoted-string: DQUOTE *(qtextSMTP / quoted-pair) DQUOTE, with UTF-8 allowed (RFC 6531).
 * qtextSMTP is %d32-33 / %d35-91 / %d93-126; quoted-pair is "\" followed by %d32-126.
 */
function isQuotedString(local: string): boolean {
  if (local.length < 2 || !local.startsWith('"') || !local.endsWith('"')) return false;
  const body = local.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x5c) {
      const next = body.charCodeAt(++i);
      if (!(next >= 32 && next <= 126)) return false;
    } else if (c === 0x22 || (c < 32 && c !== 9) || c === 127) {
      return false;
    }
  }
  return true;
}

export function analyzeAddress(input: string): SyntaxResult {
  const address = input.trim().normalize('NFC');
  if (!address) return fail('EMPTY_STRING', MESSAGES.EMPTY_STRING);
  // Cheap bound before any parsing: even a 4-byte-per-character address this long is too long.
  if (address.length > MAX_ADDRESS_OCTETS) return fail('ADDRESS_TOO_LONG', `the address is longer than ${MAX_ADDRESS_OCTETS} characters`);

  const at = address.lastIndexOf('@');
  if (at < 0) return fail('MISSING_AT_CHAR', MESSAGES.MISSING_AT_CHAR);
  const local = address.slice(0, at);
  const rawDomain = address.slice(at + 1);
  if (!local) return fail('EMPTY_LOCAL', MESSAGES.EMPTY_LOCAL);
  if (!rawDomain) return fail('DOMAIN_NON_EMPTY_STRING', MESSAGES.DOMAIN_NON_EMPTY_STRING);
  if (rawDomain.startsWith('[')) return fail('ADDRESS_LITERAL', 'address literals like user@[192.0.2.1] are not accepted');
  if (octets(local) > MAX_LOCAL_OCTETS) return fail('LOCAL_TOO_LONG', `the part before the @ is longer than ${MAX_LOCAL_OCTETS} bytes`);

  const domain = rawDomain.toLowerCase();
  const quoted = local.startsWith('"');
  if (quoted) {
    if (!isQuotedString(local)) return fail('INVALID_QUOTED_LOCAL', 'the quoted part before the @ is not closed or contains a character that is not allowed');
  } else {
    if (local.includes('@')) return fail('MULTIPLE_AT_CHAR', MESSAGES.MULTIPLE_AT_CHAR);
    // Dot-string local part (and a first domain check) by @hapi/address.
    const a = analyzeEmail(`${local}@${domain}`, { ignoreLength: true });
    if (a) return explain(a);
  }

  const asciiDomain = domainToASCII(domain);
  if (!asciiDomain) return fail('DOMAIN_INVALID_IDN', 'the domain is not a valid internationalized domain name');
  const d = analyzeDomain(asciiDomain);
  if (d) return explain(d);
  if (asciiDomain.length > 253) return fail('DOMAIN_TOO_LONG', MESSAGES.DOMAIN_TOO_LONG);
  if (octets(local) + 1 + asciiDomain.length > MAX_ADDRESS_OCTETS) {
    return fail('ADDRESS_TOO_LONG', `the address is longer than ${MAX_ADDRESS_OCTETS} bytes`);
  }
  const isIdn = asciiDomain !== domain || asciiDomain.split('.').some((l) => l.startsWith('xn--'));
  return { ok: true, local, domain, asciiDomain, isIdn, quoted };
}

/** `user+tag@...`: a sub-address of `user` (RFC 5233). Quoted local parts are not sub-addressed. */
export const isPlusAddressed = (local: string) => !local.startsWith('"') && /^[^+]+\+/.test(local);
