import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailActivities } from '../activities/mail.activities.js';
import { classifySmtpError, createOutboxMailer, type Mailer } from '../activities/mailer.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import type { DeliverEmailsResult } from '../workflows/deliver.workflow.js';
import { sweepQueuedEmails } from '../worker/sweeper.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { emailStates, eventNamesOf, insertQueuedEmails, insertVerifiedDomain, type QueuedEmail } from './support/emails.js';
import { expectError } from './support/envelope.js';
import { TestSmtpServer, type ReceivedMessage } from './support/smtp-server.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

let smtp: TestSmtpServer;
let ctx: TestContext;
let dkimKey: { selector: string; publicKey: string };
/** Per-test fault injection around the SENT write (the worker's deliveryFaults delegate here). */
const faults: { before?: (id: string) => void; after?: (id: string) => void } = {};

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  // A high rate: these tests are about delivery, test/pacing.timing.test.ts is about the rate.
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000', BOUNCE_ADDRESS: 'bounces@bounce.example.test' });
  dkimKey = await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
  await ctx.startWorker({
    deliveryFaults: { beforeRecordSent: (id) => faults.before?.(id), afterRecordSent: (id) => faults.after?.(id) },
    sweeper: { intervalMs: 1000 },
  });
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
});

function deliver(emailIds: string[], c: TestContext = ctx): Promise<DeliverEmailsResult> {
  return c.temporal.workflow.execute(DELIVER_EMAILS_WORKFLOW, {
    taskQueue: c.config.taskQueue,
    workflowId: sendWorkflowId(emailIds[0]),
    args: [{ projectId: c.project.id, emailIds }],
  });
}

