import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationEngine } from '../core/automations/engine.js';
import { cancelExecution, deleteWorkflow, startManualExecution } from '../core/automations/control.js';
import { recordEvent } from '../core/events/events.js';
import { sqlRun } from '../db/sql.js';
import { Segment } from '../db/entities/index.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { createTemplate, createWorkflow, eventually, execution, executions, mailsTo, settled, track } from './support/automations.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';

/* Automation executions end to end: API, PostgreSQL, the Temporal dev server, a worker, a real SMTP server. */

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

const condition = (plan: string) => ({ logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: plan }] }] });

describe('an event-triggered workflow', () => {
  it('signup -> welcome mail -> DELAY 2 s -> CONDITION on data.plan -> the mail of the right branch', { timeout: 120_000 }, async () => {
    const [welcome, pro, basic] = [await createTemplate(ctx, 'Welcome'), await createTemplate(ctx, 'Pro tips'), await createTemplate(ctx, 'Upgrade')];
    const wf = await createWorkflow(ctx, {
      name: 'Signup',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'signup' },
      steps: [
        { id: 'welcome', type: 'SEND_EMAIL', templateId: welcome, next: 'wait' },
        { id: 'wait', type: 'DELAY', amount: 2, unit: 'seconds', next: 'check' },
        { id: 'check', type: 'CONDITION', condition: condition('pro'), branches: { yes: 'pro', no: 'basic' } },
        { id: 'pro', type: 'SEND_EMAIL', templateId: pro },
        { id: 'basic', type: 'SEND_EMAIL', templateId: basic, next: 'done' },
        { id: 'done', type: 'EXIT', reason: 'upsold' },
      ],
    });
    const ada = await track(ctx, 'ada@recipients.test', 'signup', { plan: 'pro' });
    await track(ctx, 'bob@recipients.test', 'signup', { plan: 'free' });

    const done = await settled(ctx, wf.id, 2);
    const byContact = new Map(done.map((x) => [x.contactId, x]));
    const adaRun = byContact.get(ada.contact)!;
    expect(adaRun).toMatchObject({ status: 'COMPLETED', version: 1, email: 'ada@recipients.test', exitReason: null, temporalWorkflowId: `automation-${wf.id}-${ada.contact}-1` });
    expect(done.find((x) => x.contactId !== ada.contact)).toMatchObject({ status: 'EXITED', exitReason: 'upsold', email: 'bob@recipients.test' });

    const adaMails = await mailsTo(smtp, 'ada@recipients.test');
    const bobMails = await mailsTo(smtp, 'bob@recipients.test');
    expect(adaMails.map((m) => m.subject)).toEqual(['Welcome', 'Pro tips']);
    expect(bobMails.map((m) => m.subject)).toEqual(['Welcome', 'Upgrade']);
    expect(adaMails[1].arrivedAt - adaMails[0].arrivedAt).toBeGreaterThanOrEqual(2000);

    const detail = await execution(ctx, wf.id, adaRun.id);
    expect(detail.steps.map((s: any) => [s.stepId, s.type, s.status])).toEqual([
      ['welcome', 'SEND_EMAIL', 'COMPLETED'],
      ['wait', 'DELAY', 'COMPLETED'],
      ['check', 'CONDITION', 'COMPLETED'],
      ['pro', 'SEND_EMAIL', 'COMPLETED'],
    ]);
    expect(detail.steps[0].output).toMatchObject({ emailId: expect.any(String), delivery: 'SENT' });
    expect(detail.steps[2].output).toEqual({ result: true });
    // The email records are the ordinary ones: GET /emails/{id} shows them SENT.
    const email = await json(await ctx.request('GET', `/emails/${detail.steps[0].output.emailId}`));
    expect(email.data).toMatchObject({ status: 'SENT', to: 'ada@recipients.test' });

    // Filters of the execution list.
    expect((await executions(ctx, wf.id, `&contactId=${ada.contact}`)).map((x) => x.id)).toEqual([adaRun.id]);
    expect((await executions(ctx, wf.id, '&status=EXITED')).map((x) => x.email)).toEqual(['bob@recipients.test']);
  });

  it('WAIT_FOR_EVENT: the event branch when the contact tracks it, the timeout branch otherwise; UPDATE_CONTACT merges and null deletes', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Trial',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'trial_started' },
      steps: [
        // 10 s: the buyer's `purchased` must be recorded within it after both are seen waiting, on a busy machine too.
        { id: 'wait', type: 'WAIT_FOR_EVENT', eventName: 'purchased', timeout: { amount: 10, unit: 'seconds' }, branches: { event: 'won', timeout: 'lost' } },
        { id: 'won', type: 'UPDATE_CONTACT', data: { converted: true } },
        { id: 'lost', type: 'UPDATE_CONTACT', data: { converted: false, trial: null }, subscribed: false },
      ],
    });
    const buyer = await track(ctx, 'buyer@recipients.test', 'trial_started', { trial: 'x' });
    const idler = await track(ctx, 'idler@recipients.test', 'trial_started', { trial: 'y' });
    await eventually(async () => (await executions(ctx, wf.id, '&status=WAITING')).length === 2, 60_000, 'both waiting');
    await track(ctx, 'buyer@recipients.test', 'purchased');

    await settled(ctx, wf.id, 2);
    const contact = async (id: string) => (await json(await ctx.request('GET', `/contacts/${id}`))).data;
    expect(await contact(buyer.contact)).toMatchObject({ subscribed: true, data: { trial: 'x', converted: true } });
    const idle = await contact(idler.contact);
    expect(idle).toMatchObject({ subscribed: false, data: { converted: false } });
    expect(idle.data).not.toHaveProperty('trial');

    const [buyerRun] = await executions(ctx, wf.id, `&contactId=${buyer.contact}`);
    const steps = (await execution(ctx, wf.id, buyerRun.id)).steps;
    expect(steps.map((s: any) => [s.stepId, s.status])).toEqual([['wait', 'COMPLETED'], ['won', 'COMPLETED']]);
    expect(steps[0].output).toMatchObject({ event: 'purchased', eventId: expect.any(String) });
    const [idlerRun] = await executions(ctx, wf.id, `&contactId=${idler.contact}`);
    expect((await execution(ctx, wf.id, idlerRun.id)).steps.map((s: any) => [s.stepId, s.output?.timeout ?? null])).toEqual([['wait', true], ['lost', null]]);
  });

  it('WAIT_FOR_EVENT: the recorded event decides, not its signal; an event from before the wait does not count', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Trial (signals)',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'trial_begun' },
      steps: [
        { id: 'wait', type: 'WAIT_FOR_EVENT', eventName: 'bought', timeout: { amount: 3, unit: 'seconds' }, branches: { event: 'won', timeout: 'lost' } },
        { id: 'won', type: 'UPDATE_CONTACT', data: { outcome: 'won' } },
        { id: 'lost', type: 'UPDATE_CONTACT', data: { outcome: 'lost' } },
      ],
    });
    // Bought before the trial began: that event is older than the wait and must not end it.
    const early = await track(ctx, 'early@recipients.test', 'bought');
    await track(ctx, 'early@recipients.test', 'trial_begun');
    const lost = await track(ctx, 'lost-signal@recipients.test', 'trial_begun');
    await eventually(async () => (await executions(ctx, wf.id, '&status=WAITING')).length === 2, 60_000, 'both waiting');
    // Recorded while waiting, but its signal is lost: the inbox row the dispatcher would have
    // signalled from goes in the same transaction (as if the dispatcher died after its commit).
    const eventId = await ctx.orm.em.fork().transactional(async (tx) => {
      const ev = await recordEvent(tx, { projectId: ctx.project.id, name: 'bought', contactId: lost.contact });
      await sqlRun(tx, 'delete from automation_inbox where event_id = ?', [ev.id]);
      return ev.id;
    });

    await settled(ctx, wf.id, 2);
    const outcome = async (id: string) => (await json(await ctx.request('GET', `/contacts/${id}`))).data.data.outcome;
    expect(await outcome(lost.contact)).toBe('won');
    expect(await outcome(early.contact)).toBe('lost');
    const [run] = await executions(ctx, wf.id, `&contactId=${lost.contact}`);
    expect((await execution(ctx, wf.id, run.id)).steps[0].output).toEqual({ event: 'bought', eventId, signalMissed: true });
  });

  it('system events trigger too: email.delivered of a /v1/send starts a workflow for the recipient', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'After delivery',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'email.delivered' },
      steps: [{ id: 'tag', type: 'UPDATE_CONTACT', data: { delivered: 'yes' } }],
    });
    const res = await ctx.request('POST', '/v1/send', { body: { to: 'system@recipients.test', from: 'hello@example.com', subject: 'Hi', body: '<p>Hi</p>' } });
    expect(res.status).toBe(200);
    const [run] = await settled(ctx, wf.id, 1);
    expect(run).toMatchObject({ status: 'COMPLETED', email: 'system@recipients.test' });
    await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { enabled: false } });
  });
});

