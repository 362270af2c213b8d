import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionMailSource, quietSubmitter, stepMailSubmission, type StepMailRow } from '../activities/automation-emails.js';
import { deliverShared, type BatchResult, type RunSource, type Submitter } from '../activities/delivery/batch.js';
import { createSmtpMailer, type Mailer } from '../activities/mailer.js';
import { pacingFor, type Pacing } from '../core/pacing.js';
import { newId } from '../db/ids.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { createWorkflow, eventually } from './support/automations.js';
import { insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';

/*
 * The automation batches of a project delivering at once in a worker feed one delivery run
 * (activities/delivery/batch.ts, deliverShared; activities/automation-emails.ts): real PostgreSQL
 * (executions, email records, the admission statement admit_execution_mails, the pacing window),
 * the worker's pooled SMTP mailer and a real SMTP server. Each "batch activity" here is a
 * submission with its own heartbeat and cancellation signal, as an activity's Context gives them.
 */

let smtp: TestSmtpServer;
let ctx: TestContext;
let mailer: Mailer;
let workflowId: string;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
  mailer = createSmtpMailer(smtp.url);
  // Disabled: nothing starts executions but this file.
  workflowId = (await createWorkflow(ctx, { name: 'Shared run', enabled: false, trigger: { type: 'EVENT', eventName: 'shared-run' }, steps: [{ id: 'hi', type: 'SEND_EMAIL', from: 'hello@example.com', subject: 'Hi', body: '<p>hi</p>' }] })).id;
}, 60_000);
afterAll(async () => {
  await mailer?.close?.();
  await ctx?.cleanup();
  await smtp?.close();
});

/** `count` RUNNING executions, each with its QUEUED email record to `<prefix><i>@recipients.test`: the rows of one batch. */
async function batchOf(prefix: string, count: number): Promise<StepMailRow[]> {
  const rows: StepMailRow[] = [];
  for (let i = 0; i < count; i++) {
    const to = `${prefix}${i}@recipients.test`;
    const res = await ctx.request('POST', '/contacts', { body: { email: to } });
    expect(res.status).toBeLessThan(300);
    const contactId = (await json(res)).data.id as string;
    const executionId = newId();
    await sqlRun(
      ctx.orm.em.fork(),
      `insert into workflow_executions (id, project_id, workflow_id, version, contact_id, seq, status, trigger_data, started_at, updated_at)
       values (?, ?, ?, 1, ?, 1, 'RUNNING', '{}', now(), now())`,
      [executionId, ctx.project.id, workflowId, contactId],
    );
    const [emailId] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: to, fromEmail: 'hello@example.com', subject: `Hi ${to}`, contactId }]);
    rows.push({ id: emailId, executionId });
  }
  return rows;
}

/** A batch activity's submission, as deliverStepMails makes it. */
async function submission(rows: StepMailRow[]) {
  return (await stepMailSubmission(ctx, ctx.project.id, rows.map((r) => ({ emailId: r.id, executionId: r.executionId })))).submission;
}

const submitter = (signal = new AbortController().signal): Submitter => ({ heartbeat: () => {}, cancellationSignal: signal });

/** The automation source, with the rows of each admission statement it ran written down. */
function observed(pacing: Pacing, groups: string[][]): () => RunSource<StepMailRow> {
  return () => {
    const source = executionMailSource({ orm: ctx.orm }, ctx.project.id, pacing);
    return { ...source, admitGroup: (group, late) => (groups.push(group.map((r) => r.id)), source.admitGroup(group, late)) };
  };
}

const deps = () => ({ mailer, config: ctx.config, orm: ctx.orm });
const statuses = async (ids: string[]) =>
  new Map((await sqlRows<{ id: string; status: string }>(ctx.orm.em.fork(), 'select id, status from emails where id = any(?::uuid[])', [ids])).map((r) => [r.id, r.status]));
const received = (prefix: string) => smtp.messages.filter((m) => m.recipients[0].startsWith(prefix)).map((m) => m.recipients[0]);

