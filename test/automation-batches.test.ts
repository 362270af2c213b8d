import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows, sqlRun } from '../db/sql.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { createWorkflow, eventually, execution, mailsTo, settled, trackBurst } from './support/automations.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { batchesOfInserted, planBatches } from '../core/automations/dispatch.js';
import { createAutomationEngine } from '../core/automations/engine.js';
import { insertExecutions } from '../core/automations/executions.js';
import { prepareStepRecordsAtOnce, stepEmailId } from '../core/automations/send-email.js';

/*
 * A burst of new executions runs its first steps in batch workflows (core/automations/dispatch.ts,
 * workflows/automation-batch.workflow.ts): API, PostgreSQL, the Temporal dev server, a worker
 * with its dispatcher, a real SMTP server.
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

const batchIds = async (workflowId: string) =>
  (await sqlRows<{ batch_id: string | null }>(ctx.orm.em.fork(), 'select distinct batch_id from workflow_executions where workflow_id = ?', [workflowId])).map((r) => r.batch_id);

/** Whether Temporal has a workflow with this id (an execution that ran entirely in its batch has none). */
const exists = (workflowId: string) =>
  ctx.temporal.workflow.getHandle(workflowId).describe().then(
    () => true,
    (err) => {
      if (err instanceof WorkflowNotFoundError) return false;
      throw err;
    },
  );

