import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireSendToken, acquireSendTokens, claimSendStart, claimSendStarts, GUARD_MS, MAX_AHEAD_SECONDS, maxInWindow, pacingFor, QUANTUM_MS, releaseSendStarts } from '../core/pacing.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import type { DeliverEmailsResult } from '../workflows/deliver.workflow.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { emailStates, insertQueuedEmails } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { startWorkerProcess, workerEnv, type WorkerProcess } from './support/worker-process.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

const LIMIT = 20; // emails per second for the project
const TOTAL = 200;
/** Messages a machine stall may push into one 1 s window at the server beyond LIMIT (see the assertion). */
const SERVER_JITTER = 3;
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

describe('acquireSendToken (the PostgreSQL token bucket)', () => {
  it('hands out consecutive slots 1/rate apart, first one immediately', async () => {
    const p = await ctx.newProject('bucket');
    // 2/s: slots 500 ms apart, far more than a round trip takes even on a loaded machine, so the
    // bucket stays in debt and every slot is the previous one + 500 ms.
    const rate = 2;
    const tokens: { waitMs: number; slotAtMs: number }[] = [];
    const before = Date.now();
    const after: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = await acquireSendToken(ctx.orm.em.fork(), p.id, rate);
      expect(t.granted).toBe(true);
      if (t.granted) tokens.push(t);
      after.push(Date.now());
    }
    expect(tokens[0].waitMs).toBe(0);
    // Slot k is k * 500 ms after the first (the database clock, rounded up to the ms).
    for (let k = 1; k < tokens.length; k++) expect(Math.abs(tokens[k].slotAtMs - tokens[k - 1].slotAtMs - 500)).toBeLessThanOrEqual(1);
    // The wait is the slot less the time the calls so far took (measured here on the same clock):
    // no longer than k * 500 ms, and shorter only by the time that really passed.
    tokens.forEach((t, k) => {
      expect(t.waitMs).toBeLessThanOrEqual(k * 500 + 1);
      expect(t.waitMs).toBeGreaterThanOrEqual(k * 500 - (after[k] - before) - 2);
    });
  });

  it(`refuses to reserve more than ${MAX_AHEAD_SECONDS} s ahead and says when to come back`, async () => {
    const p = await ctx.newProject('bucket-cap');
    // One per 10 s: the bucket refills one token per 10 s, so the refusal below holds however slow
    // the round trips are (at 1/s, 62 calls had to fit in a second).
    const rate = 0.1;
    // The first token is free, then MAX_AHEAD_SECONDS * rate reservations fit (taken one by one).
    for (let i = 0; i <= MAX_AHEAD_SECONDS * rate; i++) expect((await acquireSendToken(ctx.orm.em.fork(), p.id, rate)).granted).toBe(true);
    const refused = await acquireSendToken(ctx.orm.em.fork(), p.id, rate);
    expect(refused.granted).toBe(false);
    // Back when the oldest reservation has passed: within one slot (10 s) at this rate.
    expect(refused.waitMs).toBeGreaterThan(0);
    expect(refused.waitMs).toBeLessThanOrEqual(10_000);
  });

  it('concurrent callers from many connections never share a slot', async () => {
    const p = await ctx.newProject('bucket-concurrent');
    const tokens = await Promise.all(Array.from({ length: 30 }, () => acquireSendToken(ctx.orm.em.fork(), p.id, 50)));
    // Slots on the database's clock: never closer than 1/rate (20 ms), whatever order the calls ran
    // in (a gap is fine: the bucket may have refilled while connections were being opened).
    const slots = tokens.map((t) => (t.granted ? t.slotAtMs : NaN)).sort((a, b) => a - b);
    for (let k = 1; k < slots.length; k++) expect(slots[k] - slots[k - 1]).toBeGreaterThanOrEqual(20 - 1.5);
  });

  it('n tokens in one take get the slots n single takes would: 1/rate apart, the first at once', async () => {
    const p = await ctx.newProject('bucket-batch');
    // 1/s: the bucket is still in debt when the next single take comes, however slow the machine.
    const tokens = await acquireSendTokens(ctx.orm.em.fork(), p.id, 1, 4);
    expect(tokens.map((t) => t.granted)).toEqual([true, true, true, true]);
    expect(tokens.map((t) => t.waitMs)).toEqual([0, 1000, 2000, 3000]);
    // The next single take continues after them, one slot later.
    const after = await acquireSendToken(ctx.orm.em.fork(), p.id, 1);
    expect(after.granted && tokens[3].granted).toBe(true);
    if (after.granted && tokens[3].granted) expect(Math.abs(after.slotAtMs - tokens[3].slotAtMs - 1000)).toBeLessThanOrEqual(1);
  });
});

