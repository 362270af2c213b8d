import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_MS, maxInWindow } from '../core/pacing.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import type { DeliverEmailsResult } from '../workflows/deliver.workflow.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer, type ReceivedMessage } from './support/smtp-server.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

/*
 * A project's own sendRatePerSecond (PATCH /project/settings), lower than the service's, is the
 * rate its mail reaches the SMTP server at; another project on the same worker keeps the service's.
 */

const SERVICE_RATE = 50;
const OWN_RATE = 5;
const TOTAL = 20;
/**
 * Sends admitted in consecutive windows can begin at the server closer together than they were
 * admitted (process stalls on a loaded 2-core machine; test/pacing.timing.test.ts measures them):
 * this many extra are allowed in a second. The total time is the strict part.
 */
const SERVER_JITTER = 2;

let smtp: TestSmtpServer;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: String(SERVICE_RATE) });
  await ctx.startWorker({ sweeper: false });
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
});

/** What the SMTP server received, and when each send started on the database clock (emails.sent_at). */
async function deliverAll(projectId: string, tag: string): Promise<ReceivedMessage[] & { starts: number[] }> {
  await insertVerifiedDomain(ctx.orm, projectId, `${tag}.example`, ctx.config.secretKey!);
  const ids = await insertQueuedEmails(ctx.orm, projectId, Array.from({ length: TOTAL }, (_, i) => ({ toEmail: `${tag}${i}@recipients.test`, fromEmail: `news@${tag}.example` })));
  const result = (await ctx.temporal.workflow.execute(DELIVER_EMAILS_WORKFLOW, {
    taskQueue: ctx.config.taskQueue,
    workflowId: sendWorkflowId(ids[0]),
    args: [{ projectId, emailIds: ids }],
  })) as DeliverEmailsResult;
  expect(result.sent).toBe(TOTAL);
  const wanted = new Set(ids.map((id) => `<${id}@${tag}.example>`));
  const msgs = smtp.messages.filter((m) => wanted.has(m.messageId!));
  expect(msgs).toHaveLength(TOTAL);
  const rows = await ctx.orm.em.fork().getConnection().execute<{ t: number }[]>(
    `select extract(epoch from sent_at)::float8 * 1000 as t from emails where project_id = ? and status = 'SENT'`,
    [projectId],
  );
  return Object.assign(msgs, { starts: rows.map((r) => Number(r.t)) });
}

const span = (msgs: ReceivedMessage[]) => Math.max(...msgs.map((m) => m.mailFromAt)) - Math.min(...msgs.map((m) => m.mailFromAt));

describe("a project's own lower send rate", () => {
  it(`${TOTAL} emails at the project's ${OWN_RATE}/s (service ${SERVICE_RATE}/s): at most ${OWN_RATE} starts per window (database clock), at most ${OWN_RATE} + ${SERVER_JITTER} MAIL FROMs in a second at the server, never faster than the rate; the service's rate goes faster`, { timeout: 120_000 }, async () => {
    // Warm-up (JIT, connections), then the control: a project at the service's rate.
    await deliverAll((await ctx.newProject('warm-up')).id, 'warm');
    const control = await deliverAll((await ctx.newProject('service rate')).id, 'fast');

    const res = await ctx.request('PATCH', '/project/settings', { body: { sendRatePerSecond: OWN_RATE } });
    expect(res.status, JSON.stringify(await json(res.clone()))).toBe(200);
    const slow = await deliverAll(ctx.project.id, 'slow');

    const begun = slow.map((m) => m.mailFromAt);
    const peak = maxInWindow(begun, 1000);
    console.log(
      `[project-rate] own ${OWN_RATE}/s: ${TOTAL} sends over ${span(slow)} ms (ideal ${((TOTAL - OWN_RATE) / OWN_RATE) * 1000} ms), busiest 1 s at the server ${peak}; ` +
        `service ${SERVICE_RATE}/s control: over ${span(control)} ms, busiest 1 s ${maxInWindow(control.map((m) => m.mailFromAt), 1000)}`,
    );
    // The pacing's guarantee, on the clock it uses: at most OWN_RATE starts in a window GUARD_MS wider than a second.
    expect(slow.starts).toHaveLength(TOTAL);
    expect(maxInWindow(slow.starts, 1000 + GUARD_MS)).toBeLessThanOrEqual(OWN_RATE);
    expect(peak).toBeLessThanOrEqual(OWN_RATE + SERVER_JITTER);
    // The last window opens (TOTAL - OWN_RATE) / OWN_RATE seconds after the first.
    expect(span(slow)).toBeGreaterThanOrEqual(((TOTAL - OWN_RATE) / OWN_RATE) * 1000 * 0.9);
    // The same batch at the service's rate went out in less time than the project's rate allows
    // (a generous bound: about 8 times the ideal at 50/s): the project's setting made the difference.
    expect(span(control)).toBeLessThan(((TOTAL - OWN_RATE) / OWN_RATE) * 1000);
  });
});