describe('a burst of new executions', () => {
  it('of a SEND_EMAIL-only workflow runs in one batch workflow: one mail per contact, every email record marked dispatched, every execution COMPLETED with its step record, no workflow of its own', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Welcome burst',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'burst-signup' },
      steps: [{ id: 'welcome', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Welcome {{email}}', body: '<p>hi</p>' }],
    });
    const emails = await trackBurst(ctx, 'burst', 'burst-signup', 30);
    const done = await settled(ctx, wf.id, 30, undefined, 90_000);
    expect(done.map((x) => x.status)).toEqual(Array(30).fill('COMPLETED'));
    for (const email of emails) expect((await mailsTo(smtp, email)).map((m) => m.subject)).toEqual([`Welcome ${email}`]);
    // The step's email records belong to their executions from their insert on (never the sweeper's).
    const records = await sqlRows<{ dispatched: boolean }>(
      ctx.orm.em.fork(),
      `select e.dispatched_at is not null as dispatched from workflow_execution_steps s join emails e on e.id = (s.output->>'emailId')::uuid
       join workflow_executions x on x.id = s.execution_id where x.workflow_id = ?`,
      [wf.id],
    );
    expect(records.map((r) => r.dispatched)).toEqual(Array(30).fill(true));

    const batches = await batchIds(wf.id);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatch(/^automation-batch-/);
    // The batch workflow ends right after its activity answers.
    await eventually(async () => (await ctx.temporal.workflow.getHandle(batches[0]!).describe()).status.name === 'COMPLETED', 30_000, 'the batch workflow completed');
    for (const x of done) expect(await exists(x.temporalWorkflowId)).toBe(false);

    const detail = await execution(ctx, wf.id, done[0].id);
    expect(detail).toMatchObject({ status: 'COMPLETED', exitReason: null, finishedAt: expect.any(String), stepsTotal: 1, stepsNextCursor: null });
    expect(detail.steps).toEqual([expect.objectContaining({ stepId: 'welcome', type: 'SEND_EMAIL', status: 'COMPLETED', output: { emailId: expect.any(String), delivery: 'SENT' }, error: null })]);
  });

  it('a round writes the email records of its plain members in one transaction, and prepares a suppressed contact alone: SKIPPED with the reason, no mail', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Welcome together',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'together-signup' },
      steps: [{ id: 'hello', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Hello {{email}}', body: '<p>hi {{email}}</p>' }],
    });
    const res = await ctx.request('POST', '/suppressions', { body: { email: 'together3@recipients.test', reason: 'MANUAL' } });
    expect(res.status).toBeLessThan(300);
    const emails = await trackBurst(ctx, 'together', 'together-signup', 12);
    const done = await settled(ctx, wf.id, 12, undefined, 90_000);
    expect(done.map((x) => x.status).sort()).toEqual(Array(12).fill('COMPLETED'));
    expect(await batchIds(wf.id)).toHaveLength(1);
    for (const email of emails) {
      const subjects = (await mailsTo(smtp, email)).map((m) => m.subject);
      expect(subjects).toEqual(email === 'together3@recipients.test' ? [] : [`Hello ${email}`]);
    }
    const skipped = await execution(ctx, wf.id, done.find((x) => x.email === 'together3@recipients.test')!.id);
    expect(skipped.steps).toEqual([expect.objectContaining({ stepId: 'hello', status: 'SKIPPED', error: 'together3@recipients.test is on the suppression list' })]);
    // One transaction for the eleven records: one now(), so one created_at.
    const times = await sqlRows<{ t: string }>(
      ctx.orm.em.fork(),
      `select distinct e.created_at::text as t from emails e join workflow_execution_steps s on s.output->>'emailId' = e.id::text
       join workflow_executions x on x.id = s.execution_id where x.workflow_id = ?`,
      [wf.id],
    );
    expect(times).toHaveLength(1);
  });

  it('an execution of a batch that reaches a DELAY continues in its own workflow (its execution id) and finishes there', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Welcome then later',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'burst-later' },
      steps: [
        { id: 'one', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'One', body: '<p>1</p>', next: 'wait' },
        { id: 'wait', type: 'DELAY', amount: 2, unit: 'seconds', next: 'two' },
        { id: 'two', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Two', body: '<p>2</p>' },
      ],
    });
    const emails = await trackBurst(ctx, 'later', 'burst-later', 5);
    const done = await settled(ctx, wf.id, 5, undefined, 90_000);
    expect(done.map((x) => x.status)).toEqual(Array(5).fill('COMPLETED'));
    for (const email of emails) expect((await mailsTo(smtp, email)).map((m) => m.subject)).toEqual(['One', 'Two']);
    const batches = await batchIds(wf.id);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatch(/^automation-batch-/);
    // Each continued in its own workflow (it closes right after its last step wrote COMPLETED).
    for (const x of done) await eventually(async () => (await ctx.temporal.workflow.getHandle(x.temporalWorkflowId).describe()).status.name === 'COMPLETED', 30_000, `${x.temporalWorkflowId} completed`);
    const detail = await execution(ctx, wf.id, done[0].id);
    expect(detail.steps.map((s: any) => [s.stepId, s.type, s.status])).toEqual([
      ['one', 'SEND_EMAIL', 'COMPLETED'],
      ['wait', 'DELAY', 'COMPLETED'],
      ['two', 'SEND_EMAIL', 'COMPLETED'],
    ]);
  });

  it('cancelling an execution while its batch is sending: once the cancel has answered, no mail to its contact starts (no MAIL FROM after the answer)', { timeout: 180_000 }, async () => {
    const COUNT = 12;
    // Paced to 2 mails a second: the batch is still sending when the later executions are cancelled.
    await sqlRun(ctx.orm.em.fork(), `update projects set settings = coalesce(settings, '{}'::jsonb) || '{"sendRatePerSecond": 2}'::jsonb where id = ?`, [ctx.project.id]);
    try {
      const wf = await createWorkflow(ctx, {
        name: 'Slow burst',
        enabled: true,
        trigger: { type: 'EVENT', eventName: 'burst-slow' },
        steps: [{ id: 'welcome', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Slow', body: '<p>slow</p>' }],
      });
      const emails = await trackBurst(ctx, 'slow', 'burst-slow', COUNT);
      const mailed = () => emails.filter((email) => smtp.messages.some((m) => m.recipients.includes(email)));
      // The batch sends in its own order (not the track order): wait for its first mail, whoever it went to.
      await eventually(async () => mailed().length > 0 || null, 90_000, 'the batch sending');
      const all = await eventually(async () => {
        const res = await ctx.request('GET', `/workflows/${wf.id}/executions?limit=100`);
        const items = (await json(res)).data.items as any[];
        return items.length === COUNT ? items : null;
      });
      const byEmail = new Map(all.map((x) => [x.email, x]));
      const cancelled: { email: string; answeredAt: number }[] = [];
      // Every execution whose mail has not arrived yet; about 5 s of paced sending are left for them.
      const waiting = emails.filter((email) => !mailed().includes(email));
      for (const email of waiting) {
        const res = await ctx.request('POST', `/workflows/${wf.id}/executions/${byEmail.get(email).id}/cancel`);
        if (res.status === 409) continue; // already finished: its mail was sent before the cancel
        expect(res.status).toBe(200);
        expect((await json(res)).data.status).toBe('CANCELLED');
        cancelled.push({ email, answeredAt: Date.now() });
      }
      expect(cancelled.length).toBeGreaterThan(0);
      const done = await settled(ctx, wf.id, COUNT, undefined, 120_000);
      expect(done.filter((x) => x.status === 'CANCELLED').map((x) => x.email).sort()).toEqual(cancelled.map((c) => c.email).sort());
      // The fence holds the execution until MAIL FROM is written: a mail whose MAIL FROM came before the answer may still arrive after it.
      for (const c of cancelled) expect(smtp.rcpts.filter((r) => r.to === c.email && r.mailFromAt > c.answeredAt), c.email).toEqual([]);
      const cancelledEmails = new Set(cancelled.map((c) => c.email));
      for (const email of emails.filter((e) => !cancelledEmails.has(e))) expect((await mailsTo(smtp, email)).map((m) => m.subject), email).toEqual(['Slow']);
      expect(await batchIds(wf.id)).toHaveLength(1);
    } finally {
      await sqlRun(ctx.orm.em.fork(), `update projects set settings = settings - 'sendRatePerSecond' where id = ?`, [ctx.project.id]);
    }
  });
});

