import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../core/events/events.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { createTemplate, createWorkflow, eventually, execution, executions, mailsTo, settled, track } from './support/automations.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';

/*
 * The automation engine's rules end to end (API, PostgreSQL, Temporal dev server, worker, SMTP):
 * marketing consent, waits that count what the user means, no transaction across a webhook call,
 * a failed mail in the execution's status.
 */

let smtp: TestSmtpServer;
let dns: TestDnsServer;
let hooks: http.Server;
let hookPort: number;
let hookCalls = 0;
/** Webhook calls the target holds until the test answers them (answerHooks): a far side as slow as a test needs. */
const heldHooks: http.ServerResponse[] = [];
/** Webhook calls that ended: answered, or given up by the caller (its 10 s timeout). */
let hookCallsEnded = 0;
let lastHookArrivedAt = 0;
function answerHooks() {
  for (const res of heldHooks.splice(0)) if (!res.destroyed) res.writeHead(200).end('slow');
}
let ctx: TestContext;
let workerStarted = false;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  dns = await startTestDnsServer();
  dns.set('hooks.test', 'A', ['127.0.0.1']);
  hooks = http.createServer((req, res) => {
    req.resume();
    hookCalls++;
    lastHookArrivedAt = Date.now();
    res.on('close', () => hookCallsEnded++);
    req.on('end', () => heldHooks.push(res));
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  hookPort = (hooks.address() as AddressInfo).port;
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000', DNS_SERVERS: dns.address, WEBHOOK_ALLOW_LOOPBACK_HOST: 'hooks.test' });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
  await dns?.close();
  answerHooks();
  await new Promise((r) => hooks?.close(r));
});

async function ensureWorker() {
  if (workerStarted) return;
  workerStarted = true;
  await ctx.startWorker({ sweeper: false });
}

const contactData = async (id: string) => (await json(await ctx.request('GET', `/contacts/${id}`))).data.data;

describe('WAIT_FOR_EVENT counts events after the triggering one, whatever the worker lag', () => {
  it('an awaited event tracked right after the trigger, before the worker reached the wait, takes the event branch', { timeout: 90_000 }, async () => {
    const wf = await createWorkflow(ctx, {
      name: 'Activation',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'signed_up' },
      steps: [
        { id: 'wait', type: 'WAIT_FOR_EVENT', eventName: 'activated', timeout: { amount: 4, unit: 'seconds' }, branches: { event: 'yes', timeout: 'no' } },
        { id: 'yes', type: 'UPDATE_CONTACT', data: { activated: true } },
        { id: 'no', type: 'UPDATE_CONTACT', data: { activated: false } },
      ],
    });
    // No worker runs yet: the execution starts (and reaches its wait) only after both events.
    const early = await track(ctx, 'lagged@recipients.test', 'activated'); // before the trigger: does not count
    const t = await track(ctx, 'lagged@recipients.test', 'signed_up');
    const activated = await track(ctx, 'lagged@recipients.test', 'activated');
    const never = await track(ctx, 'never@recipients.test', 'signed_up');
    expect(activated.event > t.event && early.event < t.event).toBe(true);
    await ensureWorker();

    const done = await settled(ctx, wf.id, 2, ['COMPLETED'], 60_000);
    expect((await contactData(t.contact)).activated).toBe(true);
    expect((await contactData(never.contact)).activated).toBe(false);
    const run = done.find((x) => x.contactId === t.contact)!;
    expect((await execution(ctx, wf.id, run.id)).steps[0].output).toMatchObject({ event: 'activated', eventId: activated.event });
  });

  it('on timeout the recorded events decide only up to the wait\'s end: an event recorded after it does not count', { timeout: 120_000 }, async () => {
    await ensureWorker();
    const wf = await createWorkflow(ctx, {
      name: 'Bounded',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'trial' },
      steps: [
        { id: 'wait', type: 'WAIT_FOR_EVENT', eventName: 'paid', timeout: { amount: 2, unit: 'seconds' }, branches: { event: 'won', timeout: 'lost' } },
        { id: 'won', type: 'UPDATE_CONTACT', data: { outcome: 'won' } },
        { id: 'lost', type: 'UPDATE_CONTACT', data: { outcome: 'lost' } },
      ],
    });
    const t = await track(ctx, 'late@recipients.test', 'trial');
    await eventually(async () => (await executions(ctx, wf.id, '&status=WAITING')).length === 1, 60_000, 'waiting');
    // An event recorded a minute after the wait's end (its id carries its time), without a signal.
    await ctx.orm.em.fork().transactional(async (tx) => {
      const ev = await recordEvent(tx, { projectId: ctx.project.id, name: 'paid', contactId: t.contact });
      await sqlRun(tx, 'delete from automation_inbox where event_id = ?', [ev.id]);
      const later = (Date.now() + 60_000).toString(16).padStart(12, '0');
      await sqlRun(tx, 'update events set id = ?::uuid where id = ?', [`${later.slice(0, 8)}-${later.slice(8)}-7abc-8def-${ev.id.slice(-12)}`, ev.id]);
    });
    await settled(ctx, wf.id, 1, ['COMPLETED'], 30_000);
    expect((await contactData(t.contact)).outcome).toBe('lost');
  });
});

