import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Everything derived from SECRET_KEY: an AES-256-GCM key for secrets at rest (DKIM private keys)
 * and HMAC keys for signed links (tracking, unsubscribe). Each purpose gets its own derived key.
 */

/** Derived keys by secret and purpose: HKDF on every tracking link was 5% of a busy campaign sender. */
const derived = new Map<string, Buffer>();
const DERIVED_MAX = 64;

export function deriveKey(secret: string, purpose: string): Buffer {
  if (!secret) throw new Error('SECRET_KEY is not configured');
  const id = `${purpose}\0${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(secret), Buffer.alloc(0), Buffer.from(`mailhub:${purpose}`), 32));
    if (derived.size >= DERIVED_MAX) derived.delete(derived.keys().next().value!);
    derived.set(id, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function encryptSecret(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'at-rest'), iv);
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(secret: string, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('Unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, 'at-rest'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** A tamper-proof token: `<payload b64url>.<hmac b64url>` over the payload, keyed per purpose. */
export function signToken(secret: string, purpose: string, payload: string): string {
  const body = Buffer.from(payload).toString('base64url');
  const mac = createHmac('sha256', deriveKey(secret, `token:${purpose}`)).update(body).digest().subarray(0, 16).toString('base64url');
  return `${body}.${mac}`;
}

/** The payload of a valid token, or null for anything tampered or malformed. */
export function verifyToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const macText = token.slice(dot + 1);
  const mac = Buffer.from(macText, 'base64url');
  // One spelling per token: Node's decoder skips padding and stray characters, so insist on the
  // canonical encoding (no `=`, no unused trailing bits) before comparing.
  if (mac.toString('base64url') !== macText) return null;
  const expected = createHmac('sha256', deriveKey(secret, `token:${purpose}`)).update(body).digest().subarray(0, 16);
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  return Buffer.from(body, 'base64url').toString('utf8');
}