const queue = (emails: QueuedEmail[], c: TestContext = ctx) => insertQueuedEmails(c.orm, c.project.id, emails);
const messageIdOf = (id: string) => `<${id}@example.com>`;

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('deliverEmailsWorkflow through a real worker and SMTP server', () => {
  it('delivers the rendered message: subject, html, text, attachment, headers, Message-ID, DKIM; row SENT with events', async () => {
    const [id] = await queue([
      {
        toEmail: 'ada@recipients.test',
        fromName: 'Example News',
        replyTo: 'support@example.com',
        subject: 'Welcome, Ada',
        html: '<html><body><p>Hello Ada</p></body></html>',
        textBody: 'Hello Ada',
        headers: { 'X-Campaign-Tag': 'spring' },
        attachments: [{ filename: 'hello.txt', content: Buffer.from('attached text').toString('base64'), contentType: 'text/plain' }],
        marketing: true,
      },
    ]);
    const result = await deliver([id]);
    expect(result).toMatchObject({ sent: 1, failed: 0, outcomes: [{ emailId: id, status: 'SENT' }] });

    const [msg] = smtp.byMessageId(messageIdOf(id));
    expect(msg.recipients).toEqual(['ada@recipients.test']);
    const parsed = await TestSmtpServer.parse(msg);
    expect(parsed.subject).toBe('Welcome, Ada');
    expect(parsed.from).toMatchObject({ address: 'news@example.com', name: 'Example News' });
    expect(parsed.to?.[0].address).toBe('ada@recipients.test');
    expect(parsed.replyTo?.[0].address).toBe('support@example.com');
    expect(parsed.messageId).toBe(messageIdOf(id));
    expect(parsed.html).toContain('<p>Hello Ada</p>');
    // Marketing mail: the text part ends with the visible unsubscribe link (the HTML has it as a footer).
    expect(parsed.text?.trim()).toMatch(/^Hello Ada\n\nUnsubscribe: http:\/\/localhost:3000\/u\/\S+$/);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'hello.txt', mimeType: 'text/plain' });
    expect(Buffer.from(parsed.attachments[0].content as ArrayBuffer).toString()).toBe('attached text');
    const header = (name: string) => parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
    expect(header('X-Campaign-Tag')).toBe('spring');
    // Marketing mail: the decoration's RFC 8058 headers, covered by the DKIM signature.
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const dkim = await dkimVerify(msg.raw, {
      resolver: async (name: string, rr: string) => {
        if (rr === 'TXT' && name === `${dkimKey.selector}._domainkey.example.com`) return [[`v=DKIM1; k=rsa; p=${dkimKey.publicKey}`]];
        throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
      },
    });
    expect(dkim.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['example.com', 'pass']]);
    expect(header('DKIM-Signature')).toMatch(/h=[^;]*list-unsubscribe-post/i);

    const [row] = await emailStates(ctx.orm, [id]);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, error: null });
    expect(row.sent_at).not.toBeNull();
    expect(await eventNamesOf(ctx.orm, id)).toEqual(['email.delivered', 'email.sent']);
  });

  it('sends from the VERP return path bounces+<email id>@ (BOUNCE_ADDRESS); a DSN to it finds the email', async () => {
    const [id] = await queue([{ toEmail: 'verp@recipients.test' }]);
    await deliver([id]);
    const [msg] = smtp.byMessageId(messageIdOf(id));
    expect(msg.envelopeFrom).toBe(`bounces+${id}@bounce.example.test`);
    expect((await TestSmtpServer.parse(msg)).from).toMatchObject({ address: 'news@example.com' });

    // The bounce names nothing but the return path it was sent to (no headers of ours came back).
    const dsn = [
      `To: ${msg.envelopeFrom}`,
      'From: MAILER-DAEMON@mx.recipients.test',
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.recipients.test',
      '',
      'Final-Recipient: rfc822; verp@recipients.test',
      'Action: failed',
      'Status: 5.1.1',
      '',
      '--b--',
      '',
    ].join('\r\n');
    const { webhookSecret } = (await json(await ctx.request('GET', '/project'))).data;
    const res = await ctx.app.request('/webhooks/bounces/dsn', { method: 'POST', body: dsn, headers: { 'content-type': 'message/rfc822', 'x-webhook-secret': webhookSecret } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.results).toEqual([expect.objectContaining({ type: 'hard_bounce', emailId: id, suppressed: true })]);
    expect((await emailStates(ctx.orm, [id]))[0].status).toBe('BOUNCED');
  });

  it('a burst of four sends to a slow server (300 ms per reply) delivers all 40 emails in a few seconds', { timeout: 120_000 }, async () => {
    // Every email is due at once (1000/s) and each delivery transaction holds a pooled connection
    // while it waits for the slow server; claiming a pacing start needs a second, briefly.
    smtp.replyDelayMs = 300;
    try {
      const ids = await queue(Array.from({ length: 40 }, (_, i) => ({ toEmail: `burst${i}@recipients.test` })));
      const started = Date.now();
      // Four sends at once: 40 delivery activities in this worker (10 per workflow).
      const results = await Promise.all([0, 1, 2, 3].map((k) => deliver(ids.slice(k * 10, k * 10 + 10))));
      expect(results.map((r) => r.sent)).toEqual([10, 10, 10, 10]);
      // 5 SMTP connections x 300 ms: ~2.4 s; starved connections would wait for the 60 s acquire timeout.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      smtp.replyDelayMs = 0;
    }
  });

  it('an address suppressed, or a marketing recipient who opted out, after queueing is not sent: FAILED with the reason', async () => {
    const [suppressedId, optedOutId, transactionalId] = await queue([
      { toEmail: 'late-bounce@recipients.test' },
      { toEmail: 'late-optout@recipients.test', marketing: true },
      { toEmail: 'late-optout@recipients.test', marketing: false },
    ]);
    expect((await ctx.request('POST', '/suppressions', { body: { email: 'late-bounce@recipients.test' } })).status).toBeLessThan(300);
    const contact = await json(await ctx.request('POST', '/contacts', { body: { email: 'late-optout@recipients.test', subscribed: true } }));
    await ctx.request('PATCH', `/contacts/${contact.data.id}`, { body: { subscribed: false } });

    const result = await deliver([suppressedId, optedOutId, transactionalId]);
    expect(result.outcomes.map((o) => o.status)).toEqual(['FAILED', 'FAILED', 'SENT']);
    expect(result.outcomes[0].error).toMatch(/suppression list/);
    expect(result.outcomes[1].error).toMatch(/unsubscribed from marketing mail/);
    expect(smtp.byMessageId(messageIdOf(suppressedId))).toHaveLength(0);
    expect(smtp.byMessageId(messageIdOf(optedOutId))).toHaveLength(0);
    expect(smtp.byMessageId(messageIdOf(transactionalId))).toHaveLength(1);
    expect(await eventNamesOf(ctx.orm, suppressedId)).toEqual(['email.failed']);
  });

  it('retries a 4xx with backoff and then delivers once', async () => {
    const [id] = await queue([{ toEmail: 'retry@recipients.test' }]);
    smtp.failNext(1, 451, '451 4.3.0 Temporary local problem');
    const result = await deliver([id]);
    expect(result.outcomes[0]).toMatchObject({ status: 'SENT' });
    expect(smtp.byMessageId(messageIdOf(id))).toHaveLength(1);
    expect(await emailStates(ctx.orm, [id])).toMatchObject([{ status: 'SENT', attempts: 2, error: null }]);
    expect(await eventNamesOf(ctx.orm, id)).toEqual(['email.delivered', 'email.sent']);
  });

  it('a 5xx is permanent: FAILED with email.failed, not retried, and the other emails still go out', async () => {
    const ids = await queue([{ toEmail: 'ok1@recipients.test' }, { toEmail: 'policy@recipients.test' }, { toEmail: 'ok2@recipients.test' }]);
    smtp.rejectRecipient('policy@recipients.test', 554, '554 5.7.1 Rejected by policy');
    const result = await deliver(ids);
    expect(result.sent).toBe(2);
    expect(result.outcomes.map((o) => o.status)).toEqual(['SENT', 'FAILED', 'SENT']);
    const states = await emailStates(ctx.orm, ids);
    expect(states.map((s) => [s.status, s.attempts])).toEqual([['SENT', 1], ['FAILED', 1], ['SENT', 1]]);
    expect(states[1].error).toContain('5.7.1');
    expect(await eventNamesOf(ctx.orm, ids[1])).toEqual(['email.failed']);
    expect(smtp.byMessageId(messageIdOf(ids[1]))).toHaveLength(0);
  });

  it('a 550 mailbox error is a bounce: BOUNCED, email.bounced, address suppressed', async () => {
    const [id] = await queue([{ toEmail: 'nobody@recipients.test' }]);
    smtp.rejectRecipient('nobody@recipients.test', 550, '550 5.1.1 No such user');
    const result = await deliver([id]);
    expect(result.outcomes[0]).toMatchObject({ status: 'BOUNCED' });
    expect(await emailStates(ctx.orm, [id])).toMatchObject([{ status: 'BOUNCED', attempts: 1 }]);
    expect(await eventNamesOf(ctx.orm, id)).toEqual(['email.bounced']);
    const [sup] = await ctx.orm.em.fork().getConnection().execute(`select reason, source from suppressions where project_id = ? and email = ?`, [ctx.project.id, 'nobody@recipients.test']);
    expect(sup).toEqual({ reason: 'HARD_BOUNCE', source: 'smtp' });
  });

  it('an attempt that fails after the SENT commit is retried without sending again', async () => {
    const [id] = await queue([{ toEmail: 'after-commit@recipients.test' }]);
    let calls = 0;
    faults.after = (emailId) => {
      if (emailId === id && ++calls === 1) throw new Error('worker lost after recording SENT');
    };
    try {
      const result = await deliver([id]);
      // The second attempt found the record SENT and returned without touching SMTP.
      expect(result.outcomes[0]).toMatchObject({ status: 'SENT', alreadyFinal: true });
    } finally {
      faults.after = undefined;
    }
    expect(calls).toBe(1);
    expect(smtp.byMessageId(messageIdOf(id))).toHaveLength(1);
    expect(await emailStates(ctx.orm, [id])).toMatchObject([{ status: 'SENT', attempts: 1 }]);
    expect(await eventNamesOf(ctx.orm, id)).toEqual(['email.delivered', 'email.sent']);
  });

  it('a failed SENT write after the server accepted is written again in place, never resent', async () => {
    const [id] = await queue([{ toEmail: 'db-hiccup@recipients.test' }]);
    let calls = 0;
    faults.before = (emailId) => {
      if (emailId === id && ++calls === 1) throw new Error('connection to PostgreSQL lost');
    };
    try {
      const result = await deliver([id]);
      expect(result.outcomes[0]).toMatchObject({ status: 'SENT' });
    } finally {
      faults.before = undefined;
    }
    expect(calls).toBe(1);
    expect(smtp.byMessageId(messageIdOf(id))).toHaveLength(1);
    expect(await emailStates(ctx.orm, [id])).toMatchObject([{ status: 'SENT', attempts: 1 }]);
    expect(await eventNamesOf(ctx.orm, id)).toEqual(['email.delivered', 'email.sent']);
  });

  it('markEmailFailed (retries used up) marks FAILED once and leaves a final record alone', async () => {
    const [queued, sent] = await queue([{ toEmail: 'exhausted@recipients.test' }, { toEmail: 'done@recipients.test' }]);
    await deliver([sent]);
    const { markEmailFailed } = createMailActivities({ ...ctx.deps, mailer: undefined as never });
    expect(await markEmailFailed({ emailId: queued, error: '421 try later (20 attempts)' })).toMatchObject({ status: 'FAILED' });
    expect(await markEmailFailed({ emailId: sent, error: 'late' })).toMatchObject({ status: 'SENT', alreadyFinal: true });
    expect(await emailStates(ctx.orm, [queued, sent])).toMatchObject([{ status: 'FAILED', error: '421 try later (20 attempts)' }, { status: 'SENT', error: null }]);
    expect(await eventNamesOf(ctx.orm, queued)).toEqual(['email.failed']);
  });

  it("the worker's sweeper delivers rows left QUEUED for over a minute and never dispatched, not fresh, waiting or campaign rows", async () => {
    const [stranded, fresh, campaign, waiting] = await queue([
      { toEmail: 'stranded@recipients.test', ageMs: 120_000 },
      { toEmail: 'fresh@recipients.test' },
      { toEmail: 'campaign@recipients.test', ageMs: 120_000, campaignId: '00000000-0000-7000-8000-000000000001' },
      // Written young: the worker's sweeper (a pass every second) must never see it old and undispatched.
      { toEmail: 'waiting@recipients.test' },
    ]);
    // `waiting` has a workflow (it waits its turn in a slow project's backlog): not the sweeper's. Marked
    // and aged in one statement (marked after an old insert, a pass in between sent it: CI, 2026-11-27).
    await ctx.orm.em.fork().getConnection().execute(`update emails set dispatched_at = now(), created_at = now() - interval '120 seconds' where id = ?`, [waiting]);
    try {
      // The worker runs a pass every second (30 s in production).
      await waitUntil(async () => (await emailStates(ctx.orm, [stranded]))[0].status === 'SENT');
      const result = await ctx.temporal.workflow.getHandle(sendWorkflowId(stranded)).result();
      expect(result).toMatchObject({ sent: 1 });
      expect(smtp.byMessageId(messageIdOf(stranded))).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1500)); // at least one more pass
      expect((await emailStates(ctx.orm, [fresh, campaign, waiting])).map((s) => s.status)).toEqual(['QUEUED', 'QUEUED', 'QUEUED']);
      expect(await sweepQueuedEmails({ orm: ctx.orm, client: ctx.temporal, taskQueue: ctx.config.taskQueue })).toBe(0);
    } finally {
      await ctx.orm.em.fork().getConnection().execute('delete from emails where id in (?, ?, ?)', [fresh, campaign, waiting]);
    }
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  let octx: TestContext;
  const outbox = () => path.join(octx.config.dataDir, 'outbox');
  beforeAll(async () => {
    octx = await setupTestContext({ SEND_RATE_PER_SECOND: '1000' });
    await insertVerifiedDomain(octx.orm, octx.project.id, 'example.com', octx.config.secretKey!);
    // The real outbox mailer, but the first send of each email "loses its acknowledgement" after
    // the file is written: the activity is retried and must not write a second message.
    const real = createOutboxMailer(outbox());
    const lost = new Set<string>();
    const mailer: Mailer = {
      async send(msg, opts) {
        const info = await real.send(msg, opts);
        if (!lost.has(msg.emailId)) {
          lost.add(msg.emailId);
          throw Object.assign(new Error('connection closed after the message was written'), { code: 'ECONNECTION' });
        }
        return info;
      },
      close: () => real.close(),
    };
    await octx.startWorker({ mailer, sweeper: false });
  });
  afterAll(() => octx?.cleanup());

  it('writes exactly one complete .eml per email even when the activity is retried', async () => {
    const ids = await queue([{ toEmail: 'a@recipients.test', subject: 'Outbox A' }, { toEmail: 'b@recipients.test', subject: 'Outbox B' }], octx);
    const result = await deliver(ids, octx);
    expect(result.sent).toBe(2);
    expect((await readdir(outbox())).sort()).toEqual(ids.map((id) => `${id}.eml`).sort());
    for (const [i, id] of ids.entries()) {
      const raw = await readFile(path.join(outbox(), `${id}.eml`));
      const parsed = await TestSmtpServer.parse({ raw } as ReceivedMessage);
      expect(parsed.messageId).toBe(messageIdOf(id));
      expect(parsed.subject).toBe(i === 0 ? 'Outbox A' : 'Outbox B');
    }
    expect((await emailStates(octx.orm, ids)).map((s) => [s.status, s.attempts])).toEqual([['SENT', 2], ['SENT', 2]]);
  });
});

