import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestContext, type TestContext } from './helpers.js';
import { createWorkflow, eventually, executions, mailsTo, settled, track } from './support/automations.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { startWorkerProcess, workerEnv, type WorkerProcess } from './support/worker-process.js';

/* The worker process (with the automation dispatcher in it) is SIGKILLed while executions wait in a DELAY. */

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