describe('other event sources and disabling', () => {
  it('contact.unsubscribed (from track) and a recorded segment.<id>.entry event start their workflows; a disabled workflow starts nothing', { timeout: 120_000 }, async () => {
    const segment = ctx.orm.em.fork().create(Segment, { projectId: ctx.project.id, name: 'VIP', type: 'STATIC' } as Segment);
    await ctx.orm.em.fork().persistAndFlush(segment);
    const onSegment = await createWorkflow(ctx, { name: 'VIP entry', enabled: true, trigger: { type: 'SEGMENT_ENTRY', segmentId: segment.id }, steps: [{ id: 'tag', type: 'UPDATE_CONTACT', data: { vip: true } }] });
    const onUnsub = await createWorkflow(ctx, { name: 'Goodbye', enabled: true, trigger: { type: 'EVENT', eventName: 'contact.unsubscribed' }, steps: [{ id: 'tag', type: 'UPDATE_CONTACT', data: { left: true } }] });
    const disabled = await createWorkflow(ctx, { name: 'Off', enabled: false, trigger: { type: 'EVENT', eventName: 'vip_check' }, steps: [{ id: 'x', type: 'EXIT' }] });

    const c = await track(ctx, 'vip@recipients.test', 'vip_check');
    // What the segments feature records when a member enters (through the one recordEvent).
    await recordEvent(ctx.orm.em.fork(), { projectId: ctx.project.id, name: `segment.${segment.id}.entry`, contactId: c.contact });
    const r = await ctx.request('POST', '/v1/track', { key: ctx.project.secretKey, body: { email: 'vip@recipients.test', event: 'bye', subscribed: false } });
    expect(r.status).toBe(200);

    expect((await settled(ctx, onSegment.id, 1))[0]).toMatchObject({ status: 'COMPLETED', contactId: c.contact });
    expect((await settled(ctx, onUnsub.id, 1))[0]).toMatchObject({ status: 'COMPLETED', contactId: c.contact });
    const contact = (await json(await ctx.request('GET', `/contacts/${c.contact}`))).data;
    expect(contact.data).toMatchObject({ vip: true, left: true });
    expect(await executions(ctx, disabled.id)).toEqual([]);
  });
});

