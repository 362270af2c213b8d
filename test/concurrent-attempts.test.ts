import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverEmailsResult } from '../workflows/deliver.workflow.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { sweepQueuedEmails } from '../worker/sweeper.js';
import { sqlRun } from '../db/sql.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { emailStates, insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

/*
 * Two delivery attempts on one email row at once, against an SMTP server that takes seconds to
 * answer: the API's workflow for a two-email send, and the sweeper's workflow for its second email
 * (the sweeper starts one workflow per stranded row, under that row's id). The row lock held
 * across the SMTP call is all that keeps the second attempt from sending again.
 */

let smtp: TestSmtpServer;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000' });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
  await ctx.startWorker({ sweeper: false });
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
});

describe('two attempts on one email at once', () => {
  it('the sweeper beside the API workflow against a slow SMTP server: exactly one message arrives', async () => {
    // The attempt that holds the row lock stays on the wire while the other waits for the lock (under the heartbeat timeout).
    smtp.replyDelayMs = 6_000;
    // The project's pacing bucket 5 s in debt: every attempt starts (QUEUED/SENDING -> SENDING, counted)
    // and then sleeps for its slot before it locks the row, so both attempts on the second email are
    // counted before either locks it, however late the sweeper's workflow runs (a start after the
    // lock waits for it and then finds SENT: a CI run saw attempts 1 when the overlap was left to timing).
    await sqlRun(
      ctx.orm.em.fork(),
      `insert into send_rate_buckets (project_id, tokens, updated_at) values (?, -5000, clock_timestamp())
       on conflict (project_id) do update set tokens = -5000, updated_at = clock_timestamp()`,
      [ctx.project.id],
    );
    const ids = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: 'first@recipients.test' }, { toEmail: 'second@recipients.test' }]);
    const api = await ctx.temporal.workflow.start(DELIVER_EMAILS_WORKFLOW, {
      taskQueue: ctx.config.taskQueue,
      workflowId: sendWorkflowId(ids[0]),
      args: [{ projectId: ctx.project.id, emailIds: ids }],
    });
    // Rows not yet marked dispatched (the API died before it, say): the sweeper takes both, and
    // starts a second workflow for the second email only (the first one's id is already running).
    const started = await sweepQueuedEmails({ orm: ctx.orm, client: ctx.temporal, taskQueue: ctx.config.taskQueue, olderThanMs: 0 });
    expect(started).toBe(1);
    const sweeper = ctx.temporal.workflow.getHandle(sendWorkflowId(ids[1]));
    const [a, b] = (await Promise.all([api.result(), sweeper.result()])) as DeliverEmailsResult[];

    expect(a.sent + b.sent).toBe(3);
    expect(smtp.byMessageId(`<${ids[0]}@example.com>`)).toHaveLength(1);
    expect(smtp.byMessageId(`<${ids[1]}@example.com>`)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(2);
    const [, second] = await emailStates(ctx.orm, ids);
    // Both attempts claimed the row while it was still going out (so they really overlapped); one
    // of them then found it SENT under the lock and sent nothing.
    expect(second).toMatchObject({ status: 'SENT', attempts: 2 });
    const outcomes = [...a.outcomes, ...b.outcomes].filter((o) => o.emailId === ids[1]);
    expect(outcomes.map((o) => Boolean(o.alreadyFinal)).sort()).toEqual([false, true]);
  });
});