describe('DKIM_SIGNING=off (a relay that signs itself)', () => {
  let rctx: TestContext;
  beforeAll(async () => {
    rctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000', DKIM_SIGNING: 'off' });
    await insertVerifiedDomain(rctx.orm, rctx.project.id, 'example.com', rctx.config.secretKey!);
    await rctx.startWorker({ sweeper: false });
  });
  afterAll(() => rctx?.cleanup());

  it('sends mail from a verified domain unsigned, leaving DKIM to the relay', async () => {
    const [id] = await queue([{ toEmail: 'relay@recipients.test' }], rctx);
    expect((await deliver([id], rctx)).sent).toBe(1);
    const [msg] = smtp.byMessageId(messageIdOf(id));
    expect(msg.raw.toString('latin1')).not.toMatch(/^DKIM-Signature:/im);
  });
});

describe('classifySmtpError', () => {
  it.each([
    [{ responseCode: 451, response: '451 4.3.0 try later' }, { permanent: false }],
    [{ code: 'ECONNECTION', message: 'Connection closed' }, { permanent: false }],
    [{ responseCode: 503, response: '503 bad sequence' }, { permanent: false }],
    [{ responseCode: 550, response: '550 5.1.1 User unknown', command: 'RCPT TO' }, { permanent: true, status: 'BOUNCED' }],
    [{ code: 'EENVELOPE', rejectedErrors: [{ responseCode: 550, response: '550 No such user', command: 'RCPT TO' }] }, { permanent: true, status: 'BOUNCED' }],
    [{ responseCode: 550, response: '550 5.7.1 Message rejected as spam', command: 'DATA' }, { permanent: true, status: 'FAILED' }],
    [{ responseCode: 552, response: '552 5.3.4 Message too big' }, { permanent: true, status: 'FAILED' }],
  ])('%o -> %o', (err, expected) => {
    expect(classifySmtpError(err)).toMatchObject(expected);
  });
});

