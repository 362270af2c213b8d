import { describe, expect, it } from 'vitest';
import { campaignWorkflowId } from '../core/workflow-ids.js';
import type { CampaignProgress } from '../workflows/campaign.workflow.js';
import { json } from './helpers.js';
import { createCampaign, ctx, getCampaign, p, seedContacts, setProjectRate, smtp, useCampaignStack, waitFor, waitForStatus } from './support/campaigns.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { CAMPAIGN_PROGRESS_QUERY, campaignPagesQueue } from '../core/campaigns/campaign-workflow.js';
import { CAMPAIGN_PAGE_SIZE } from '../workflows/campaign.workflow.js';

useCampaignStack();

/** Messages at the sink for addresses starting with `prefix-`. */
const receivedBy = (prefix: string) => smtp.messages.filter((m) => m.recipients[0]?.startsWith(`${prefix}-`));
const send = (id: string, body?: unknown) => ctx.request('POST', `/campaigns/${id}/send`, { key: p.secretKey, body });
const post = (id: string, op: string) => ctx.request('POST', `/campaigns/${id}/${op}`, { key: p.secretKey });
const stats = async (id: string) => (await json(await ctx.request('GET', `/campaigns/${id}/stats`, { key: p.secretKey }))).data;

/** Every MAIL FROM the sink saw for addresses starting with `prefix-` (completed or not), with its time. */
const startsBy = (prefix: string) => smtp.rcpts.filter((r) => r.to.startsWith(`${prefix}-`));

/** The high rate the cancel and pause tests run at (messages per second, the project's own setting). */
const FAST_RATE = 400;

/**
 * Cancel and pause are a fence: no MAIL FROM starts at the sink after their answer arrived at
 * `answeredAt` (sink timestamps; a message whose MAIL FROM came before may still complete), and
 * nothing more arrives in the 3 s after. Returns the MAIL FROMs seen before the answer.
 */
async function expectNoMailFromAfter(prefix: string, answeredAt: number) {
  await new Promise((r) => setTimeout(r, 1500));
  const after = startsBy(prefix).filter((r) => r.mailFromAt > answeredAt);
  const before = receivedBy(prefix).length;
  await new Promise((r) => setTimeout(r, 1500));
  expect(receivedBy(prefix).length).toBe(before);
  expect(after).toEqual([]);
  return startsBy(prefix).length;
}

/** Messages per second at the sink over the second before `t` (the rate the fence was tested at). */
const rateBefore = (prefix: string, t: number) => startsBy(prefix).filter((r) => r.mailFromAt > t - 1000 && r.mailFromAt <= t).length;