/**
 * A window of `windowMs` for `maxStarts` (the shape pacingFor gives, wider): the claims of a test
 * happen well inside it however slow the machine's round trips are.
 */
const wide = (maxStarts: number, windowMs = 30_000) => ({ maxStarts, windowMs, reserveRate: (maxStarts * 1000) / windowMs });

describe('claimSendStart (the sliding window of send starts)', () => {
  it('pacingFor: maxStarts per second plus GUARD_MS, reserved at the rate the window admits (a start counts up to QUANTUM_MS longer: the end of its slot)', () => {
    expect(pacingFor(5)).toEqual({ maxStarts: 5, windowMs: 1000 + GUARD_MS, reserveRate: 5000 / (1000 + GUARD_MS + QUANTUM_MS) });
  });

  it('admits maxStarts sends, then refuses with the wait until the oldest leaves the window (at the end of its QUANTUM_MS slot)', async () => {
    const p = await ctx.newProject('window');
    const pacing = wide(5, 3000);
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await claimSendStart(ctx.orm.em.fork(), p.id, pacing);
      expect(s.admitted).toBe(true);
      if (s.admitted) starts.push(s.startMs);
    }
    const askedAt = Date.now();
    const refused = await claimSendStart(ctx.orm.em.fork(), p.id, pacing);
    const answeredAt = Date.now();
    expect(refused.admitted).toBe(false);
    if (refused.admitted) return;
    // The first start leaves the window windowMs after it, or up to QUANTUM_MS later (the end of
    // its slot): the wait is that moment less the database's now, which lies between the two
    // readings of this (same) clock around the call.
    const leaves = starts[0] + pacing.windowMs;
    expect(refused.waitMs).toBeGreaterThanOrEqual(leaves - answeredAt - 2);
    expect(refused.waitMs).toBeLessThanOrEqual(Math.min(pacing.windowMs, leaves - askedAt) + QUANTUM_MS + 2);
    await new Promise((r) => setTimeout(r, refused.waitMs + 5));
    const again = await claimSendStart(ctx.orm.em.fork(), p.id, pacing);
    expect(again.admitted).toBe(true);
    if (again.admitted) expect(again.startMs - starts[0]).toBeGreaterThanOrEqual(pacing.windowMs);
  });

  it('concurrent claims from many connections never put more than maxStarts in a window', async () => {
    const p = await ctx.newProject('window-concurrent');
    const pacing = wide(4);
    const results = await Promise.all(Array.from({ length: 12 }, () => claimSendStart(ctx.orm.em.fork(), p.id, pacing)));
    expect(results.filter((r) => r.admitted)).toHaveLength(4);
    for (const r of results) if (!r.admitted) expect(r.waitMs).toBeGreaterThan(0);
  });

  it('claimSendStarts admits as many of n as the window has room for; the rest wait for the oldest to leave', async () => {
    const p = await ctx.newProject('window-batch');
    const pacing = wide(5);
    const first = await claimSendStarts(ctx.orm.em.fork(), p.id, pacing, 3);
    expect(first.map((s) => s.admitted)).toEqual([true, true, true]);
    const second = await claimSendStarts(ctx.orm.em.fork(), p.id, pacing, 4);
    const answeredAt = Date.now();
    expect(second.map((s) => s.admitted)).toEqual([true, true, false, false]);
    const refused = second[2];
    if (refused.admitted || !first[0].admitted) return;
    // Back when the first start leaves the window (the claims so far took what they took).
    expect(refused.waitMs).toBeGreaterThanOrEqual(first[0].startMs + pacing.windowMs - answeredAt - 2);
    expect(refused.waitMs).toBeLessThanOrEqual(pacing.windowMs + QUANTUM_MS);
    expect((await claimSendStarts(ctx.orm.em.fork(), p.id, pacing, 2)).some((s) => s.admitted)).toBe(false);
  });

  it('a released start gives its place in the window back, and only as many as were released', async () => {
    const p = await ctx.newProject('window-release');
    const pacing = wide(3);
    const em = () => ctx.orm.em.fork();
    const first = await claimSendStarts(em(), p.id, pacing, 3);
    expect(first.every((s) => s.admitted)).toBe(true);
    expect((await claimSendStart(em(), p.id, pacing)).admitted).toBe(false);
    const startMs = first[0].admitted ? first[0].startMs : NaN;
    await releaseSendStarts(em(), p.id, startMs, 2);
    // Two of the three places are free again, not three; a start that is not in the window changes nothing.
    await releaseSendStarts(em(), p.id, startMs - 2 * pacing.windowMs);
    expect((await claimSendStarts(em(), p.id, pacing, 3)).map((s) => s.admitted)).toEqual([true, true, false]);
  });

  it('a rate below one per second admits one send per 1/rate seconds (plus the guard)', () => {
    expect(pacingFor(0.5)).toEqual({ maxStarts: 1, windowMs: 2000 + GUARD_MS, reserveRate: 1000 / (2000 + GUARD_MS + QUANTUM_MS) });
    expect(pacingFor(14).maxStarts).toBe(14);
  });
});