describe('POST /v1/send end to end', () => {
  it('renders a template with variables and an attachment for two recipients; both arrive parsed, rows SENT, contacts exist', async () => {
    const tpl = await ctx.request('POST', '/templates', {
      body: { name: 'Receipt', subject: 'Receipt for {{name}}', body: '<p>Hi {{name}}, plan {{plan}}</p>', type: 'TRANSACTIONAL' },
    });
    expect(tpl.status).toBe(201);
    const templateId = (await json(tpl)).data.id;
    const res = await ctx.request('POST', '/v1/send', {
      body: {
        to: ['grace@recipients.test', 'alan@recipients.test'],
        template: templateId,
        from: { email: 'billing@example.com', name: 'Billing' },
        data: { name: 'friend', plan: 'Pro' },
        attachments: [{ filename: 'receipt.txt', content: Buffer.from('total: 42').toString('base64'), contentType: 'text/plain' }],
      },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    const sent = body.data?.emails ?? body.emails;
    expect(sent).toHaveLength(2);
    const ids: string[] = sent.map((e: { email: string }) => e.email);
    await waitUntil(async () => (await emailStates(ctx.orm, ids)).every((s) => s.status === 'SENT'));
    for (const [i, to] of ['grace@recipients.test', 'alan@recipients.test'].entries()) {
      const msgs = smtp.byMessageId(messageIdOf(ids[i]));
      expect(msgs).toHaveLength(1);
      const parsed = await TestSmtpServer.parse(msgs[0]);
      expect(parsed.to?.[0].address).toBe(to);
      expect(parsed.subject).toBe('Receipt for friend');
      expect(parsed.html).toContain('plan Pro');
      expect(parsed.from).toMatchObject({ address: 'billing@example.com', name: 'Billing' });
      expect(parsed.attachments.map((a) => [a.filename, Buffer.from(a.content as ArrayBuffer).toString()])).toEqual([['receipt.txt', 'total: 42']]);
    }
    const contacts = await ctx.orm.em.fork().getConnection().execute<{ email: string }[]>(
      `select email from contacts where project_id = ? and email in ('grace@recipients.test', 'alan@recipients.test') order by email`,
      [ctx.project.id],
    );
    expect(contacts.map((c) => c.email)).toEqual(['alan@recipients.test', 'grace@recipients.test']);
  });

  it("a recipient's name given to POST /v1/send arrives in To: at the SMTP server (a plain address without one)", async () => {
    const res = await ctx.request('POST', '/v1/send', {
      body: { to: [{ name: 'Ada Lovelace', email: 'named@recipients.test' }, 'unnamed@recipients.test'], from: 'hello@example.com', subject: 'Names', body: '<p>Hi</p>' },
    });
    expect(res.status).toBe(200);
    const ids: string[] = (await json(res)).data.emails.map((e: { email: string }) => e.email);
    await waitUntil(async () => (await emailStates(ctx.orm, ids)).every((s) => s.status === 'SENT'));
    const headerOf = (id: string) => {
      const [msg] = smtp.byMessageId(messageIdOf(id));
      return msg.raw.subarray(0, msg.raw.indexOf('\r\n\r\n')).toString('utf8');
    };
    expect(headerOf(ids[0])).toMatch(/^To: Ada Lovelace <named@recipients\.test>\r?$/m);
    expect(headerOf(ids[1])).toMatch(/^To: unnamed@recipients\.test\r?$/m);
    const [named] = smtp.byMessageId(messageIdOf(ids[0]));
    expect(named.recipients).toEqual(['named@recipients.test']);
    expect((await TestSmtpServer.parse(named)).to).toEqual([{ name: 'Ada Lovelace', address: 'named@recipients.test' }]);
  });

  it('an attachment with contentId arrives as an inline part the HTML shows by cid:', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
    const res = await ctx.request('POST', '/v1/send', {
      body: {
        to: 'inline@recipients.test',
        from: 'news@example.com',
        subject: 'Logo',
        body: '<p><img src="cid:logo-1" alt="logo"></p>',
        attachments: [
          { filename: 'logo.png', content: png, contentType: 'image/png', contentId: 'logo-1' },
          { filename: 'terms.txt', content: Buffer.from('terms').toString('base64') },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [id] = (await json(res)).data.emails.map((e: { email: string }) => e.email);
    await waitUntil(async () => (await emailStates(ctx.orm, [id]))[0].status === 'SENT');
    const parsed = await TestSmtpServer.parse(smtp.byMessageId(messageIdOf(id))[0]);
    expect(parsed.html).toContain('src="cid:logo-1"');
    const byName = Object.fromEntries(parsed.attachments.map((a) => [a.filename, a]));
    expect(byName['logo.png']).toMatchObject({ disposition: 'inline', contentId: '<logo-1>', mimeType: 'image/png' });
    expect(byName['terms.txt']).toMatchObject({ disposition: 'attachment' });
    await expectError(
      await ctx.request('POST', '/v1/send', { body: { to: 'x@recipients.test', from: 'news@example.com', subject: 's', body: 'b', attachments: [{ filename: 'a.png', content: png, contentId: '<bad id>' }] } }),
      422,
      undefined,
      '/v1/send',
    );
  });
});