describe("a batch's SEND_EMAIL step record", () => {
  it('is written once per execution, with the outcome (no RUNNING record before the mail): one insert, no update, and it carries the email id of the one mail sent', { timeout: 120_000 }, async () => {
    const em = ctx.orm.em.fork();
    // Every write of a step record of this test's workflow, counted by a trigger.
    await sqlRun(em, 'create table if not exists test_step_writes (execution_id uuid, op text)');
    await sqlRun(em, `create or replace function test_count_step_writes() returns trigger language plpgsql as $$
      begin insert into test_step_writes values (new.execution_id, tg_op); return new; end $$`);
    await sqlRun(em, 'create trigger test_step_writes after insert or update on workflow_execution_steps for each row execute function test_count_step_writes()');
    try {
      const wf = await createWorkflow(ctx, {
        name: 'Written once',
        enabled: true,
        trigger: { type: 'EVENT', eventName: 'once-signup' },
        steps: [{ id: 'welcome', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Once {{email}}', body: '<p>hi</p>' }],
      });
      const emails = await trackBurst(ctx, 'writtenonce', 'once-signup', 12);
      const done = await settled(ctx, wf.id, 12, undefined, 90_000);
      expect(done.map((x) => x.status)).toEqual(Array(12).fill('COMPLETED'));
      expect((await batchIds(wf.id)).every((b) => b !== null)).toBe(true);
      for (const email of emails) expect((await mailsTo(smtp, email)).map((m) => m.subject)).toEqual([`Once ${email}`]);
      const writes = await sqlRows<{ op: string; n: number }>(
        em,
        `select w.op, count(*)::int as n from test_step_writes w join workflow_executions x on x.id = w.execution_id where x.workflow_id = ? group by w.op order by w.op`,
        [wf.id],
      );
      expect(writes).toEqual([{ op: 'INSERT', n: 12 }]);
      const steps = await sqlRows<{ status: string; delivery: string; sent: number }>(
        em,
        `select s.status, s.output->>'delivery' as delivery, (select count(*)::int from emails e where e.id = (s.output->>'emailId')::uuid and e.status = 'SENT') as sent
         from workflow_execution_steps s join workflow_executions x on x.id = s.execution_id where x.workflow_id = ?`,
        [wf.id],
      );
      expect(steps).toEqual(Array(12).fill({ status: 'COMPLETED', delivery: 'SENT', sent: 1 }));
    } finally {
      await sqlRun(em, 'drop trigger if exists test_step_writes on workflow_execution_steps');
    }
  });
});

describe("a batch attempt after one that wrote a step's email record and died before its outcome", () => {
  it('finds that record by its id (stepEmailId) and sends it: one mail, the earlier attempt\'s, no second record', { timeout: 120_000 }, async () => {
    const em = ctx.orm.em.fork();
    const step = { id: 'welcome', type: 'SEND_EMAIL' as const, from: 'hello@example.com', subject: 'Again {{email}}', body: '<p>hi</p>' };
    // Not enabled: the executions below are made here, not by the dispatcher.
    const wf = await createWorkflow(ctx, { name: 'Attempt two', enabled: false, trigger: { type: 'EVENT', eventName: 'never-tracked' }, steps: [step] });
    const emails = ['attempt0@recipients.test', 'attempt1@recipients.test', 'attempt2@recipients.test'];
    const contacts: { id: string; email: string; data: Record<string, unknown> }[] = [];
    for (const email of emails) contacts.push({ id: (await json(await ctx.request('POST', '/contacts', { body: { email } }))).data.id, email, data: {} });
    const inserted = await em.transactional((tx) => insertExecutions(tx, planBatches(contacts.map((c) => ({ workflowId: wf.id, contactId: c.id })))));
    const { batches } = batchesOfInserted(inserted);
    expect(batches.map((b) => b.executions.length)).toEqual([3]);
    // The earlier attempt's record of the second execution (its subject tells it apart).
    const first = inserted[1];
    const written = await em.transactional((tx) =>
      prepareStepRecordsAtOnce(tx, {
        projectId: ctx.project.id,
        step: { ...step, subject: 'First attempt {{email}}' },
        members: [{ key: first.executionId, emailId: stepEmailId(first.executionId, 0), contact: contacts[1], eventData: {} }],
      }),
    );
    expect(written?.get(first.executionId)?.id).toBe(stepEmailId(first.executionId, 0));

    await createAutomationEngine(ctx.temporal, ctx.config.taskQueue, { deliveryRetry: ctx.config.deliveryRetry }).startBatch(batches[0]);
    const done = await settled(ctx, wf.id, 3, undefined, 90_000);
    expect(done.map((x) => x.status)).toEqual(Array(3).fill('COMPLETED'));
    expect((await mailsTo(smtp, emails[0])).map((m) => m.subject)).toEqual([`Again ${emails[0]}`]);
    expect((await mailsTo(smtp, emails[1])).map((m) => m.subject)).toEqual([`First attempt ${emails[1]}`]);
    expect((await mailsTo(smtp, emails[2])).map((m) => m.subject)).toEqual([`Again ${emails[2]}`]);
    const records = await sqlRows<{ to_email: string; n: number }>(em, 'select to_email, count(*)::int as n from emails where to_email like ? group by to_email order by to_email', ['attempt%']);
    expect(records).toEqual(emails.map((to_email) => ({ to_email, n: 1 })));
    const [stepRecord] = await sqlRows<{ email_id: string }>(em, `select output->>'emailId' as email_id from workflow_execution_steps where execution_id = ? and idx = 0`, [first.executionId]);
    expect(stepRecord.email_id).toBe(stepEmailId(first.executionId, 0));
  });
});