describe('the shared delivery run of automation mails', () => {
  it("a batch activity's submitter leaves the heartbeats to the batch activity (none of its own) and passes the activity's cancellation through", () => {
    const beats: unknown[] = [];
    const cancel = new AbortController();
    const quiet = quietSubmitter({ heartbeat: (d) => void beats.push(d), cancellationSignal: cancel.signal });
    quiet.heartbeat({ done: 1 });
    expect(beats).toEqual([]);
    expect(quiet.cancellationSignal.aborted).toBe(false);
    cancel.abort();
    expect(quiet.cancellationSignal.aborted).toBe(true);
  });

  it('two batch activities delivering at once in one project share admission statements: rows of both waiting at the admission go in one statement, and every mail is sent once', { timeout: 120_000 }, async () => {
    const pacing = pacingFor(1000);
    const key = `test-shared:${ctx.project.id}`;
    // Four rows, fewer than the pool's connections, so every row gets its connection at once.
    const a = await batchOf('share-a', 2);
    const b = await batchOf('share-b', 2);
    const [subA, subB] = await Promise.all([submission(a), submission(b)]);
    // Each row's fence (called with its connection in hand) waits until all four rows stand there,
    // then all go on in the same tick: the admission's next statement takes rows of both batches,
    // whatever the machine's speed.
    let atFence = 0;
    let allAtFence!: () => void;
    // One timer for all rows ends the wait should a row never come (the test then fails on the groups).
    let waitEnds: NodeJS.Timeout | undefined;
    const allArrived = new Promise<void>((resolve) => {
      allAtFence = resolve;
      waitEnds = setTimeout(resolve, 30_000).unref();
    });
    const counting: Mailer = {
      send: (msg, opts) =>
        mailer.send(msg, {
          ...opts,
          fence: opts?.fence && (async () => {
            if (++atFence === a.length + b.length) allAtFence();
            await allArrived;
            return opts.fence!();
          }),
        }),
      close: () => mailer.close(),
    };
    const groups: string[][] = [];
    const run = { ...deps(), mailer: counting };
    const results = await Promise.all([deliverShared(run, key, observed(pacing, groups), submitter(), subA), deliverShared(run, key, observed(pacing, groups), submitter(), subB)]).finally(() => clearTimeout(waitEnds));
    expect(results).toEqual([{ stop: undefined, transientLeft: 0 }, { stop: undefined, transientLeft: 0 }]);
    const all = [...a, ...b].map((r) => r.id);
    expect([...(await statuses(all)).values()]).toEqual(Array(all.length).fill('SENT'));
    const sent = [...received('share-a'), ...received('share-b')].sort();
    expect(sent).toEqual([...a.map((_, i) => `share-a${i}@recipients.test`), ...b.map((_, i) => `share-b${i}@recipients.test`)].sort());
    const inA = new Set(a.map((r) => r.id));
    const inB = new Set(b.map((r) => r.id));
    expect(groups.some((g) => g.some((id) => inA.has(id)) && g.some((id) => inB.has(id))), JSON.stringify(groups.map((g) => g.map((id) => (inA.has(id) ? 'a' : 'b'))))).toBe(true);
  });

  it("a cancelled batch activity's mails not yet handed over are never sent, while the other activity's mails in the same run all are", { timeout: 120_000 }, async () => {
    // 5 mails a second: the first batch is still waiting for its slots when it is cancelled.
    const pacing = pacingFor(5);
    const key = `test-cancel:${ctx.project.id}`;
    const a = await batchOf('cancel-a', 15);
    const b = await batchOf('cancel-b', 3);
    const [subA, subB] = await Promise.all([submission(a), submission(b)]);
    const cancelA = new AbortController();
    const answered: { a?: number; b?: number } = {};
    const doneA = deliverShared(deps(), key, observed(pacing, []), submitter(cancelA.signal), subA).then((r: BatchResult) => ((answered.a = Date.now()), r));
    const doneB = deliverShared(deps(), key, observed(pacing, []), submitter(), subB).then((r: BatchResult) => ((answered.b = Date.now()), r));
    await eventually(async () => received('cancel-a').length > 0, 30_000, "the first batch's first mail");
    cancelA.abort();
    expect(await doneA).toEqual({ stop: 'CANCELLED', transientLeft: 0 });
    const sentA = received('cancel-a');
    expect(sentA.length).toBeLessThan(a.length);
    expect(await doneB).toEqual({ stop: undefined, transientLeft: 0 });
    expect(received('cancel-b').sort()).toEqual(b.map((_, i) => `cancel-b${i}@recipients.test`));
    // Nothing of the cancelled batch reached the server after it answered, and what never did is not SENT.
    expect(smtp.messages.filter((m) => m.recipients[0].startsWith('cancel-a') && m.mailFromAt > answered.a!)).toEqual([]);
    expect(received('cancel-a')).toEqual(sentA);
    const states = await statuses(a.map((r) => r.id));
    const unsent = a.filter((_, i) => !sentA.includes(`cancel-a${i}@recipients.test`));
    for (const r of unsent) expect(states.get(r.id)).not.toBe('SENT');
    expect(new Set(sentA).size).toBe(sentA.length);
  });
});
