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