describe('re-entry', () => {
  it('allowReentry false: once per contact ever', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, { name: 'Once', enabled: true, trigger: { type: 'EVENT', eventName: 'once' }, steps: [{ id: 'x', type: 'EXIT' }] });
    await track(ctx, 'once@recipients.test', 'once');
    await settled(ctx, wf.id, 1);
    await track(ctx, 'once@recipients.test', 'once');
    await track(ctx, 'once@recipients.test', 'once');
    // The manual start obeys the same rule.
    const refused = await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'once@recipients.test' } });
    expect(refused.status).toBe(409);
    await new Promise((r) => setTimeout(r, 2000)); // the dispatcher had its chance
    expect(await executions(ctx, wf.id)).toHaveLength(1);
  });

  it('allowReentry true: never while one is waiting, again once it finished (seq 2)', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Again',
      enabled: true,
      allowReentry: true,
      trigger: { type: 'EVENT', eventName: 'again' },
      // 10 s: the second track's dispatcher pass must come while the first execution still waits.
      steps: [{ id: 'wait', type: 'DELAY', amount: 10, unit: 'seconds' }],
    });
    const c = await track(ctx, 'again@recipients.test', 'again');
    await eventually(async () => (await executions(ctx, wf.id, '&status=WAITING')).length === 1, 60_000, 'waiting');
    await track(ctx, 'again@recipients.test', 'again');
    await settled(ctx, wf.id, 1);
    await track(ctx, 'again@recipients.test', 'again');
    const both = await settled(ctx, wf.id, 2);
    expect(both.map((x) => x.temporalWorkflowId).sort()).toEqual([`automation-${wf.id}-${c.contact}-1`, `automation-${wf.id}-${c.contact}-2`]);
  });
});

