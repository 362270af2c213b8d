import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { mimeSkeleton, plainShortLines, type SkeletonParts } from '../activities/delivery/mime.js';
import { signed, toMailOptions, type OutgoingMessage } from '../activities/mailer.js';

/*
 * The campaign's MIME skeleton (activities/delivery/mime.ts) against nodemailer's composer: an
 * independent parser (postal-mime) reads the same From, To, Subject, Message-ID, service headers,
 * text and HTML from both, and an independent verifier (mailauth) passes its DKIM signature.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkim = { domainName: 'acme.test', keySelector: 'sel1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
const resolver = async (name: string, rr: string) => {
  if (rr === 'TXT' && name === 'sel1._domainkey.acme.test') return [[`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`]];
  throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
};
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
const from = { name: 'Acme "News" Ünited', address: 'news@acme.test' };

const base: SkeletonParts & OutgoingMessage = {
  emailId: 'e1',
  messageId: '<e1@acme.test>',
  from,
  to: 'ada@example.com',
  subject: 'Hello Ada',
  html: '<html><body><p>Hi Ada, see <a href="https://example.org/x">this</a></p></body></html>',
  text: 'Hi Ada, see this [https://example.org/x]\n\nUnsubscribe: https://t.acme.test/u/abc',
  headers: { 'X-Mailhub-Email-Id': 'e1', 'List-Unsubscribe': `<https://t.acme.test/u/${'a'.repeat(180)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  returnPath: 'bounces+e1@acme.test',
};

/** What a reader sees of a message. */
async function read(raw: Buffer) {
  const p = await PostalMime.parse(raw);
  const header = (k: string) => p.headers.find((h) => h.key === k)?.value;
  return {
    from: p.from, to: p.to, replyTo: p.replyTo, subject: p.subject, messageId: p.messageId, html: p.html, text: p.text,
    service: ['x-mailhub-email-id', 'list-unsubscribe', 'list-unsubscribe-post'].map(header),
  };
}

describe('campaign MIME skeleton', () => {
  it.each([
    ['ASCII html and text', {}],
    ['non-ASCII subject and bodies, long lines, trailing spaces, a leading dot', {
      subject: `Grüße, Zoë ✓ ${'und weiter '.repeat(8)}`,
      html: `<p>Zoë ${'x'.repeat(200)}</p>\n<p>a = b  </p>`,
      text: `Zoë\nline with spaces   \n.dot line\n${'y'.repeat(120)}`,
    }],
    ['html only', { text: null }],
  ])('reads the same as nodemailer composes it and passes DKIM: %s', async (_name, extra) => {
    const msg = { ...base, ...extra } as SkeletonParts & OutgoingMessage;
    const wire = mimeSkeleton(from, 'reply@acme.test').compose(msg)!;
    expect(wire.envelope).toEqual({ from: 'bounces+e1@acme.test', to: ['ada@example.com'] });
    const nm = (await composer.sendMail(toMailOptions({ ...msg, replyTo: 'reply@acme.test' }))).message as Buffer;
    expect(await read(wire.raw)).toEqual(await read(nm));
    const verified = await dkimVerify(await signed(wire.raw, dkim), { resolver });
    expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['acme.test', 'pass']]);
  });

  it('leaves to nodemailer what it does not compose: a non-ASCII address, a header line over 900 characters', () => {
    const skeleton = mimeSkeleton(from);
    expect(skeleton.compose({ ...base, to: 'zoë@example.com' })).toBeUndefined();
    expect(skeleton.compose({ ...base, headers: { 'List-Unsubscribe': `<https://t.acme.test/u/${'a'.repeat(1000)}>` } })).toBeUndefined();
  });

  it('sends a body as 7bit exactly when it is printable ASCII, tabs and line breaks with no line over 76 characters', () => {
    // The definition it replaced: two regular expressions over the body with its line breaks as CRLF.
    const byExpressions = (s: string) => /^[\x20-\x7e]*$/.test(s.replace(/[\r\n\t]/g, '')) && !/[^\r\n]{77,}/.test(s);
    const cases = [
      '', 'a', 'x'.repeat(76), 'x'.repeat(77), `${'x'.repeat(76)}\r\n${'y'.repeat(76)}`, `${'x'.repeat(76)}\r\n${'y'.repeat(77)}`,
      `\t${'x'.repeat(75)}`, `\t${'x'.repeat(76)}`, `${'x'.repeat(40)}\r${'x'.repeat(40)}`, `${'x'.repeat(40)}\n${'x'.repeat(40)}`,
      'del \x7f', 'nul \x00', 'vt \x0b', 'tilde ~', 'space ', 'é', '✓', '\r\n\r\n', '.dot\r\n.',
    ];
    for (const c of cases) expect([c, plainShortLines(c)]).toEqual([c, byExpressions(c)]);
    // And random bodies of line breaks, tabs, printable and other characters, around the 76-character limit.
    const alphabet = ['a', ' ', '\t', '\r', '\n', '\r\n', '~', '\x7f', '\x1f', 'ü'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const parts = Array.from({ length: Math.floor(random() * 200) }, () => (random() < 0.9 ? 'a' : alphabet[Math.floor(random() * alphabet.length)]));
      const body = parts.join('');
      expect([body, plainShortLines(body)]).toEqual([body, byExpressions(body)]);
    }
  });
});
