import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWorkflowId } from '../core/workflow-ids.js';
import type { DeliverEmailsResult } from '../workflows/deliver.workflow.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { emailStates, eventNamesOf, insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

/*
 * An SMTP server that keeps answering 4xx: every attempt is transient, so the email ends FAILED only
 * through the workflow's exhaustion path (retries used up -> markEmailFailed), with the server's
 * reply stored. The retry policy comes from the DELIVERY_* settings, made small here.
 */

let smtp: TestSmtpServer;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({
    SMTP_URL: smtp.url,
    SEND_RATE_PER_SECOND: '1000',
    DELIVERY_MAX_ATTEMPTS: '3',
    DELIVERY_RETRY_INITIAL_SECONDS: '0.2',
    DELIVERY_RETRY_MAX_SECONDS: '0.5',
  });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
  await ctx.startWorker({ sweeper: false });
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
});

describe('retry exhaustion', () => {
  it('4xx on every attempt: DELIVERY_MAX_ATTEMPTS tries, then FAILED with the reply stored and one email.failed', async () => {
    smtp.rejectRecipient('busy@recipients.test', 451, '4.2.1 Mailbox busy, try again later');
    const [id, ok] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: 'busy@recipients.test' }, { toEmail: 'fine@recipients.test' }]);
    const result = (await ctx.temporal.workflow.execute(DELIVER_EMAILS_WORKFLOW, {
      taskQueue: ctx.config.taskQueue,
      workflowId: sendWorkflowId(id),
      args: [{ projectId: ctx.project.id, emailIds: [id, ok] }],
      workflowExecutionTimeout: '1 minute',
    })) as DeliverEmailsResult;

    expect(result).toMatchObject({ sent: 1, failed: 1 });
    expect(result.outcomes[0]).toMatchObject({ emailId: id, status: 'FAILED', error: expect.stringContaining('4.2.1 Mailbox busy') });
    expect(smtp.refused.filter((r) => r === 'busy@recipients.test')).toHaveLength(3);
    const [failed, sent] = await emailStates(ctx.orm, [id, ok]);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, error: expect.stringContaining('451 4.2.1 Mailbox busy') });
    expect(sent.status).toBe('SENT');
    expect(await eventNamesOf(ctx.orm, id)).toEqual(['email.failed']);
    // Written by markEmailFailed (the exhaustion path), not by a permanent SMTP rejection (which stores its code).
    const [event] = await ctx.orm.em.fork().getConnection().execute<{ data: any }[]>(`select data from events where email_id = ? and name = 'email.failed'`, [id]);
    expect(event.data).toMatchObject({ code: null, to: 'busy@recipients.test', error: expect.stringContaining('451') });
    expect(smtp.byMessageId(`<${id}@example.com>`)).toEqual([]);
  });
});