describe('versions, cancel, delete, disabled project', () => {
  it('an edit while an execution waits in a DELAY: it finishes on its old version; new executions take the new one', { timeout: 120_000 }, async () => {
    const steps = (subject: string) => [
      { id: 'wait', type: 'DELAY', amount: 2, unit: 'seconds', next: 'mail' },
      { id: 'mail', type: 'SEND_EMAIL', from: 'hello@example.com', subject, body: '<p>{{event.note}}</p>' },
    ];
    const wf = await createWorkflow(ctx, { name: 'Versioned', enabled: true, trigger: { type: 'EVENT', eventName: 'versioned' }, steps: steps('Old {{event.note}}') });
    await track(ctx, 'early@recipients.test', 'versioned', { note: 'first' });
    await eventually(async () => (await executions(ctx, wf.id, '&status=WAITING')).length === 1, 60_000, 'waiting');
    const patched = await json(await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { steps: steps('New {{event.note}}') } }));
    expect(patched.data.version).toBe(2);
    await track(ctx, 'late@recipients.test', 'versioned', { note: 'second' });

    const runs = await settled(ctx, wf.id, 2);
    expect(runs.map((x) => [x.email, x.version, x.status]).sort()).toEqual([['early@recipients.test', 1, 'COMPLETED'], ['late@recipients.test', 2, 'COMPLETED']]);
    expect((await mailsTo(smtp, 'early@recipients.test')).map((m) => m.subject)).toEqual(['Old first']);
    expect((await mailsTo(smtp, 'late@recipients.test')).map((m) => m.subject)).toEqual(['New second']);
    const v1 = await json(await ctx.request('GET', `/workflows/${wf.id}?version=1`));
    expect(v1.data).toMatchObject({ version: 1, steps: [{ id: 'wait' }, { id: 'mail', subject: 'Old {{event.note}}' }] });
  });

  it('POST .../cancel stops a waiting execution; DELETE cancels the others', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Long',
      enabled: true,
      allowReentry: true,
      trigger: { type: 'EVENT', eventName: 'long' },
      steps: [{ id: 'wait', type: 'DELAY', amount: 1, unit: 'hours', next: 'mail' }, { id: 'mail', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Never', body: '<p>x</p>' }],
    });
    await track(ctx, 'long1@recipients.test', 'long');
    await track(ctx, 'long2@recipients.test', 'long');
    const waiting = await eventually(async () => {
      const xs = await executions(ctx, wf.id, '&status=WAITING');
      return xs.length === 2 ? xs : null;
    });
    const cancelled = await json(await ctx.request('POST', `/workflows/${wf.id}/executions/${waiting[0].id}/cancel`));
    expect(cancelled.data).toMatchObject({ status: 'CANCELLED', finishedAt: expect.any(String) });
    expect((await ctx.request('POST', `/workflows/${wf.id}/executions/${waiting[0].id}/cancel`)).status).toBe(409);
    const handle = ctx.temporal.workflow.getHandle(waiting[0].temporalWorkflowId);
    await eventually(async () => (await handle.describe()).status.name === 'CANCELLED', 60_000, 'Temporal execution cancelled');

    const other = ctx.temporal.workflow.getHandle(waiting[1].temporalWorkflowId);
    expect((await ctx.request('DELETE', `/workflows/${wf.id}`)).status).toBe(200);
    await eventually(async () => (await other.describe()).status.name === 'CANCELLED', 60_000, 'deleted workflow execution cancelled');
    expect((await ctx.request('GET', `/workflows/${wf.id}`)).status).toBe(404);
    expect(await mailsTo(smtp, 'long2@recipients.test')).toEqual([]);
  });

  it('with Temporal unreachable, cancel and DELETE answer 503 (SERVICE_UNAVAILABLE) and leave the execution waiting; the workflow is disabled, not deleted', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Unreachable',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'unreachable' },
      steps: [{ id: 'wait', type: 'DELAY', amount: 1, unit: 'hours' }],
    });
    await track(ctx, 'unreachable@recipients.test', 'unreachable');
    const [waiting] = await eventually(async () => {
      const xs = await executions(ctx, wf.id, '&status=WAITING');
      return xs.length === 1 ? xs : null;
    });
    // A client of a port nothing listens on: every call fails to connect.
    const connection = Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '2s' });
    const down = createAutomationEngine(new Client({ connection }), ctx.config.taskQueue);
    try {
      for (const attempt of [() => cancelExecution(ctx.orm.em.fork(), down, ctx.project.id, wf.id, waiting.id), () => deleteWorkflow(ctx.orm.em.fork(), down, ctx.project.id, wf.id)]) {
        await expect(attempt()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      }
    } finally {
      await connection.close().catch(() => {});
    }
    expect((await execution(ctx, wf.id, waiting.id)).status).toBe('WAITING');
    expect((await json(await ctx.request('GET', `/workflows/${wf.id}`))).data.enabled).toBe(false);
    // Temporal back (the real client): the DELETE goes through.
    expect((await ctx.request('DELETE', `/workflows/${wf.id}`)).status).toBe(200);
  });

  it('a manual start with Temporal unreachable answers 503 and does not use up the contact (allowReentry false): started again once Temporal is back, it runs', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Manual once',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'manual-once' },
      steps: [{ id: 'tag', type: 'UPDATE_CONTACT', data: { manualOnce: true } }],
    });
    await ctx.request('POST', '/contacts', { body: { email: 'manual-once@recipients.test' } });
    const connection = Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '2s' });
    const down = createAutomationEngine(new Client({ connection }), ctx.config.taskQueue);
    try {
      await expect(startManualExecution(ctx.orm.em.fork(), down, ctx.project.id, wf.id, { email: 'manual-once@recipients.test' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    } finally {
      await connection.close().catch(() => {});
    }
    const [refused] = await executions(ctx, wf.id, '');
    expect(refused).toMatchObject({ status: 'CANCELLED' });
    const res = await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'manual-once@recipients.test' } });
    expect(res.status).toBe(201);
    const started = (await json(res)).data;
    expect(started.temporalWorkflowId).not.toBe(refused.temporalWorkflowId);
    await eventually(async () => (await execution(ctx, wf.id, started.id)).status === 'COMPLETED', 60_000, 'the second start completes');
    // allowReentry false still holds for an execution that ran.
    expect((await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'manual-once@recipients.test' } })).status).toBe(409);
  });

  it("a disabled project's executions stop at their next step (EXITED with the reason)", { timeout: 120_000 }, async () => {
    const p = await ctx.newProject('Soon disabled');
    const res = await ctx.request('POST', '/workflows', {
      key: p.secretKey,
      body: { name: 'Stops', enabled: true, trigger: { type: 'EVENT', eventName: 'go' }, steps: [{ id: 'wait', type: 'DELAY', amount: 10, unit: 'seconds', next: 'tag' }, { id: 'tag', type: 'UPDATE_CONTACT', data: { reached: true } }] },
    });
    const wf = (await json(res)).data;
    const t = await ctx.request('POST', '/v1/track', { key: p.publicKey, body: { email: 'stop@recipients.test', event: 'go' } });
    const contactId = (await json(t)).data.contact;
    const list = async () => (await json(await ctx.request('GET', `/workflows/${wf.id}/executions`, { key: p.secretKey }))).data.items;
    await eventually(async () => (await list()).some((x: any) => x.status === 'WAITING'), 60_000, 'waiting');
    // Within the 10 s DELAY: the next step finds the project disabled.
    await ctx.orm.em.fork().getConnection().execute('update projects set disabled = true where id = ?', [p.id]);
    // The API refuses a disabled project's keys: read the mirror directly.
    const mirror = () => ctx.orm.em.fork().getConnection().execute<any[]>('select status, exit_reason from workflow_executions where workflow_id = ?', [wf.id]);
    const [run] = await eventually(async () => ((await mirror())[0]?.status === 'EXITED' ? mirror() : null), 60_000, 'exited');
    expect(run).toMatchObject({ status: 'EXITED', exit_reason: 'The project is disabled' });
    const [contact] = await ctx.orm.em.fork().getConnection().execute<any[]>('select data from contacts where id = ?', [contactId]);
    expect(contact.data).not.toHaveProperty('reached');
  });
});