describe('MARKETING SEND_EMAIL steps follow the one consent rule', () => {
  it('a contact /v1/send created (never subscribed) gets no marketing mail: the step is SKIPPED with the reason; a subscribed contact gets it', { timeout: 120_000 }, async () => {
    await ensureWorker();
    const news = await createTemplate(ctx, 'Marketing news', 'MARKETING');
    const wf = await createWorkflow(ctx, { name: 'News', enabled: true, trigger: { type: 'EVENT', eventName: 'browsed' }, steps: [{ id: 'news', type: 'SEND_EMAIL', templateId: news }] });
    const sent = await ctx.request('POST', '/v1/send', { body: { to: 'customer@recipients.test', from: 'hello@example.com', subject: 'Receipt', body: '<p>Thanks</p>' } });
    expect(sent.status).toBe(200);
    const [row] = await sqlRows<{ subscribed: boolean; unsubscribed_at: Date | null }>(ctx.orm.em.fork(), 'select subscribed, unsubscribed_at from contacts where email = ?', ['customer@recipients.test']);
    expect(row).toEqual({ subscribed: false, unsubscribed_at: null });

    const never = await track(ctx, 'customer@recipients.test', 'browsed'); // a public key leaves the existing contact's consent alone
    const fan = await track(ctx, 'fan@recipients.test', 'browsed'); // new contact through /v1/track: subscribed
    const done = await settled(ctx, wf.id, 2, ['COMPLETED']);
    const steps = async (contactId: string) => (await execution(ctx, wf.id, done.find((x) => x.contactId === contactId)!.id)).steps;
    expect((await steps(never.contact))[0]).toMatchObject({ status: 'SKIPPED', error: 'The contact never subscribed to marketing mail' });
    expect((await steps(fan.contact))[0]).toMatchObject({ status: 'COMPLETED', output: { delivery: 'SENT' } });
    await eventually(async () => (await mailsTo(smtp, 'fan@recipients.test')).length === 1, 30_000, 'the fan\'s mail');
    expect((await mailsTo(smtp, 'customer@recipients.test')).map((m) => m.subject)).toEqual(['Receipt']);
  });
});

describe('a failed step shows in the execution', () => {
  it('a SEND_EMAIL whose mail is refused for good (550) ends the execution FAILED with the step named; later steps do not run', { timeout: 120_000 }, async () => {
    await ensureWorker();
    const welcome = await createTemplate(ctx, 'Welcome refused');
    const wf = await createWorkflow(ctx, {
      name: 'Refused',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'joined' },
      steps: [
        { id: 'mail', type: 'SEND_EMAIL', templateId: welcome, next: 'after' },
        { id: 'after', type: 'UPDATE_CONTACT', data: { after: true } },
      ],
    });
    smtp.rejectRecipient('refused@recipients.test', 550, '550 no such user');
    const t = await track(ctx, 'refused@recipients.test', 'joined');
    const [x] = await settled(ctx, wf.id, 1);
    expect(x.status).toBe('FAILED');
    expect(x.exitReason).toMatch(/^Step "mail": .*550/);
    const detail = await execution(ctx, wf.id, x.id);
    expect(detail.steps.map((s: any) => [s.stepId, s.status])).toEqual([['mail', 'FAILED']]);
    expect(detail.steps[0].output).toMatchObject({ delivery: 'BOUNCED' });
    expect((await contactData(t.contact)).after).toBeUndefined();
  });
});

describe('no database transaction spans a WEBHOOK call', () => {
  it('while a webhook target holds the call, a cancel of the execution answers before the call ended, and no connection is idle in a transaction', { timeout: 120_000 }, async () => {
    await ensureWorker();
    const wf = await createWorkflow(ctx, {
      name: 'Slow hook',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'hooked' },
      steps: [{ id: 'hook', type: 'WEBHOOK', url: `http://hooks.test:${hookPort}/slow`, method: 'POST' }],
    });
    const before = hookCalls;
    // The target never answers on its own: the call ends when the test answers it, or when the
    // caller gives up after its 10 s timeout.
    try {
      await track(ctx, 'hook@recipients.test', 'hooked');
      await eventually(async () => hookCalls > before, 30_000, 'the webhook call');
      const endedBefore = hookCallsEnded;
      const [x] = await executions(ctx, wf.id);
      const res = await ctx.request('POST', `/workflows/${wf.id}/executions/${x.id}/cancel`);
      expect(res.status).toBe(200);
      expect(hookCallsEnded, 'the cancel answered only after the webhook call ended').toBe(endedBefore);
      expect((await json(res)).data.status).toBe('CANCELLED');
      // A transaction spanning the call sits idle from before the call until it ends; other work's
      // short transactions are idle between their statements for moments: a session idle in a
      // transaction for over 2 s, 2.5 s into the call, is one spanning it.
      await new Promise((r) => setTimeout(r, Math.max(0, lastHookArrivedAt + 2_500 - Date.now())));
      const [open] = await sqlRows<{ n: string }>(
        ctx.orm.em.fork(),
        `select count(*) as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' and clock_timestamp() - state_change > interval '2 seconds'`,
      );
      expect(hookCallsEnded, 'the webhook call ended before the idle sessions were counted').toBe(endedBefore);
      expect(Number(open.n)).toBe(0);
    } finally {
      answerHooks();
    }
  });
});
