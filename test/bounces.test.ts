import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Email } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { parseDsn } from '../core/bounces/dsn.js';
import { sendRateOf } from '../core/pacing.js';
import { expectError } from './support/envelope.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

/** A Postfix-style RFC 3464 report (CRLF), returning the headers of the bounced message. */
const dsn = (opts: { to?: string; recipient?: string; status?: string; action?: string; returned?: string; eol?: string } = {}) =>
  [
    'Return-Path: <>',
    `To: ${opts.to ?? 'bounces@acme.test'}`,
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <dsn-1@mx.example.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="B0UND/ary"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--B0UND/ary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I am sorry to inform you that your message could not be delivered.',
    '',
    '--B0UND/ary',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${opts.recipient ?? 'Gone@Example.com'}`,
    'Original-Recipient: rfc822;gone@example.com',
    `Action: ${opts.action ?? 'failed'}`,
    `Status: ${opts.status ?? '5.1.1'}`,
    'Remote-MTA: dns; mx.example.com',
    'Diagnostic-Code: smtp; 550 5.1.1 <gone@example.com>: Recipient address',
    '    rejected: User unknown',
    '',
    '--B0UND/ary',
    'Content-Type: text/rfc822-headers',
    '',
    ...(opts.returned ?? 'From: news@acme.test\nTo: gone@example.com\nMessage-ID: <orig-1@acme.test>\nSubject: News').split('\n'),
    '',
    '--B0UND/ary--',
    '',
  ].join(opts.eol ?? '\r\n');

const ARF = `From: abuse@mailbox.example
To: fbl@acme.test
Subject: Abuse report
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="arf"

--arf
Content-Type: text/plain

This is an email abuse report.

--arf
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: SomeFBL/1.0
Version: 1
Original-Rcpt-To: <angry@example.com>

--arf
Content-Type: message/rfc822

From: news@acme.test
To: angry@example.com
X-Mailhub-Email-Id: 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a
Subject: News

body
--arf--
`;

describe('parseDsn (pure)', () => {
  it('reads a hard bounce: recipient, status, diagnostic and the bounced Message-ID', () => {
    expect(parseDsn(dsn())).toEqual({
      recipients: [
        {
          type: 'hard_bounce',
          email: 'gone@example.com',
          status: '5.1.1',
          action: 'failed',
          diagnostic: '550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown',
        },
      ],
      messageId: 'orig-1@acme.test',
      emailId: null,
      hasNul: false,
    });
  });

  it('4.x.x is soft, 2.x.x is no bounce, and LF line endings work the same', () => {
    expect(parseDsn(dsn({ status: '4.2.2', action: 'delayed', eol: '\n' })).recipients.map((r) => r.type)).toEqual(['soft_bounce']);
    expect(parseDsn(dsn({ status: '2.0.0', action: 'delivered' })).recipients).toEqual([]);
    // No Status field: the action decides.
    const noStatus = dsn().replace(/Status: 5\.1\.1\r\n/, '');
    expect(parseDsn(noStatus).recipients[0]).toMatchObject({ type: 'hard_bounce', status: undefined });
  });

  it('finds our email id in a VERP return path only, never in a header quoted from the returned message', () => {
    const id = newId();
    expect(parseDsn(dsn({ returned: `Message-ID: <x@acme.test>\nX-Mailhub-Email-Id: ${id}` }))).toMatchObject({ emailId: null, messageId: 'x@acme.test' });
    expect(parseDsn(dsn({ to: `bounces+${id}@acme.test` })).emailId).toBe(id);
  });

  it('reads a base64-encoded delivery-status part and several recipients', () => {
    const fields = 'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@example.com\nAction: failed\nStatus: 5.2.1\n\nFinal-Recipient: rfc822; b@example.com\nAction: delayed\nStatus: 4.4.1\n';
    const raw = `Content-Type: multipart/report; report-type=delivery-status; boundary=xyz\n\n--xyz\nContent-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n${Buffer.from(fields).toString('base64').replace(/(.{60})/g, '$1\n')}\n--xyz--\n`;
    expect(parseDsn(raw).recipients.map((r) => [r.email, r.type])).toEqual([
      ['a@example.com', 'hard_bounce'],
      ['b@example.com', 'soft_bounce'],
    ]);
  });

  it('flags a NUL character, raw or decoded from a quoted-printable or base64 part', () => {
    const part = (cte: string, body: string) => `Content-Type: message/delivery-status\nContent-Transfer-Encoding: ${cte}\n\n${body}\n`;
    const fields = 'Final-Recipient: rfc822; a@example.com\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 x';
    expect(parseDsn(part('7bit', fields)).hasNul).toBe(false);
    expect(parseDsn(part('7bit', `${fields}\0`)).hasNul).toBe(true);
    expect(parseDsn(part('quoted-printable', `${fields}=00`)).hasNul).toBe(true);
    expect(parseDsn(part('base64', Buffer.from(`${fields}\0`).toString('base64'))).hasNul).toBe(true);
  });

  it('reads an ARF abuse report as a complaint', () => {
    expect(parseDsn(ARF)).toEqual({
      recipients: [{ type: 'complaint', email: 'angry@example.com', diagnostic: 'abuse' }],
      messageId: null,
      emailId: null,
      hasNul: false,
    });
  });

  it('finds nothing in an ordinary message or garbage', () => {
    expect(parseDsn('From: a@b\nSubject: hi\n\nHello').recipients).toEqual([]);
    expect(parseDsn('').recipients).toEqual([]);
    expect(parseDsn('Content-Type: multipart/report; boundary="never-closed"\n\n--never-closed\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; x@y.z\nStatus: 5.0.0\n').recipients).toHaveLength(1);
  });
});

describe('bounces, complaints and the suppression list', () => {
  let ctx: TestContext;
  let secret: string;
  const campaignId = newId();

  beforeAll(async () => {
    ctx = await setupTestContext();
    const project = await json(await ctx.request('GET', '/project'));
    secret = project.data.webhookSecret;
  });
  afterAll(() => ctx?.cleanup());

  const hook = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${secret}` }) =>
    ctx.request('POST', '/webhooks/bounces', { key: null, body, headers });
  const sql = (q: string, params: unknown[]) => ctx.orm.em.fork().getConnection().execute<any[]>(q, params);

  async function sentEmail(address: string) {
    const contact = await json(await ctx.request('POST', '/contacts', { body: { email: address } }));
    const em = ctx.orm.em.fork();
    const id = newId();
    em.create(Email, {
      id,
      projectId: ctx.project.id,
      contactId: contact.data.id,
      campaignId,
      toEmail: address,
      fromEmail: 'news@acme.test',
      subject: 'News',
      html: '<p>News</p>',
      messageId: `<${id}@acme.test>`,
      status: 'SENT',
    } as Email);
    await em.flush();
    return { id, contactId: contact.data.id as string, messageId: `<${id}@acme.test>` };
  }
  const statusOf = async (id: string) => (await sql('select status, error from emails where id = ?', [id]))[0];
  const suppression = async (email: string) => (await json(await ctx.request('GET', `/suppressions?email=${encodeURIComponent(email)}`))).data.items;

  it('GET /project shows the webhook secret and settings; PATCH /project/settings changes them', async () => {
    const got = await json(await ctx.request('GET', '/project'));
    expect(got.data).toMatchObject({ id: ctx.project.id, settings: { trackMarketing: true, trackTransactional: false, sendRatePerSecond: 14 } });
    expect(secret).toEqual(expect.any(String));
    const patched = await json(await ctx.request('PATCH', '/project/settings', { body: { trackTransactional: true, sendRatePerSecond: 5 } }));
    expect(patched.data.settings).toMatchObject({ trackMarketing: true, trackTransactional: true, sendRatePerSecond: 5 });
    const reset = await json(await ctx.request('PATCH', '/project/settings', { body: { trackTransactional: null, sendRatePerSecond: null } }));
    expect(reset.data.settings).toMatchObject({ trackMarketing: true, trackTransactional: false, sendRatePerSecond: 14 });
    // The service's rate is the ceiling: a project can go slower, not faster.
    const faster = await json(await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: 50 } }));
    expect(faster.data.settings.sendRatePerSecond).toBe(14);
    await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: null } });
    await expectError(await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: 0 } }), 422, 'VALIDATION_ERROR');
    // bounded below: 1e-300/s was accepted once and stalled delivery for 10 minutes
    for (const tiny of [1e-300, 0.5]) {
      const body = await expectError(await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: tiny } }), 422, 'VALIDATION_ERROR');
      expect(body.error.errors[0]).toMatchObject({ field: 'sendRatePerSecond', message: expect.stringContaining('at least 1') });
    }
    expect((await json(await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: 1 } }))).data.settings.sendRatePerSecond).toBe(1);
    // a value stored before the bound is applied as the minimum
    expect(sendRateOf({ sendRatePerSecond: 1e-300 }, 14)).toBe(1);
    await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: null } });
    await expectError(await ctx.request('GET', '/project', { key: ctx.project.publicKey }), 403, 'FORBIDDEN');
  });

  it('webhook auth: 401 without or with a wrong secret; a secret key also works, a public key is 403; a disabled project\'s secret is a 403 charged to the rate budget', async () => {
    const report = { type: 'soft_bounce', email: 'auth@example.com' };
    await expectError(await hook(report, {}), 401, 'UNAUTHORIZED');
    await expectError(await hook(report, { authorization: 'Bearer wrong' }), 401, 'UNAUTHORIZED');
    await expectError(await hook(report, { 'x-webhook-secret': `${secret}x` }), 401, 'UNAUTHORIZED');
    await expectError(await hook(report, { authorization: `Bearer ${ctx.project.publicKey}` }), 403, 'FORBIDDEN');
    expect((await hook(report, { authorization: `Bearer ${ctx.project.secretKey}` })).status).toBe(200);
    expect((await hook(report, { 'x-webhook-secret': secret })).status).toBe(200);
    // Another project's secret acts on that project only.
    const other = await ctx.newProject('Other');
    const otherSecret = (await json(await ctx.request('GET', '/project', { key: other.secretKey }))).data.webhookSecret;
    expect((await hook({ type: 'hard_bounce', email: 'elsewhere@example.com' }, { authorization: `Bearer ${otherSecret}` })).status).toBe(200);
    expect(await suppression('elsewhere@example.com')).toEqual([]);
    // A disabled project's secret is refused like its keys.
    await ctx.orm.em.fork().getConnection().execute('update projects set disabled = true where id = ?', [other.id]);
    const refused = await hook(report, { authorization: `Bearer ${otherSecret}` });
    // Charged like any authenticated request (a 403 counts, so probing is not free): its rate headers say so.
    expect(refused.headers.get('ratelimit-remaining')).toEqual(expect.any(String));
    await expectError(refused, 403, 'PROJECT_DISABLED');
  });

  it('a hard bounce suppresses the address, records email.bounced and marks the email BOUNCED', async () => {
    const sent = await sentEmail('hard@example.com');
    const res = await hook({ type: 'hard_bounce', email: 'Hard@Example.com', emailId: sent.id, status: '5.1.1', diagnostic: '550 5.1.1 user unknown' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data).toMatchObject({ processed: 1, results: [{ type: 'hard_bounce', email: 'hard@example.com', emailId: sent.id, suppressed: true, event: 'email.bounced' }] });
    expect(await suppression('hard@example.com')).toEqual([expect.objectContaining({ email: 'hard@example.com', reason: 'HARD_BOUNCE', source: 'webhook' })]);
    expect(await statusOf(sent.id)).toEqual({ status: 'BOUNCED', error: '550 5.1.1 user unknown' });
    const events = await sql(`select contact_id, email_id, campaign_id, data from events where name = 'email.bounced' and email_id = ?`, [sent.id]);
    expect(events).toEqual([
      expect.objectContaining({ contact_id: sent.contactId, campaign_id: campaignId, data: expect.objectContaining({ type: 'hard', status: '5.1.1' }) }),
    ]);
  });

  it('matches by Message-ID (with or without angle brackets); a batch is applied in order', async () => {
    const a = await sentEmail('batch-a@example.com');
    const b = await sentEmail('batch-b@example.com');
    const res = await json(
      await hook([
        { type: 'hard_bounce', email: 'batch-a@example.com', messageId: a.messageId.slice(1, -1) },
        { type: 'hard_bounce', email: 'batch-b@example.com', messageId: b.messageId, timestamp: '2026-11-23T10:00:00Z' },
      ]),
    );
    expect(res.data.results.map((r: any) => r.emailId)).toEqual([a.id, b.id]);
    expect((await statusOf(a.id)).status).toBe('BOUNCED');
    expect((await statusOf(b.id)).status).toBe('BOUNCED');
  });

  it('a complaint suppresses and records email.complained; a soft bounce only records', async () => {
    const c = await sentEmail('complain@example.com');
    const s = await sentEmail('soft@example.com');
    const res = await json(
      await hook([
        { type: 'complaint', email: 'complain@example.com', emailId: c.id },
        { type: 'soft_bounce', email: 'soft@example.com', emailId: s.id, status: '4.2.2' },
      ]),
    );
    expect(res.data.results.map((r: any) => [r.event, r.suppressed])).toEqual([['email.complained', true], ['email.bounced', false]]);
    expect(await suppression('complain@example.com')).toEqual([expect.objectContaining({ reason: 'COMPLAINT' })]);
    expect(await suppression('soft@example.com')).toEqual([]);
    expect((await statusOf(c.id)).status).toBe('SENT');
    expect((await statusOf(s.id)).status).toBe('SENT');
    const soft = await sql(`select data from events where name = 'email.bounced' and email_id = ?`, [s.id]);
    expect(soft).toEqual([{ data: expect.objectContaining({ type: 'soft', status: '4.2.2' }) }]);
    expect(await sql(`select 1 from events where name = 'email.complained' and email_id = ?`, [c.id])).toHaveLength(1);
    // The complainer is unsubscribed too (once: a repeated report records no second event).
    expect(await sql(`select subscribed from contacts where email = ?`, ['complain@example.com'])).toEqual([{ subscribed: false }]);
    await hook([{ type: 'complaint', email: 'complain@example.com', emailId: c.id }]);
    const unsubscribed = await sql(`select data from events where name = 'contact.unsubscribed' and email_id = ?`, [c.id]);
    expect(unsubscribed).toEqual([{ data: { source: 'complaint', email: 'complain@example.com' } }]);
    expect(await sql(`select subscribed from contacts where email = ?`, ['soft@example.com'])).toEqual([{ subscribed: true }]);
  });

  it('validates the body: unknown type, bad status, more than 100 reports, not JSON', async () => {
    await expectError(await hook({ type: 'bounce', email: 'x@example.com' }), 422, 'VALIDATION_ERROR');
    await expectError(await hook({ type: 'hard_bounce', email: 'x@example.com', status: '550' }), 422, 'VALIDATION_ERROR');
    await expectError(await hook([]), 422, 'VALIDATION_ERROR');
    await expectError(await hook(Array.from({ length: 101 }, (_, i) => ({ type: 'soft_bounce', email: `s${i}@example.com` }))), 422, 'VALIDATION_ERROR');
    await expectError(await hook('{not json', { authorization: `Bearer ${secret}` }), 400, 'MALFORMED_JSON');
  });

  it('suppressions API: manual add (idempotent), keyset list with email filter, delete', async () => {
    const first = await ctx.request('POST', '/suppressions', { body: { email: 'Manual@Example.com' } });
    expect(first.status).toBe(201);
    expect((await json(first)).data).toMatchObject({ email: 'manual@example.com', reason: 'MANUAL', source: 'api' });
    expect((await ctx.request('POST', '/suppressions', { body: { email: 'manual@example.com', reason: 'COMPLAINT' } })).status).toBe(200);
    expect(await suppression('manual@example.com')).toEqual([expect.objectContaining({ reason: 'COMPLAINT' })]);
    await expectError(await ctx.request('POST', '/suppressions', { body: { email: 'x@example.com', reason: 'BORED' } }), 422, 'VALIDATION_ERROR');

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: any = await json(await ctx.request('GET', `/suppressions?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(p.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...p.data.items.map((s: any) => s.email));
      expect(p.data.total).toBeGreaterThanOrEqual(5);
      cursor = p.data.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(['manual@example.com', 'hard@example.com', 'complain@example.com', 'batch-a@example.com']));

    expect((await ctx.request('DELETE', '/suppressions/manual%40example.com')).status).toBe(200);
    expect(await suppression('manual@example.com')).toEqual([]);
    await expectError(await ctx.request('DELETE', '/suppressions/manual@example.com'), 404, 'NOT_FOUND');
    await expectError(await ctx.request('DELETE', '/suppressions/not-an-email'), 422, 'VALIDATION_ERROR');
    await expectError(await ctx.request('GET', '/suppressions', { key: ctx.project.publicKey }), 403, 'FORBIDDEN');
    await expectError(await ctx.request('GET', '/suppressions', { key: null }), 401, 'UNAUTHORIZED');
  });

  it('POST /v1/send to a suppressed address is a 422 RECIPIENT_SUPPRESSED until the suppression is lifted', async () => {
    await sql(
      `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, verified_at)
       values (?, ?, 'acme.test', 'VERIFIED', 'mh1', 'x', 'x', now())`,
      [newId(), ctx.project.id],
    );
    const send = () => ctx.request('POST', '/v1/send', { body: { to: 'hard@example.com', subject: 'Hi', body: '<p>Hi</p>', from: 'hello@acme.test' } });
    const body = await expectError(await send(), 422, undefined, '/v1/send');
    expect(body.message).toContain('hard@example.com');
    expect((await ctx.request('DELETE', '/suppressions/hard@example.com')).status).toBe(200);
    expect((await send()).status).toBe(200);
  });

  it('POST /webhooks/bounces/dsn takes a raw DSN: suppression, event, BOUNCED record', async () => {
    const sent = await sentEmail('dsn@example.com');
    const raw = dsn({ recipient: 'dsn@example.com', returned: `From: news@acme.test\nMessage-ID: ${sent.messageId}\nX-Mailhub-Email-Id: ${sent.id}` });
    const post = (text: string, headers: Record<string, string>) => ctx.app.request('/webhooks/bounces/dsn', { method: 'POST', body: text, headers });

    await expectError(await post(raw, { 'content-type': 'message/rfc822' }), 401, 'UNAUTHORIZED');
    const res = await post(raw, { 'content-type': 'message/rfc822', 'x-webhook-secret': secret });
    expect(res.status).toBe(200);
    expect((await json(res)).data.results).toEqual([expect.objectContaining({ type: 'hard_bounce', email: 'dsn@example.com', emailId: sent.id, suppressed: true })]);
    expect(await statusOf(sent.id)).toMatchObject({ status: 'BOUNCED' });
    expect(await suppression('dsn@example.com')).toEqual([expect.objectContaining({ reason: 'HARD_BOUNCE', source: 'dsn' })]);
    expect(await sql(`select 1 from events where name = 'email.bounced' and email_id = ?`, [sent.id])).toHaveLength(1);

    // text/plain works too (the JSON content-type rule does not apply here); not a bounce -> 422.
    const angry = await sentEmail('angry@example.com');
    const arf = ARF.replace('Subject: News', `Message-ID: ${angry.messageId}\nSubject: News`);
    expect((await post(arf, { 'content-type': 'text/plain', authorization: `Bearer ${secret}` })).status).toBe(200);
    expect(await suppression('angry@example.com')).toEqual([expect.objectContaining({ reason: 'COMPLAINT' })]);
    await expectError(await post('Subject: hello\n\nnot a bounce', { 'content-type': 'text/plain', authorization: `Bearer ${secret}` }), 422, 'VALIDATION_ERROR');
    await expectError(await post('x'.repeat(1024 * 1024 + 1), { 'content-type': 'text/plain', authorization: `Bearer ${secret}` }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a DSN quoting another email\'s X-Mailhub-Email-Id bounces the message its Message-ID names, not the other one', async () => {
    const real = await sentEmail('steer-real@example.com');
    const victim = await sentEmail('steer-victim@example.com');
    const raw = dsn({ recipient: 'steer-real@example.com', returned: `From: news@acme.test\nMessage-ID: ${real.messageId}\nX-Mailhub-Email-ID: ${victim.id}` });
    const res = await ctx.app.request('/webhooks/bounces/dsn', { method: 'POST', body: raw, headers: { 'content-type': 'message/rfc822', 'x-webhook-secret': secret } });
    expect((await json(res)).data.results).toEqual([expect.objectContaining({ emailId: real.id })]);
    expect(await statusOf(real.id)).toMatchObject({ status: 'BOUNCED' });
    expect((await statusOf(victim.id)).status).not.toBe('BOUNCED');
  });

  const postDsn = (text: string, key = secret) =>
    ctx.app.request('/webhooks/bounces/dsn', { method: 'POST', body: text, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${key}` } });
  const eventsOf = async (projectId: string) => sql('select name, data from events where project_id = ?', [projectId]);

  it('a DSN or abuse report matching no message of the project (no VERP tag, no Message-ID) is a 422 and changes nothing', async () => {
    // A project of its own, so "nothing" is the whole suppression list.
    const p = await ctx.newProject('Forged bounces');
    const pSecret = (await json(await ctx.request('GET', '/project', { key: p.secretKey }))).data.webhookSecret;
    await ctx.request('POST', '/contacts', { key: p.secretKey, body: { email: 'victim@example.com' } });
    const forged = [
      dsn({ recipient: 'victim@example.com', returned: 'From: news@acme.test\nTo: victim@example.com\nSubject: Reset your password' }),
      ARF.replace(/angry@example\.com/g, 'victim@example.com'),
    ];
    for (const raw of forged) {
      const body = await expectError(await postDsn(raw, pSecret), 422, 'VALIDATION_ERROR');
      expect(body.error.errors).toEqual([{ field: 'body', message: expect.stringContaining('matches no message'), code: 'unmatched_dsn' }]);
    }
    expect((await json(await ctx.request('GET', '/suppressions', { key: p.secretKey }))).data.items).toEqual([]);
    expect(await sql('select subscribed from contacts where project_id = ?', [p.id])).toEqual([{ subscribed: true }]);
    expect(await eventsOf(p.id)).toEqual([]);
  });

  it('a matched DSN acts on the recipient of the matched message, never on the address the report names', async () => {
    const a = await sentEmail('verp-a@example.com');
    await ctx.request('POST', '/contacts', { body: { email: 'verp-b@example.com' } });
    const res = await postDsn(dsn({ to: `bounces+${a.id}@acme.test`, recipient: 'verp-b@example.com', returned: 'From: news@acme.test\nSubject: News' }));
    expect(res.status).toBe(200);
    expect((await json(res)).data.results).toEqual([expect.objectContaining({ type: 'hard_bounce', email: 'verp-a@example.com', emailId: a.id, suppressed: true })]);
    expect(await suppression('verp-a@example.com')).toEqual([expect.objectContaining({ reason: 'HARD_BOUNCE', source: 'dsn' })]);
    expect(await suppression('verp-b@example.com')).toEqual([]);
    expect(await sql(`select data->>'email' as email from events where name = 'email.bounced' and email_id = ?`, [a.id])).toEqual([{ email: 'verp-a@example.com' }]);

    // Several recipient groups still stand for the one message: one result, the group naming its recipient.
    const m = await sentEmail('multi-a@example.com');
    const multi = dsn({ to: `bounces+${m.id}@acme.test`, recipient: 'multi-b@example.com' }).replace(
      'Remote-MTA:',
      'Diagnostic-Code: smtp; 550 b\r\n\r\nFinal-Recipient: rfc822; Multi-A@example.com\r\nAction: delayed\r\nStatus: 4.2.2\r\nRemote-MTA:',
    );
    expect((await json(await postDsn(multi))).data).toMatchObject({ processed: 1, results: [{ type: 'soft_bounce', email: 'multi-a@example.com', emailId: m.id, suppressed: false }] });
    expect(await suppression('multi-a@example.com')).toEqual([]);
    expect(await suppression('multi-b@example.com')).toEqual([]);

    // An abuse report matched by the returned Message-ID: the complainer is that mail's recipient.
    const c = await sentEmail('arf-c@example.com');
    await ctx.request('POST', '/contacts', { body: { email: 'arf-d@example.com' } });
    const arf = ARF.replace(/angry@example\.com/g, 'arf-d@example.com').replace('Subject: News', `Message-ID: ${c.messageId}\nSubject: News`);
    expect((await json(await postDsn(arf))).data.results).toEqual([expect.objectContaining({ type: 'complaint', email: 'arf-c@example.com', emailId: c.id })]);
    expect(await suppression('arf-c@example.com')).toEqual([expect.objectContaining({ reason: 'COMPLAINT' })]);
    expect(await suppression('arf-d@example.com')).toEqual([]);
    expect(await sql('select email, subscribed from contacts where email in (?, ?) order by email', ['arf-c@example.com', 'arf-d@example.com'])).toEqual([
      { email: 'arf-c@example.com', subscribed: false },
      { email: 'arf-d@example.com', subscribed: true },
    ]);
  });

  it('JSON webhook: an emailId or messageId of a mail sent to another address than `email` is a 422, and the batch changes nothing', async () => {
    const a = await sentEmail('json-a@example.com');
    await ctx.request('POST', '/contacts', { body: { email: 'json-b@example.com' } });
    const ok = await sentEmail('json-ok@example.com');
    for (const wrong of [{ emailId: a.id }, { messageId: a.messageId }]) {
      const body = await expectError(
        await hook([
          { type: 'hard_bounce', email: 'json-ok@example.com', emailId: ok.id },
          { type: 'complaint', email: 'json-b@example.com', ...wrong },
        ]),
        422,
        'VALIDATION_ERROR',
      );
      expect(body.error.errors).toEqual([{ field: `1.${Object.keys(wrong)[0]}`, message: expect.stringContaining('another address'), code: 'recipient_mismatch' }]);
    }
    for (const address of ['json-a@example.com', 'json-b@example.com', 'json-ok@example.com']) expect(await suppression(address)).toEqual([]);
    expect((await statusOf(ok.id)).status).toBe('SENT');
    expect(await sql('select subscribed from contacts where email in (?, ?)', ['json-a@example.com', 'json-b@example.com'])).toEqual([{ subscribed: true }, { subscribed: true }]);
    // The same report naming the mail's own recipient (any case) is applied.
    expect((await json(await hook({ type: 'complaint', email: 'JSON-A@example.com', emailId: a.id }))).data.results).toEqual([expect.objectContaining({ email: 'json-a@example.com', emailId: a.id })]);
  });

  it('a DSN part that decodes to NUL (quoted-printable =00, base64) is a 422 like a raw NUL, and writes nothing', async () => {
    const qp = (fields: string, to = 'bounces@acme.test') =>
      [
        `To: ${to}`,
        'Content-Type: multipart/report; report-type=delivery-status; boundary="q"',
        '',
        '--q',
        'Content-Type: message/delivery-status',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Reporting-MTA: dns; mx.example.net',
        '',
        fields,
        '',
        '--q--',
        '',
      ].join('\r\n');
    const sent = await sentEmail('nul-diag@example.com');
    const before = await sql('select count(*)::int as n from events', []);
    const raws = [
      qp('Final-Recipient: rfc822; victim=00x@example.com\r\nAction: failed\r\nStatus: 5.1.1'),
      // matched by its VERP tag: the NUL is in the diagnostic, which would be stored
      qp('Final-Recipient: rfc822; nul-diag@example.com\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 gone=00', `bounces+${sent.id}@acme.test`),
      `Content-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from('Final-Recipient: rfc822; nul-diag@example.com\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; \0\n').toString('base64')}\r\n`,
    ];
    for (const raw of raws) {
      const body = await expectError(await postDsn(raw), 422, 'VALIDATION_ERROR');
      expect(body.error.errors).toEqual([{ field: 'body', message: 'must not contain NUL characters', code: 'invalid_dsn' }]);
    }
    expect(await sql(`select email from suppressions where email like 'victim%' or email like 'nul-diag%'`, [])).toEqual([]);
    expect((await statusOf(sent.id)).status).toBe('SENT');
    expect(await sql('select count(*)::int as n from events', [])).toEqual(before);
  });

  it('a late bounce or a complaint of a campaign recipient never delivered (bounced at send time, skipped, capped, failed) is not counted', async () => {
    const campaign = newId();
    await sql(
      `insert into campaigns (id, project_id, name, subject, body, from_email, type, audience_type, status, total_recipients, sent_count, bounced_count, skipped_count, capped_count, failed_count)
       values (?, ?, 'Late', 'Hi', '<p>Hi</p>', 'news@acme.test', 'MARKETING', 'ALL', 'SENT', 5, 1, 1, 1, 1, 1)`,
      [campaign, ctx.project.id],
    );
    const statuses = ['SENT', 'BOUNCED', 'SKIPPED', 'CAPPED', 'FAILED'] as const;
    const rows: Record<string, string> = {};
    for (const status of statuses) {
      const address = `late-${status.toLowerCase()}@example.com`;
      const contact = await json(await ctx.request('POST', '/contacts', { body: { email: address } }));
      rows[status] = newId();
      await sql(
        `insert into campaign_recipients (id, project_id, campaign_id, contact_id, to_email, message_id, status, sent_at) values (?, ?, ?, ?, ?, ?, ?, now())`,
        [rows[status], ctx.project.id, campaign, contact.data.id, address, `<${rows[status]}@acme.test>`, status],
      );
    }
    const stats = async () => (await json(await ctx.request('GET', `/campaigns/${campaign}/stats`))).data;
    expect(await stats()).toMatchObject({ sentCount: 2, deliveredCount: 1, bouncedCount: 1 });
    for (const status of statuses.slice(1)) {
      const res = await postDsn(dsn({ to: `bounces+${rows[status]}@acme.test`, recipient: `late-${status.toLowerCase()}@example.com` }));
      expect((await json(res)).data.results, status).toEqual([expect.objectContaining({ emailId: rows[status] })]);
    }
    for (const status of statuses.slice(1)) {
      expect((await hook({ type: 'complaint', email: `late-${status.toLowerCase()}@example.com`, emailId: rows[status] })).status, status).toBe(200);
    }
    expect(await stats()).toMatchObject({ sentCount: 2, deliveredCount: 1, bouncedCount: 1, complainedCount: 0 });
    expect(await sql('select count(*)::int as n from campaign_recipients where campaign_id = ? and (bounced_at is not null or complained_at is not null)', [campaign])).toEqual([{ n: 0 }]);
    // The control: a complaint and a late bounce of the delivered one count.
    await hook({ type: 'complaint', email: 'late-sent@example.com', emailId: rows.SENT });
    await postDsn(dsn({ to: `bounces+${rows.SENT}@acme.test`, recipient: 'late-sent@example.com' }));
    expect(await stats()).toMatchObject({ sentCount: 2, deliveredCount: 0, bouncedCount: 2, complainedCount: 1 });
  });
});
