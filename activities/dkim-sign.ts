import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { promisify } from 'node:util';
import type { DkimSigning } from '../core/domains/sender-domains.js';

/*
 * DKIM (RFC 6376), rsa-sha256, relaxed/relaxed, over a message nodemailer has already composed.
 * nodemailer can sign too, but with a synchronous RSA operation on the event loop: ~1 ms per
 * message, a third of a busy sender's main thread. Here the private-key operation runs on libuv's
 * thread pool (crypto.sign with a callback), so the event loop keeps composing and talking to
 * SMTP and PostgreSQL while other cores sign. The canonicalization follows nodemailer's signer
 * (the same headers, first instance from the bottom), checked by an independent verifier in the
 * tests (mailauth).
 */

const signAsync = promisify(sign);

/** Parsed private keys by PEM: parsing the PEM on every message costs as much as hashing it. */
const keyCache = new Map<string, KeyObject>();
const KEY_CACHE_MAX = 256;
function privateKeyOf(pem: string): KeyObject {
  let key = keyCache.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(pem, key);
  }
  return key;
}

/** Relaxed header canonicalization of one (possibly folded) header line: `name:value`. */
function relaxedHeader(line: string): { name: string; canonical: string } {
  const colon = line.indexOf(':');
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/^ | $/g, '');
  return { name, canonical: `${name}:${value}` };
}

/** Relaxed body canonicalization: WSP runs to one SP, none at line ends, no empty lines at the end. */
export function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/** Header lines of a header block, continuation lines joined to theirs (CRLF kept). */
function headerLines(block: string): string[] {
  const lines: string[] = [];
  for (const l of block.split('\r\n')) {
    if ((l.startsWith(' ') || l.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += `\r\n${l}`;
    else if (l.length > 0) lines.push(l);
  }
  return lines;
}

const tagValue = (v: string) => v.replace(/[\x00-\x20\x7f;=]/g, '');

/**
 * The message with a DKIM-Signature header prepended. `raw` is a whole message with CRLF line
 * endings (what nodemailer composes); header bytes are kept as latin1, as nodemailer does.
 * `headerFieldNames` is a colon-separated list; each listed header present is signed once.
 */
export async function dkimSign(raw: Buffer, dkim: DkimSigning & { headerFieldNames: string }): Promise<Buffer> {
  const sep = raw.indexOf('\r\n\r\n');
  const headEnd = sep < 0 ? raw.length : sep;
  const head = raw.subarray(0, headEnd).toString('latin1');
  // Bare LFs in a part's content (7bit text) become CRLF: the bytes signed are the bytes sent.
  const body = sep < 0 ? '' : raw.subarray(sep + 4).toString('latin1').replace(/\r?\n/g, '\r\n');
  const bodyHash = createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64');

  const wanted = new Set(dkim.headerFieldNames.toLowerCase().split(':').map((f) => f.trim()).filter(Boolean));
  const found = new Map<string, string>();
  const lines = headerLines(head);
  for (let i = lines.length - 1; i >= 0; i--) {
    const h = relaxedHeader(lines[i]);
    if (wanted.has(h.name) && !found.has(h.name)) found.set(h.name, h.canonical);
  }
  const names = [...wanted].filter((n) => found.has(n));
  const domain = domainToASCII(dkim.domainName) || dkim.domainName;
  const field =
    `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${tagValue(domain)}; q=dns/txt;\r\n` +
    ` s=${tagValue(dkim.keySelector)}; bh=${bodyHash};\r\n h=${names.join(':')};\r\n b=`;
  const signed = `${names.map((n) => found.get(n)).join('\r\n')}\r\n${relaxedHeader(field).canonical}`;
  const signature = (await signAsync('sha256', Buffer.from(signed, 'latin1'), privateKeyOf(dkim.privateKey))).toString('base64');
  const folded = signature.replace(/.{72}(?!$)/g, '$&\r\n ');
  return Buffer.from(`${field}${folded}\r\n${head}\r\n\r\n${body}`, 'latin1');
}
