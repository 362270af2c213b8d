import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestContext, type TestContext } from './helpers.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { createWorkflow, eventually, executions, mailsTo, settled, track, trackBurst } from './support/automations.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { startWorkerProcess, workerEnv, type WorkerProcess } from './support/worker-process.js';

/* The worker process (with the automation dispatcher in it) is SIGKILLed while executions wait in a DELAY, or while a batch of them is sending. */

const CONTACTS = 5;
let smtp: TestSmtpServer;
let ctx: TestContext;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000' });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
});
afterAll(async () => {
  for (const w of workers) {
    w.kill('SIGKILL');
    await w.exited;
  }
  await ctx?.cleanup();
  await smtp?.close();
});

describe('a worker killed during a DELAY', () => {
  it('a new worker resumes every execution after its timer and each mail arrives exactly once', { timeout: 600_000 }, async () => {
    const env = workerEnv(ctx);
    const first = await startWorkerProcess(env, 240_000);
    workers.push(first);
    const wf = await createWorkflow(ctx, {
      name: 'Crash',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'crash' },
      steps: [
        { id: 'one', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'One', body: '<p>1</p>', next: 'wait' },
        // Long enough that all five reach it before the first one's timer fires, even on a loaded machine.
        { id: 'wait', type: 'DELAY', amount: 30, unit: 'seconds', next: 'two' },
        { id: 'two', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Two', body: '<p>2</p>' },
      ],
    });
    for (let i = 0; i < CONTACTS; i++) await track(ctx, `crash${i}@recipients.test`, 'crash');
    await eventually(async () => (await executions(ctx, wf.id, '&status=WAITING')).length === CONTACTS, 120_000, 'all waiting');
    first.kill('SIGKILL');
    await first.exited;
    expect(smtp.messages).toHaveLength(CONTACTS); // only the first mails went out before the kill

    workers.push(await startWorkerProcess(env, 240_000));
    const done = await settled(ctx, wf.id, CONTACTS, ['COMPLETED', 'FAILED', 'EXITED', 'CANCELLED'], 240_000);
    expect(done.map((x) => x.status)).toEqual(Array(CONTACTS).fill('COMPLETED'));
    for (let i = 0; i < CONTACTS; i++) expect((await mailsTo(smtp, `crash${i}@recipients.test`)).map((m) => m.subject)).toEqual(['One', 'Two']);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(2 * CONTACTS);
  });
});

describe('a worker killed while a batch of executions is sending', () => {
  it('the batch is retried on a new worker: every contact gets its mail, a repeat only within the 250-before-commit window (same Message-ID)', { timeout: 600_000 }, async () => {
    const COUNT = 40;
    // 8 mails a second: the batch is mid-way when the worker is killed.
    await sqlRun(ctx.orm.em.fork(), `update projects set settings = settings || '{"sendRatePerSecond": 8}'::jsonb where id = ?`, [ctx.project.id]);
    for (const w of workers.splice(0)) {
      w.kill('SIGKILL'); // the batch must run on the worker killed below
      await w.exited;
    }
    const env = workerEnv(ctx);
    const first = await startWorkerProcess(env, 240_000);
    workers.push(first);
    const wf = await createWorkflow(ctx, {
      name: 'Crash batch',
      enabled: true,
      trigger: { type: 'EVENT', eventName: 'crash-batch' },
      steps: [{ id: 'welcome', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Welcome', body: '<p>hi</p>' }],
    });
    const before = smtp.messages.length;
    const emails = await trackBurst(ctx, 'crashbatch', 'crash-batch', COUNT);
    await eventually(async () => smtp.messages.length - before >= 8 || null, 240_000, 'the batch sending');
    first.kill('SIGKILL');
    await first.exited;
    const atKill = smtp.messages.length - before;
    expect(atKill).toBeLessThan(COUNT); // killed mid-batch

    workers.push(await startWorkerProcess(env, 240_000));
    const done = await settled(ctx, wf.id, COUNT, ['COMPLETED', 'FAILED', 'EXITED', 'CANCELLED'], 300_000);
    expect(done.map((x) => x.status)).toEqual(Array(COUNT).fill('COMPLETED'));
    const batches = await sqlRows<{ batch_id: string | null }>(ctx.orm.em.fork(), 'select distinct batch_id from workflow_executions where workflow_id = ?', [wf.id]);
    expect(batches.map((b) => b.batch_id)).toEqual([expect.stringMatching(/^automation-batch-/)]);
    let repeats = 0;
    for (const email of emails) {
      const mine = smtp.messages.filter((m) => m.recipients.includes(email));
      expect(mine.length, email).toBeGreaterThanOrEqual(1);
      expect(new Set(mine.map((m) => m.messageId)).size, email).toBe(1); // a repeat is the same record again
      repeats += mine.length - 1;
    }
    // At most the hand-offs in flight when the process died (one per SMTP connection of that worker).
    expect(repeats).toBeLessThanOrEqual(first.config.smtpMaxConnections);
  });
});
