import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireSendToken, BURST_TOKENS, LATE_SLOTS, MAX_AHEAD_SECONDS } from '../api/services/pacing.js';
import { sendWorkflowId } from '../workflows/ids.js';
import type { DeliverEmailsResult } from '../workflows/deliver.workflow.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { emailStates, insertQueuedEmails } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.js';

const LIMIT = 20; // emails per second for the project
const TOTAL = 200;
/**
 * SMTP transactions begun per 1 s window beyond what the limiter lets start: a busy worker takes a
 * few event-loop turns from the send start to MAIL FROM (up to ~70 ms seen on this loaded 2-core
 * machine, i.e. one or two 50 ms slots), plus one of margin.
 */
const ARRIVAL_JITTER = 3;

let smtp: TestSmtpServer;
let ctx: TestContext;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: String(LIMIT) });
});
afterAll(async () => {
  for (const w of workers) {
    w.kill('SIGTERM');
    await w.exited;
  }
  await ctx?.cleanup();
  await smtp?.close();
});

/** Most arrivals inside any half-open window [t, t + widthMs) that starts at an arrival. */
function maxInWindow(times: number[], widthMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (j < t.length && t[j] < t[i] + widthMs) j++;
    best = Math.max(best, j - i);
  }
  return best;
}

describe('acquireSendToken (the PostgreSQL token bucket)', () => {
  it('hands out consecutive slots 1/rate apart, first one immediately', async () => {
    const p = await ctx.newProject('bucket');
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = await acquireSendToken(ctx.orm.em.fork(), p.id, 10);
      expect(t.granted).toBe(true);
      waits.push(t.waitMs);
    }
    expect(waits[0]).toBe(0);
    // Slot k is k * 100 ms after the first, minus the few ms the calls themselves took.
    waits.forEach((w, k) => expect(Math.abs(w - k * 100)).toBeLessThan(60));
    for (let k = 1; k < waits.length; k++) expect(waits[k]).toBeGreaterThan(waits[k - 1]);
  });

  it(`refuses to reserve more than ${MAX_AHEAD_SECONDS} s ahead and says when to come back`, async () => {
    const p = await ctx.newProject('bucket-cap');
    const rate = 1;
    // The first token is free, then MAX_AHEAD_SECONDS * rate reservations fit.
    for (let i = 0; i <= MAX_AHEAD_SECONDS * rate; i++) expect((await acquireSendToken(ctx.orm.em.fork(), p.id, rate)).granted).toBe(true);
    const refused = await acquireSendToken(ctx.orm.em.fork(), p.id, rate);
    expect(refused.granted).toBe(false);
    // Back when the oldest reservation has passed: within one slot (1 s) at this rate.
    expect(refused.waitMs).toBeGreaterThan(0);
    expect(refused.waitMs).toBeLessThanOrEqual(1000);
  });

  it('concurrent callers from many connections never share a slot', async () => {
    const p = await ctx.newProject('bucket-concurrent');
    const tokens = await Promise.all(Array.from({ length: 30 }, () => acquireSendToken(ctx.orm.em.fork(), p.id, 50)));
    // Slots on the database's clock: never closer than 1/rate (20 ms), whatever order the calls ran
    // in (a gap is fine: the bucket may have refilled while connections were being opened).
    const slots = tokens.map((t) => (t.granted ? t.slotAtMs : NaN)).sort((a, b) => a - b);
    for (let k = 1; k < slots.length; k++) expect(slots[k] - slots[k - 1]).toBeGreaterThanOrEqual(20 - 1.5);
  });
});

