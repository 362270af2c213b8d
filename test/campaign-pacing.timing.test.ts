import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_MS, maxInWindow } from '../core/pacing.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { createCampaign, seedContacts, waitForStatus } from './support/campaigns.js';
import { insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { eventually } from './support/automations.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

/*
 * The project's rate holds across everything it sends at once: two campaigns (their lanes share
 * pacing round trips, each page activity its own group) and transactional sends, measured where it
 * matters, at the SMTP server's MAIL FROM. bench/campaign-pacing.ts measures the same at 14/s with
 * more mail.
 */
const RATE = 10;
const PER_CAMPAIGN = 30;
const TRANSACTIONAL = 10;
const TOTAL = 2 * PER_CAMPAIGN + TRANSACTIONAL;
/** As in test/project-rate.timing.test.ts: process stalls on a loaded 2-core machine may add this many to a second. */
const SERVER_JITTER = 2;

let smtp: TestSmtpServer;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: String(RATE) });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
  await ctx.startWorker({ sweeper: false });
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
});

describe('pacing across two campaigns and transactional sends of one project', () => {
  it(`${TOTAL} messages at ${RATE}/s: never more than ${RATE} sends started in a window (database clock), at most ${RATE} + ${SERVER_JITTER} MAIL FROMs in a second at the server, no faster than the rate overall`, { timeout: 120_000 }, async () => {
    await seedContacts(ctx.orm, ctx.project.id, 'a', PER_CAMPAIGN, { data: () => ({ group: 'a' }) });
    await seedContacts(ctx.orm, ctx.project.id, 'b', PER_CAMPAIGN, { data: () => ({ group: 'b' }) });
    const audience = (group: string) => ({ audienceType: 'FILTERED', audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.group', operator: 'equals', value: group }] }] } });
    const first = await createCampaign(ctx, ctx.project.secretKey, audience('a'));
    const second = await createCampaign(ctx, ctx.project.secretKey, audience('b'));
    const ids = await insertQueuedEmails(ctx.orm, ctx.project.id, Array.from({ length: TRANSACTIONAL }, (_, i) => ({ toEmail: `t-${i}@recipients.test` })));

    await Promise.all([
      ctx.request('POST', `/campaigns/${first}/send`, { key: ctx.project.secretKey }),
      ctx.request('POST', `/campaigns/${second}/send`, { key: ctx.project.secretKey }),
      ctx.temporal.workflow.start(DELIVER_EMAILS_WORKFLOW, { taskQueue: ctx.config.taskQueue, workflowId: sendWorkflowId(ids[0]), args: [{ projectId: ctx.project.id, emailIds: ids }] }),
    ]);
    await waitForStatus(ctx, ctx.project.secretKey, first, 'SENT', 60_000);
    await waitForStatus(ctx, ctx.project.secretKey, second, 'SENT', 60_000);
    await smtp.waitForCount(TOTAL, 30_000);

    const got = smtp.messages;
    expect(new Set(got.map((m) => m.recipients[0])).size).toBe(TOTAL);
    const times = got.map((m) => m.mailFromAt);
    const peak = maxInWindow(times, 1000);
    const span = Math.max(...times) - Math.min(...times);
    console.log(`[campaign pacing] ${got.length} messages over ${span} ms (ideal ${((TOTAL - RATE) / RATE) * 1000} ms), busiest 1 s at the server: ${peak}`);
    // The pacing's guarantee, on the clock it uses: when each send started (campaign recipients and
    // transactional emails alike), never more than RATE in a window GUARD_MS wider than a second.
    const sentStarts = () =>
      ctx.orm.em.fork().getConnection().execute<{ t: number }[]>(
        `select extract(epoch from sent_at)::float8 * 1000 as t from campaign_recipients where campaign_id in (?, ?) and status = 'SENT'
         union all select extract(epoch from sent_at)::float8 * 1000 from emails where id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x) and status = 'SENT'`,
        [first, second, JSON.stringify(ids)],
      );
    // The server has every message; the transactional sends' outcomes are written a moment after their 250.
    const starts = await eventually(async () => ((await sentStarts()).length === TOTAL ? sentStarts() : null), 30_000, 'every send recorded SENT');
    expect(starts).toHaveLength(TOTAL);
    expect(maxInWindow(starts.map((r) => Number(r.t)), 1000 + GUARD_MS)).toBeLessThanOrEqual(RATE);
    // At the server, process stalls on a loaded machine may bunch a few (see SERVER_JITTER).
    expect(peak).toBeLessThanOrEqual(RATE + SERVER_JITTER);
    // The last window opens (TOTAL - RATE) / RATE seconds after the first.
    expect(span).toBeGreaterThanOrEqual(((TOTAL - RATE) / RATE) * 1000 * 0.9);
  });
});
