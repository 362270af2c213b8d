import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { dkimSign, relaxedBody } from '../activities/dkim-sign.js';
import { DKIM_HEADER_FIELDS, toMailOptions, type OutgoingMessage } from '../activities/mailer.js';

/*
 * The service's own DKIM signer (RSA off the event loop), checked by an independent verifier
 * (mailauth) on messages nodemailer composes the way delivery does, including the awkward parts:
 * folded and non-ASCII headers, trailing whitespace, attachments, an empty body.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const resolver = async (name: string, rr: string) => {
  if (rr === 'TXT' && name === 'sel1._domainkey.acme.test') return [[`v=DKIM1; k=rsa; p=${p}`]];
  throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
};
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

async function signed(extra: Partial<OutgoingMessage>) {
  const msg: OutgoingMessage = { emailId: 'e', messageId: '<e1@acme.test>', from: { name: 'Acme News', address: 'news@acme.test' }, to: 'ada@example.com', subject: 'Hello', html: '<p>Hi</p>', ...extra };
  const composed = await composer.sendMail(toMailOptions(msg));
  return dkimSign(composed.message as Buffer, { domainName: 'acme.test', keySelector: 'sel1', privateKey: pem, headerFieldNames: DKIM_HEADER_FIELDS });
}
const verdict = async (raw: Buffer) => (await dkimVerify(raw, { resolver })).results.map((r) => [r.signingDomain, r.status.result]);

describe('dkimSign', () => {
  it.each([
    ['a plain HTML message', {}],
    ['a long non-ASCII subject (encoded words, folded)', { subject: `Grüße aus Reykjavík ${'und weiter '.repeat(12)}✓` }],
    ['List-Unsubscribe headers and a text part with trailing spaces', { headers: { 'List-Unsubscribe': '<https://u.acme.test/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }, text: 'line with spaces   \nand\ttabs\t\n\n\n' }],
    ['an attachment', { attachments: [{ filename: 'a.txt', content: Buffer.from('attached').toString('base64') }] }],
    ['an empty body', { html: '', text: '' }],
    ['a VERP return path and a display name on To', { returnPath: 'bounces+e@acme.test', toName: 'Ada Lovelace' }],
  ])('passes an independent verifier: %s', async (_name, extra) => {
    expect(await verdict(await signed(extra as Partial<OutgoingMessage>))).toEqual([['acme.test', 'pass']]);
  });

  it('signs List-Unsubscribe-Post (RFC 8058) and only headers that are present', async () => {
    const raw = (await signed({ headers: { 'List-Unsubscribe': '<https://u.acme.test/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } })).toString('latin1');
    const h = /DKIM-Signature:[\s\S]*?;\s*h=([^;]*);/.exec(raw)![1].replace(/\s+/g, '');
    expect(h.split(':')).toEqual(expect.arrayContaining(['from', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']));
    expect(h.split(':')).not.toContain('cc');
  });

  it('fails verification once a signed header or the body changes', async () => {
    const raw = (await signed({})).toString('latin1');
    expect(await verdict(Buffer.from(raw.replace('Subject: Hello', 'Subject: Hellp'), 'latin1'))).toEqual([['acme.test', 'fail']]);
    // mailauth calls a body that no longer matches its hash "neutral" (RFC 6376 6.3: not a pass).
    expect(await verdict(Buffer.from(raw.replace('<p>Hi</p>', '<p>Ho</p>'), 'latin1'))).toEqual([['acme.test', 'neutral']]);
  });

  it('canonicalizes bodies the relaxed way', () => {
    expect(relaxedBody('a  b \t\r\nc\r\n\r\n\r\n')).toBe('a b\r\nc\r\n');
    expect(relaxedBody('\r\n\r\n')).toBe('');
    expect(relaxedBody('')).toBe('');
    expect(relaxedBody('x')).toBe('x\r\n');
  });
});