describe(`${TOTAL} emails through two worker processes at ${LIMIT}/s`, () => {
  it(`holds the rate across processes (at most ${LIMIT} starts per window, at most ${LIMIT} + ${SERVER_JITTER} MAIL FROMs in a second at the server, plus those that a stall of the test process, which stamps them, may have bunched), delivers every email exactly once, no faster than TOTAL/LIMIT seconds and within twice that`, { timeout: 120_000 }, async () => {
    const env = workerEnv(ctx);
    workers.push(...(await Promise.all([startWorkerProcess(env), startWorkerProcess(env)])));
    // Warm-up on another project (its own bucket): a freshly started process spends its first
    // second on JIT, new database and SMTP connections, and misses some slots (each wasted slot
    // is given up, never squeezed in later). The measurement below is of warm workers.
    const warm = await ctx.newProject('warm-up');
    const warmIds = await insertQueuedEmails(ctx.orm, warm.id, Array.from({ length: 40 }, (_, i) => ({ toEmail: `warm${i}@recipients.test` })));
    await Promise.all(
      [warmIds.slice(0, 20), warmIds.slice(20)].map((emailIds) =>
        ctx.temporal.workflow.execute(DELIVER_EMAILS_WORKFLOW, { taskQueue: ctx.config.taskQueue, workflowId: sendWorkflowId(emailIds[0]), args: [{ projectId: warm.id, emailIds }] }),
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
    // The SMTP server stamps MAIL FROM in this process: while its event loop stalls, the MAIL FROMs
    // the workers write meanwhile are all stamped when it resumes (see the bound below).
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const results = await Promise.all(
      batches.map((emailIds) =>
        ctx.temporal.workflow.execute(DELIVER_EMAILS_WORKFLOW, {
          taskQueue: ctx.config.taskQueue,
          workflowId: sendWorkflowId(emailIds[0]),
          args: [{ projectId: ctx.project.id, emailIds }],
          workflowExecutionTimeout: '2 minutes',
        }) as Promise<DeliverEmailsResult>,
      ),
    );
    stalls.disable();
    const worstStallMs = stalls.max / 1e6;
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
    const startRows = await ctx.orm.em.fork().getConnection().execute<{ id: string; t: number }[]>(
      `select id, extract(epoch from sent_at)::float8 * 1000 as t from emails where project_id = ? and status = 'SENT'`,
      [ctx.project.id],
    );
    const departures = startRows.map((r) => Number(r.t));
    // From the admitted start (database clock) to MAIL FROM at the server (same machine, same clock).
    const startOf = new Map<string, number>(startRows.map((r) => [`<${r.id}@example.com>`, Number(r.t)]));
    const delays = msgs.map((m) => m.mailFromAt - startOf.get(m.messageId!)!).sort((a, b) => a - b);
    const handedOver = new Map<string, number>(workers.flatMap((w) => w.sent.map((x) => [`<${x.emailId}@example.com>`, x.startedAt] as const)));
    const toMailer = msgs.map((m) => handedOver.get(m.messageId!)! - startOf.get(m.messageId!)!).sort((a, b) => a - b);
    const pct = (q: number, d = delays) => Math.round(d[Math.min(d.length - 1, Math.floor(q * d.length))]);
    const peakDeparted = maxInWindow(departures, 1000);
    const peakBegun = maxInWindow(msgs.map((m) => m.mailFromAt), 1000);
    const peakArrived = maxInWindow(arrivals, 1000);
    console.log(
      `[pacing] ${TOTAL} emails, limit ${LIMIT}/s, 2 processes (${perProcess.join(' + ')}), ${smtp.connections} SMTP connections: ` +
        `first->last arrival ${durationMs} ms (ideal ${((TOTAL - 1) / LIMIT) * 1000} ms); busiest 1 s window: ${peakDeparted} send starts ` +
        `(database clock), ${peakBegun} SMTP transactions begun (MAIL FROM at the server), ${peakArrived} messages completed (end of DATA); ` +
        `start -> MAIL FROM p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms (start -> mailer call p95 ${pct(0.95, toMailer)} ms, max ${pct(1, toMailer)} ms); worst stall of this process ${Math.round(worstStallMs)} ms`,
    );
    // The limiter's guarantee, on the clock it uses: at most LIMIT starts in any window GUARD_MS
    // wider than a second.
    expect(maxInWindow(departures, 1000 + GUARD_MS)).toBeLessThanOrEqual(LIMIT);
    // At the SMTP server (a message arrives when its transaction begins, MAIL FROM) the bound
    // holds while the time from the admitted start to MAIL FROM varies by less than GUARD_MS
    // between sends. This shared 2-core machine stalls processes now and then (the log above
    // shows the delays: p95 ~20-40 ms, single outliers of 50-300 ms), so a few of those may land
    // in one window: SERVER_JITTER allows for them and no more. (The end of DATA is logged, not
    // asserted: the transaction's round trips stretch under load and completions bunch.)
    // A stall of this process (the server's) bunches the stamps of the MAIL FROMs written during it:
    // one more per 1/LIMIT s of the worst stall (none under 50 ms at 20/s: the bound is then as before).
    const stallAllowance = Math.floor((LIMIT * worstStallMs) / 1000);
    expect(peakBegun, `worst stall of the server's process ${Math.round(worstStallMs)} ms`).toBeLessThanOrEqual(LIMIT + SERVER_JITTER + stallAllowance);
    // Never faster than the rate: the last of LIMIT-sized groups begins (TOTAL - LIMIT) / LIMIT
    // seconds after the first. The upper bound is only generous (twice TOTAL/LIMIT): on a shared
    // machine wall time is a benchmark (bench/delivery.ts measures it), not a test.
    expect(durationMs).toBeGreaterThanOrEqual(((TOTAL - LIMIT) / LIMIT) * 1000);
    expect(durationMs).toBeLessThanOrEqual((TOTAL / LIMIT) * 1000 * 2);
  });
});