describe(`${TOTAL} emails through two worker processes at ${LIMIT}/s`, () => {
  it('holds the rate across processes and delivers every email exactly once, in about TOTAL/LIMIT seconds', { timeout: 120_000 }, async () => {
    const env = {
      DATABASE_URL: ctx.dbUrl,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: ctx.config.taskQueue,
      SMTP_URL: smtp.url,
      SEND_RATE_PER_SECOND: String(LIMIT),
      SECRET_KEY: ctx.config.secretKey!,
      DATA_DIR: ctx.config.dataDir,
    };
    workers.push(...(await Promise.all([startWorkerProcess(env), startWorkerProcess(env)])));
    // Warm-up on another project (its own bucket): a freshly started process spends its first
    // second on JIT, new database and SMTP connections, and misses some slots (each wasted slot
    // is given up, never squeezed in later). The measurement below is of warm workers.
    const warm = await ctx.newProject('warm-up');
    const warmIds = await insertQueuedEmails(ctx.orm, warm.id, Array.from({ length: 40 }, (_, i) => ({ toEmail: `warm${i}@recipients.test` })));
    await Promise.all(
      [warmIds.slice(0, 20), warmIds.slice(20)].map((emailIds) =>
        ctx.temporal.workflow.execute('deliverEmailsWorkflow', { taskQueue: ctx.config.taskQueue, workflowId: sendWorkflowId(emailIds[0]), args: [{ projectId: warm.id, emailIds }] }),
      ),
    );
    smtp.reset();
    for (const w of workers) w.sent.length = 0;

    const ids = await insertQueuedEmails(
      ctx.orm,
      ctx.project.id,
      Array.from({ length: TOTAL }, (_, i) => ({ toEmail: `pace${i}@recipients.test` })),
    );
    const batches = Array.from({ length: 10 }, (_, b) => ids.slice(b * 20, b * 20 + 20));
    const results = await Promise.all(
      batches.map((emailIds) =>
        ctx.temporal.workflow.execute('deliverEmailsWorkflow', {
          taskQueue: ctx.config.taskQueue,
          workflowId: sendWorkflowId(emailIds[0]),
          args: [{ projectId: ctx.project.id, emailIds }],
          workflowExecutionTimeout: '2 minutes',
        }) as Promise<DeliverEmailsResult>,
      ),
    );
    expect(results.map((r) => r.sent)).toEqual(batches.map(() => 20));

    // Exactly once: every Message-ID once, nothing else.
    const msgs = smtp.messages;
    expect(msgs).toHaveLength(TOTAL);
    expect(new Set(msgs.map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@example.com>`)));
    expect((await emailStates(ctx.orm, ids)).every((s) => s.status === 'SENT')).toBe(true);
    // Both processes sent: the limit held across them, not because one did all the work.
    const perProcess = workers.map((w) => w.sent.length);
    expect(perProcess.every((n) => n > 0)).toBe(true);

    const arrivals = msgs.map((m) => m.arrivedAt).sort((a, b) => a - b);
    const durationMs = arrivals[arrivals.length - 1] - arrivals[0];
    // When each send started, on the database's clock (emails.sent_at): what the limiter decides.
    const departures = (
      await ctx.orm.em.fork().getConnection().execute<{ t: number }[]>(
        `select extract(epoch from sent_at)::float8 * 1000 as t from emails where project_id = ? and status = 'SENT'`,
        [ctx.project.id],
      )
    ).map((r) => Number(r.t));
    const peakDeparted = maxInWindow(departures, 1000);
    const peakBegun = maxInWindow(msgs.map((m) => m.mailFromAt), 1000);
    const peakArrived = maxInWindow(arrivals, 1000);
    console.log(
      `[pacing] ${TOTAL} emails, limit ${LIMIT}/s, 2 processes (${perProcess.join(' + ')}), ${smtp.connections} SMTP connections: ` +
        `first->last arrival ${durationMs} ms (ideal ${((TOTAL - 1) / LIMIT) * 1000} ms); busiest 1 s window: ${peakDeparted} send starts ` +
        `(database clock), ${peakBegun} SMTP transactions begun (MAIL FROM at the server), ${peakArrived} messages completed (end of DATA)`,
    );
    // The limiter's guarantee, on the clock it uses: a send starts no earlier than its slot and at
    // most LATE_SLOTS slot widths after it (else the slot is given up), slots are 1/LIMIT apart and
    // the bucket holds BURST_TOKENS: at most LIMIT + BURST_TOKENS + LATE_SLOTS starts in any 1 s window.
    const bound = LIMIT + BURST_TOKENS + LATE_SLOTS;
    expect(peakDeparted).toBeLessThanOrEqual(bound);
    // At the server a message arrives when its SMTP transaction begins (MAIL FROM): later than the
    // send start by a few event-loop turns of a busy worker (ARRIVAL_JITTER).
    // (The end of DATA is logged, not asserted: on a loaded machine the few round trips of the
    // transaction stretch to hundreds of ms and make completions bunch, whatever the sender does.)
    expect(peakBegun).toBeLessThanOrEqual(bound + ARRIVAL_JITTER);
    // Never faster than the limit allows. Not much slower either: a late (starved) worker gives
    // its slot up, so a loaded machine loses some throughput; the 10% target is measured by
    // `npm run bench:delivery` (bench/RESULTS.md), here only a gross loss fails.
    expect(durationMs).toBeGreaterThanOrEqual((TOTAL / LIMIT) * 1000 * 0.9);
    expect(durationMs).toBeLessThanOrEqual((TOTAL / LIMIT) * 1000 * 1.5);
  });
});