describe('campaign delivery through Temporal, PostgreSQL and SMTP', () => {
  it('sends now: every contact exactly once, rendered and DKIM-signed; SENT with stats, progress query and search attributes', async () => {
    await seedContacts(ctx.orm, p.id, 'now', 600);
    const id = await createCampaign(ctx, p.secretKey);
    const res = await send(id);
    expect(res.status).toBe(200);
    // 100 s of 120 on a busy machine: correctness is the subject, not speed.
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 300_000);
    const got = receivedBy('now');
    expect(got).toHaveLength(600);
    expect(new Set(got.map((m) => m.recipients[0])).size).toBe(600);
    const parsed = await TestSmtpServer.parse(got.find((m) => m.recipients[0] === 'now-7@recipients.test')!);
    expect(parsed.subject).toBe('Hello N7');
    expect(parsed.headers.find((h) => h.key === 'dkim-signature')).toBeTruthy();
    expect(parsed.headers.find((h) => h.key === 'list-unsubscribe')).toBeTruthy();
    expect(await stats(id)).toMatchObject({ totalRecipients: 600, sentCount: 600, deliveredCount: 600, bouncedCount: 0, deliveryRate: 100 });
    const c = await getCampaign(ctx, p.secretKey, id);
    expect(c).toMatchObject({ status: 'SENT', sentCount: 600, totalRecipients: 600 });
    expect(c.sentAt).toEqual(expect.any(String));
    const progress = await ctx.temporal.workflow.getHandle(campaignWorkflowId(id)).query<CampaignProgress>(CAMPAIGN_PROGRESS_QUERY);
    expect(progress).toEqual({ total: 600, sent: 600, failed: 0, skipped: 0, remaining: 0, status: 'SENT' });
    const found = await waitFor('visibility', async () => {
      const ids: string[] = [];
      for await (const w of ctx.temporal.workflow.list({ query: `CampaignId = '${id}' AND ProjectId = '${p.id}'` })) ids.push(w.workflowId);
      return ids;
    }, (ids) => ids.length > 0, 60_000);
    expect(found).toContain(campaignWorkflowId(id));
    // History stays small: a handful of events per page (continueAsNew every PAGES_PER_RUN pages).
    const events = (await ctx.temporal.workflow.getHandle(campaignWorkflowId(id)).fetchHistory()).events?.length ?? 0;
    console.log(`[campaign] ${events} history events for 600 recipients (${((events * 1000) / 600).toFixed(1)} per 1,000)`);
    expect(events).toBeLessThan(60);
  }, 420_000);

  it('schedules 3 s ahead: nothing before the time, everything after', async () => {
    await seedContacts(ctx.orm, p.id, 'sched', 20);
    const id = await createCampaign(ctx, p.secretKey);
    const at = new Date(Date.now() + 3000);
    const c = (await json(await send(id, { scheduledAt: at.toISOString() }))).data;
    expect(c).toMatchObject({ status: 'SCHEDULED', scheduledAt: at.toISOString() });
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 45_000);
    expect(receivedBy('sched')).toHaveLength(20);
    // Nothing before the time: every MAIL FROM at the sink came at or after it (a look at the sink at a
    // moment before the time would depend on the test reaching that moment in time).
    expect(Math.min(...receivedBy('sched').map((m) => m.mailFromAt))).toBeGreaterThanOrEqual(at.getTime() - 50);
  });

  it('schedule then cancel: CANCELLED, zero messages', async () => {
    await seedContacts(ctx.orm, p.id, 'schedcancel', 10);
    const id = await createCampaign(ctx, p.secretKey);
    // 6 s ahead: the cancel answers before the time on a busy machine too (checked), then the time passes.
    const at = Date.now() + 6000;
    await send(id, { scheduledAt: new Date(at).toISOString() });
    const res = await post(id, 'cancel');
    expect(res.status).toBe(200);
    expect(Date.now(), 'the cancel answered after the scheduled time').toBeLessThan(at);
    expect((await json(res)).data.status).toBe('CANCELLED');
    await new Promise((r) => setTimeout(r, at + 1500 - Date.now()));
    expect(receivedBy('schedcancel')).toHaveLength(0);
    expect((await getCampaign(ctx, p.secretKey, id)).status).toBe('CANCELLED');
    const again = await send(id);
    expect(again.status).toBe(409);
  });

  it('reschedules later, then earlier, with one workflow', async () => {
    await seedContacts(ctx.orm, p.id, 'resched', 5);
    const id = await createCampaign(ctx, p.secretKey);
    // 6 s ahead: the move to later answers before that time on a busy machine too (checked), then it passes.
    const first = Date.now() + 6000;
    await send(id, { scheduledAt: new Date(first).toISOString() });
    const later = new Date(Date.now() + 60_000);
    expect((await json(await send(id, { scheduledAt: later.toISOString() }))).data.scheduledAt).toBe(later.toISOString());
    expect(Date.now(), 'the reschedule answered after the first time').toBeLessThan(first);
    await new Promise((r) => setTimeout(r, first + 1000 - Date.now()));
    expect(receivedBy('resched')).toHaveLength(0);
    const earlier = new Date(Date.now() + 1000);
    await send(id, { scheduledAt: earlier.toISOString() });
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 40_000);
    expect(receivedBy('resched')).toHaveLength(5);
    expect(Math.min(...receivedBy('resched').map((m) => m.mailFromAt))).toBeGreaterThanOrEqual(earlier.getTime() - 50);
    const runs: string[] = [];
    for await (const w of ctx.temporal.workflow.list({ query: `WorkflowId = '${campaignWorkflowId(id)}'` })) runs.push(w.runId);
    expect(runs).toHaveLength(1);
  });

  it('an id given in upper case is the same campaign and the same workflow: scheduled with it, sent now with the lower-case id, one workflow, each contact once', async () => {
    await seedContacts(ctx.orm, p.id, 'upperid', 5);
    const id = await createCampaign(ctx, p.secretKey);
    expect((await send(id.toUpperCase(), { scheduledAt: new Date(Date.now() + 60_000).toISOString() })).status).toBe(200);
    expect((await send(id)).status).toBe(200);
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 40_000);
    expect(receivedBy('upperid')).toHaveLength(5);
    const runsOf = async (workflowId: string) => {
      const runs: string[] = [];
      for await (const w of ctx.temporal.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(w.runId);
      return runs.length;
    };
    expect(await runsOf(campaignWorkflowId(id))).toBe(1);
    expect(await runsOf(campaignWorkflowId(id.toUpperCase()))).toBe(0);
  });

  it(`cancel while sending (project rate ${FAST_RATE}/s): zero MAIL FROMs at the sink after the answer arrived; CANCELLED keeps the count`, async () => {
    await setProjectRate(ctx.orm, p.id, FAST_RATE);
    // 3,000 contacts: 7 s of sending at the rate, so the cancel lands mid-send on a busy machine too.
    await seedContacts(ctx.orm, p.id, 'midcancel', 3000);
    const id = await createCampaign(ctx, p.secretKey);
    await send(id);
    await waitFor('100 sent', async () => receivedBy('midcancel').length, (n) => n >= 100, 90_000);
    const res = await post(id, 'cancel');
    const answeredAt = Date.now();
    console.log(`[cancel] ${rateBefore('midcancel', answeredAt)} MAIL FROMs in the second before the answer`);
    expect((await json(res)).data.status).toBe('CANCELLED');
    await expectNoMailFromAfter('midcancel', answeredAt);
    const got = receivedBy('midcancel');
    expect(got.length).toBeLessThan(3000);
    const c = await waitFor('counts settle', () => getCampaign(ctx, p.secretKey, id), (c) => c.sentCount === got.length, 5000);
    expect(c.status).toBe('CANCELLED');
  }, 180_000);

  it('cancel racing the scheduled time (project rate 200/s): CANCELLED, zero MAIL FROMs after the answer arrived, never SENT', async () => {
    // Cancels from 150 ms before the scheduled time to 1.5 s after it (the first page on its way,
    // then mid-send), each campaign in its own project at 200/s (800 contacts: 4 s of sending, so the
    // last cancel still lands mid-send when the machine is slow to answer it).
    const offsets = [-150, -50, 0, 50, 150, 400, 800, 1500];
    const setups = await Promise.all(
      offsets.map(async (_offset, k) => {
        const project = await ctx.newProject();
        await insertVerifiedDomain(ctx.orm, project.id, 'example.com', ctx.config.secretKey!);
        await setProjectRate(ctx.orm, project.id, 200);
        await seedContacts(ctx.orm, project.id, `race${k}`, 800);
        return { project, id: await createCampaign(ctx, project.secretKey) };
      }),
    );
    // 5 s ahead: eight schedule requests at once answer before it on a busy machine too (a time
    // already past when the request is read is a 422).
    const at = Date.now() + 5000;
    const runs = await Promise.all(
      offsets.map(async (offset, k) => {
        const { project, id } = setups[k];
        const scheduled = await ctx.request('POST', `/campaigns/${id}/send`, { key: project.secretKey, body: { scheduledAt: new Date(at).toISOString() } });
        expect(scheduled.status).toBe(200);
        await new Promise((r) => setTimeout(r, Math.max(0, at + offset - Date.now())));
        const res = await ctx.request('POST', `/campaigns/${id}/cancel`, { key: project.secretKey });
        return { k, offset, id, key: project.secretKey, status: res.status, body: await json(res), answeredAt: Date.now() };
      }),
    );
    await new Promise((r) => setTimeout(r, 4000)); // past the 4 s a campaign would have taken after its time
    console.log(`[cancel race] cancel at offset (ms) -> messages sent: ${runs.map((r) => `${r.offset} -> ${receivedBy(`race${r.k}`).length}`).join(', ')}`);
    for (const run of runs) {
      expect([run.offset, run.status, run.body.data?.status]).toEqual([run.offset, 200, 'CANCELLED']);
      const got = receivedBy(`race${run.k}`);
      expect([run.offset, startsBy(`race${run.k}`).filter((r) => r.mailFromAt > run.answeredAt)]).toEqual([run.offset, []]);
      const c = await waitFor('counts settle', () => getCampaign(ctx, run.key, run.id), (c) => c.sentCount === got.length, 5000);
      expect([run.offset, c.status]).toEqual([run.offset, 'CANCELLED']);
      expect(got.length).toBeLessThan(800);
    }
  }, 180_000);

  it('SMTP refusals: 5.1.x bounces (and suppresses), 5.7.x fails, 4xx is retried until it goes through', async () => {
    await seedContacts(ctx.orm, p.id, 'refuse', 10);
    smtp.rejectRecipient('refuse-3@recipients.test', 550, '550 5.1.1 No such user');
    smtp.rejectRecipient('refuse-4@recipients.test', 554, '554 5.7.1 Rejected by policy');
    smtp.rejectRecipient('refuse-5@recipients.test', 451, '451 4.2.1 Mailbox busy, try again later');
    const id = await createCampaign(ctx, p.secretKey);
    expect((await send(id)).status).toBe(200);
    await waitFor('the busy mailbox refused once', async () => smtp.refused.filter((a) => a === 'refuse-5@recipients.test').length, (n) => n >= 1, 15_000);
    smtp.clearRecipient('refuse-5@recipients.test');
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 60_000);
    smtp.clearRecipient('refuse-3@recipients.test');
    smtp.clearRecipient('refuse-4@recipients.test');
    const got = receivedBy('refuse').map((m) => m.recipients[0]).sort();
    expect(got).toEqual([0, 1, 2, 5, 6, 7, 8, 9].map((i) => `refuse-${i}@recipients.test`).sort());
    // Stats: sent = what the receiving server answered for (delivered + bounced); the policy refusal is neither.
    expect(await stats(id)).toMatchObject({ totalRecipients: 10, sentCount: 9, deliveredCount: 8, bouncedCount: 1, bounceRate: 11.11 });
    expect(await getCampaign(ctx, p.secretKey, id)).toMatchObject({ sentCount: 8, bouncedCount: 1, failedCount: 1 });
    const suppressions = (await json(await ctx.request('GET', '/suppressions', { key: p.secretKey }))).data;
    const listed = (suppressions.items ?? suppressions.suppressions ?? suppressions) as { email: string; reason: string }[];
    expect(listed.map((x) => [x.email, x.reason])).toEqual([['refuse-3@recipients.test', 'HARD_BOUNCE']]);
  });

  it(`pause while sending (project rate ${FAST_RATE}/s): zero MAIL FROMs at the sink after the answer arrived; resume finishes with each contact exactly once`, async () => {
    await setProjectRate(ctx.orm, p.id, FAST_RATE);
    await seedContacts(ctx.orm, p.id, 'pause', 600);
    const id = await createCampaign(ctx, p.secretKey);
    await send(id);
    await waitFor('100 sent', async () => receivedBy('pause').length, (n) => n >= 100, 90_000);
    const res = await post(id, 'pause');
    const answeredAt = Date.now();
    console.log(`[pause] ${rateBefore('pause', answeredAt)} MAIL FROMs in the second before the answer`);
    expect((await json(res)).data.status).toBe('PAUSED');
    await expectNoMailFromAfter('pause', answeredAt);
    const progress = await ctx.temporal.workflow.getHandle(campaignWorkflowId(id)).query<CampaignProgress>(CAMPAIGN_PROGRESS_QUERY);
    expect(progress.status).toBe('PAUSED');
    expect((await post(id, 'pause')).status).toBe(409);
    expect((await json(await post(id, 'resume'))).data.status).toBe('SENDING');
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 180_000);
    const got = receivedBy('pause');
    expect(got).toHaveLength(600);
    expect(new Set(got.map((m) => m.recipients[0])).size).toBe(600);
  }, 300_000);

  it('skips suppressed addresses (counted) and, for MARKETING, unsubscribed contacts; TRANSACTIONAL reaches the unsubscribed', async () => {
    await seedContacts(ctx.orm, p.id, 'aud', 10);
    await seedContacts(ctx.orm, p.id, 'audunsub', 3, { subscribed: false });
    const conn = ctx.orm.em.fork().getConnection();
    await conn.execute(`update contacts set unsubscribed_at = now() where project_id = ? and email = 'audunsub-0@recipients.test'`, [p.id], 'run');
    for (const e of ['aud-0@recipients.test', 'aud-1@recipients.test']) {
      await ctx.request('POST', '/suppressions', { key: p.secretKey, body: { email: e } });
    }
    const m = await createCampaign(ctx, p.secretKey);
    await send(m);
    await waitForStatus(ctx, p.secretKey, m, 'SENT');
    expect(receivedBy('aud').map((x) => x.recipients[0]).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `aud-${i + 2}@recipients.test`).sort());
    expect(receivedBy('audunsub')).toHaveLength(0);
    expect(await stats(m)).toMatchObject({ totalRecipients: 10, sentCount: 8, skippedCount: 2 });

    const t = await createCampaign(ctx, p.secretKey, { type: 'TRANSACTIONAL' });
    await send(t);
    await waitForStatus(ctx, p.secretKey, t, 'SENT');
    expect(receivedBy('audunsub')).toHaveLength(3);
    expect(await stats(t)).toMatchObject({ totalRecipients: 13, sentCount: 11, skippedCount: 2 });
  });

  it('test sends: [TEST] subject, contact data, any status, not in stats', async () => {
    await seedContacts(ctx.orm, p.id, 'tst', 1, { data: () => ({ first_name: 'Grace' }) });
    const id = await createCampaign(ctx, p.secretKey);
    const res = await ctx.request('POST', `/campaigns/${id}/test`, { key: p.secretKey, body: { emails: ['tst-0@recipients.test', 'tst-x@recipients.test'] } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.emails).toHaveLength(2);
    const single = await ctx.request('POST', `/campaigns/${id}/test`, { key: p.secretKey, body: { email: 'tst-y@recipients.test' } });
    expect(single.status).toBe(200);
    await waitFor('test mail', async () => receivedBy('tst').length, (n) => n === 3);
    const parsed = await TestSmtpServer.parse(receivedBy('tst').find((m) => m.recipients[0] === 'tst-0@recipients.test')!);
    expect(parsed.subject).toBe('[TEST] Hello Grace');
    expect((await ctx.request('POST', `/campaigns/${id}/test`, { key: p.secretKey, body: { emails: Array(6).fill('a@b.test') } })).status).toBe(422);
    expect(await stats(id)).toMatchObject({ totalRecipients: 0, sentCount: 0 });
    expect((await getCampaign(ctx, p.secretKey, id)).status).toBe('DRAFT');
  });

  it('two concurrent sends start one workflow; the content is frozen once sending starts', async () => {
    await setProjectRate(ctx.orm, p.id, 20);
    await seedContacts(ctx.orm, p.id, 'race', 60);
    const id = await createCampaign(ctx, p.secretKey);
    // The second lands as a reschedule to now (200) or, once sending started, a 409: never a second workflow.
    const [a, b] = await Promise.all([send(id), send(id)]);
    expect(a.status).toBe(200);
    expect([200, 409]).toContain(b.status);
    await waitForStatus(ctx, p.secretKey, id, 'SENDING');
    const patch = await ctx.request('PATCH', `/campaigns/${id}`, { key: p.secretKey, body: { subject: 'changed' } });
    expect(patch.status).toBe(409);
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 90_000);
    expect(receivedBy('race')).toHaveLength(60);
    expect((await send(id)).status).toBe(409);
  });
  it('a worker process delivers one campaign page at a time: of two pages in flight, the second waits on the pages queue until the first is done; every contact exactly once', async () => {
    await setProjectRate(ctx.orm, p.id, 600);
    const total = CAMPAIGN_PAGE_SIZE + 200;
    await seedContacts(ctx.orm, p.id, 'pages', total);
    const id = await createCampaign(ctx, p.secretKey);
    expect((await send(id)).status).toBe(200);
    const handle = ctx.temporal.workflow.getHandle(campaignWorkflowId(id));
    // PendingActivityState: 1 SCHEDULED (on the queue), 2 STARTED (a worker runs it).
    let mostStarted = 0;
    let secondWaited = false;
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
      const d = await handle.describe();
      const pages = (d.raw.pendingActivities ?? []).filter((a) => a.activityType?.name === 'deliverCampaignRange');
      const started = pages.filter((a) => a.state === 2).length;
      mostStarted = Math.max(mostStarted, started);
      if (started === 1 && pages.some((a) => a.state === 1)) secondWaited = true;
      if (d.status.name !== 'RUNNING') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(mostStarted).toBe(1);
    expect(secondWaited).toBe(true);
    await waitForStatus(ctx, p.secretKey, id, 'SENT', 300_000);
    const got = receivedBy('pages');
    expect(got).toHaveLength(total);
    expect(new Set(got.map((m) => m.recipients[0])).size).toBe(total);
    const queues = (await handle.fetchHistory()).events!.flatMap((e) => {
      const a = e.activityTaskScheduledEventAttributes;
      return a?.activityType?.name === 'deliverCampaignRange' ? [a.taskQueue?.name] : [];
    });
    expect(queues).toEqual([campaignPagesQueue(ctx.config.taskQueue), campaignPagesQueue(ctx.config.taskQueue)]);
  }, 420_000);
});
