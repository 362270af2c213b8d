import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { toMailOptions } from '../activities/mailer.js';
import { clientHeaders, isClientHeaderAllowed } from '../core/emails/headers.js';

describe('client headers never reach the message in place of the service\'s', () => {
  it('clientHeaders drops every reserved name, in any case (rows stored before the API refused them)', () => {
    const stored = { 'X-Mailhub-Email-ID': 'victim', sender: 'x@y', 'Resent-To': 'a@b', 'ARC-Seal': 'x', Received: 'x', 'X-Campaign': 'spring' };
    expect(clientHeaders(stored)).toEqual({ 'X-Campaign': 'spring' });
    expect(['X-Entity-Ref-ID', 'Received-By-App', 'X-Mailhubby', 'List-Id'].every(isClientHeaderAllowed)).toBe(true);
  });

  it('the composed message carries only the service\'s X-Mailhub-Email-Id', () => {
    const opts = toMailOptions({
      emailId: 'real',
      messageId: '<real@acme.test>',
      from: { address: 'a@acme.test' },
      to: 'b@example.com',
      subject: 's',
      html: '<p>x</p>',
      headers: { ...clientHeaders({ 'X-Mailhub-Email-ID': 'victim', 'X-Ok': '1' }), 'X-Mailhub-Email-Id': 'real' },
    });
    expect(opts.headers).toEqual({ 'X-Ok': '1', 'X-Mailhub-Email-Id': 'real' });
  });
});

describe('composed MIME', () => {
  const compose = async (extra: Partial<Parameters<typeof toMailOptions>[0]>) => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail(
      toMailOptions({ emailId: 'e', messageId: '<e@acme.test>', from: { address: 'a@acme.test' }, to: 'q2@example.com', subject: 's', html: '<p>x</p>', ...extra }),
    );
    return (info.message as Buffer).toString('utf8');
  };

  it('keeps the recipient name in To:', async () => {
    expect(await compose({ toName: 'Ada Lovelace' })).toMatch(/^To: Ada Lovelace <q2@example\.com>$/m);
    expect(await compose({})).toMatch(/^To: q2@example\.com$/m);
  });

  it('a stored multipart/* or message/rfc822 attachment goes out as a plain file, never as a broken MIME structure', async () => {
    const raw = await compose({ attachments: [{ filename: 'fwd.eml', content: Buffer.from('Subject: hi\n\nbody').toString('base64'), contentType: 'message/rfc822' }] });
    expect(raw).toMatch(/^Content-Type: application\/octet-stream; name=fwd\.eml$/m);
    expect(raw).not.toMatch(/message\/rfc822/);
  });
});
