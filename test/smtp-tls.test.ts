import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type OutgoingMessage } from '../activities/mailer.js';
import { loadConfig } from '../core/config.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { emailStates, insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { TEST_CA_FILE, TestSmtpServer } from './support/smtp-server.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

/*
 * SMTP the way deployments configure it: a server with a certificate (self-signed here, trusted
 * through SMTP_CA_FILE) that requires AUTH, reached as `smtp://user:pass@host:port` (STARTTLS) or
 * `smtps://user:pass@host:port` (TLS from the first byte). The mailer is built from the parsed
 * environment exactly as the worker builds it.
 */

const USER = 'mailer';
const PASS = 's3cret p@ss';
const creds = `${USER}:${encodeURIComponent(PASS)}`;
let starttls: TestSmtpServer;
let implicit: TestSmtpServer;

const message = (n: string): OutgoingMessage => ({
  emailId: `tls-${n}`,
  messageId: `<tls-${n}@example.com>`,
  from: { address: 'news@example.com' },
  to: 'reader@recipients.test',
  subject: `TLS ${n}`,
  html: '<p>over TLS</p>',
});
const mailerFor = (env: Record<string, string>) => createMailer(loadConfig({ DATA_DIR: '/nonexistent', ...env }));

beforeAll(async () => {
  starttls = await TestSmtpServer.start({ tls: 'starttls', auth: { user: USER, pass: PASS } });
  implicit = await TestSmtpServer.start({ tls: 'implicit', auth: { user: USER, pass: PASS } });
});
afterAll(async () => {
  await starttls?.close();
  await implicit?.close();
});

describe('SMTP_URL with TLS and AUTH, the certificate trusted through SMTP_CA_FILE', () => {
  it.each([
    ['smtp:// upgraded with STARTTLS', () => `smtp://${creds}@127.0.0.1:${starttls.port}`, () => starttls],
    ['smtps:// (implicit TLS)', () => `smtps://${creds}@127.0.0.1:${implicit.port}`, () => implicit],
  ])('%s: logs in inside TLS and the message arrives', async (name, url, server) => {
    const mailer = mailerFor({ SMTP_URL: url(), SMTP_CA_FILE: TEST_CA_FILE });
    try {
      const info = await mailer.send(message(name.slice(0, 5)));
      expect(info.accepted).toEqual(['reader@recipients.test']);
    } finally {
      await mailer.close();
    }
    expect(server().byMessageId(`<tls-${name.slice(0, 5)}@example.com>`)).toEqual([expect.objectContaining({ secure: true, user: USER })]);
  });

  it.each([
    ['smtp://', () => `smtp://${creds}@127.0.0.1:${starttls.port}`],
    ['smtps://', () => `smtps://${creds}@127.0.0.1:${implicit.port}`],
  ])('%s without SMTP_CA_FILE: the self-signed certificate is refused, nothing is sent', async (_, url) => {
    const before = starttls.messages.length + implicit.messages.length;
    const mailer = mailerFor({ SMTP_URL: url() });
    try {
      await expect(mailer.send(message('untrusted'))).rejects.toThrow(/self[- ]signed/i);
    } finally {
      await mailer.close();
    }
    expect(starttls.messages.length + implicit.messages.length).toBe(before);
  });

  it('credentials over smtp:// to a server without STARTTLS: refused before AUTH (never in clear text), unless ?requireTLS=false', async () => {
    const plain = await TestSmtpServer.start({ auth: { user: USER, pass: PASS } });
    try {
      const mailer = mailerFor({ SMTP_URL: `smtp://${creds}@127.0.0.1:${plain.port}` });
      try {
        await expect(mailer.send(message('cleartext'))).rejects.toMatchObject({ code: 'ETLS' });
      } finally {
        await mailer.close();
      }
      expect(plain.authAttempts).toBe(0);
      expect(plain.messages).toHaveLength(0);
      // The operator's explicit choice (a relay on a trusted network): AUTH is sent, this server refuses it.
      const optedOut = mailerFor({ SMTP_URL: `smtp://${creds}@127.0.0.1:${plain.port}?requireTLS=false` });
      try {
        await expect(optedOut.send(message('optout'))).rejects.toThrow();
      } finally {
        await optedOut.close();
      }
      expect(plain.authAttempts).toBe(1);
    } finally {
      await plain.close();
    }
  });

  it('a wrong password is refused by the server (535), nothing is sent', async () => {
    const mailer = mailerFor({ SMTP_URL: `smtp://${USER}:wrong@127.0.0.1:${starttls.port}`, SMTP_CA_FILE: TEST_CA_FILE });
    try {
      await expect(mailer.send(message('wrong'))).rejects.toMatchObject({ responseCode: 535 });
    } finally {
      await mailer.close();
    }
    expect(starttls.byMessageId('<tls-wrong@example.com>')).toEqual([]);
  });
});

describe('delivery through the worker to an SMTP server with STARTTLS and AUTH', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestContext({ SMTP_URL: `smtp://${creds}@127.0.0.1:${starttls.port}`, SMTP_CA_FILE: TEST_CA_FILE, SEND_RATE_PER_SECOND: '1000' });
    await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
    await ctx.startWorker({ sweeper: false });
  });
  afterAll(() => ctx?.cleanup());

  it('the email is SENT and arrives signed in, inside TLS', async () => {
    const logins = starttls.authenticatedAs.length;
    const [id] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: 'pipeline@recipients.test' }]);
    await ctx.temporal.workflow.execute(DELIVER_EMAILS_WORKFLOW, { taskQueue: ctx.config.taskQueue, workflowId: sendWorkflowId(id), args: [{ projectId: ctx.project.id, emailIds: [id] }] });
    expect((await emailStates(ctx.orm, [id]))[0].status).toBe('SENT');
    expect(starttls.byMessageId(`<${id}@example.com>`)).toEqual([expect.objectContaining({ secure: true, user: USER })]);
    expect(starttls.authenticatedAs.length).toBeGreaterThan(logins);
  });
});
