import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatheringStep, type BurstPace } from '../core/automations/dispatch.js';
import { createAutomationEngine } from '../core/automations/engine.js';
import { recordEvent } from '../core/events/events.js';
import { sqlRows } from '../db/sql.js';
import { startAutomationDispatcher } from '../worker/automation-dispatcher.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { createWorkflow, eventually } from './support/automations.js';

/*
 * A burst's hold (core/automations/dispatch.ts gatheringStep, worker/automation-dispatcher.ts): while
 * a burst's events keep coming in fast, its executions wait (the tracks get the machine), up to a bound.
 */

describe("a gathering dispatcher's step", () => {
  const pace: BurstPace = { gatherMs: 250, holdMs: 10_000, holdPerSecond: 500 };
  const PASS = 500;

  it('holds while events come in at the hold rate or faster and the oldest has waited less than the bound', () => {
    // 200 in the last 250 ms: 800 a second.
    expect(gatheringStep({ rows: 501, oldestMs: 3_000, recentRows: 200 }, pace, PASS, false)).toEqual({ kind: 'hold', ms: 250, spent: false });
    // 125 in 250 ms is exactly 500 a second.
    expect(gatheringStep({ rows: 300, oldestMs: 300, recentRows: 125 }, pace, PASS, false).kind).toBe('hold');
  });

  it('takes a pass once the burst slows under the hold rate or pauses, and the hold can start again for a later burst', () => {
    expect(gatheringStep({ rows: 501, oldestMs: 3_000, recentRows: 124 }, pace, PASS, false)).toEqual({ kind: 'claim', gatheredMs: undefined, spent: false });
    expect(gatheringStep({ rows: 300, oldestMs: 3_000, recentRows: 0 }, pace, PASS, true)).toEqual({ kind: 'claim', gatheredMs: 250, spent: false });
  });

  it('takes a pass once the oldest has waited the bound, and holds no more while that burst lasts', () => {
    const atBound = gatheringStep({ rows: 501, oldestMs: 10_000, recentRows: 400 }, pace, PASS, false);
    expect(atBound).toEqual({ kind: 'claim', gatheredMs: undefined, spent: true });
    // After that pass the oldest left is younger than the bound: still no hold.
    expect(gatheringStep({ rows: 501, oldestMs: 9_700, recentRows: 400 }, pace, PASS, atBound.spent)).toEqual({ kind: 'claim', gatheredMs: undefined, spent: true });
  });

  it('without a hold (0) paces a burst by the gathering time alone', () => {
    const noHold = { ...pace, holdMs: 0 };
    expect(gatheringStep({ rows: 300, oldestMs: 100, recentRows: 300 }, noHold, PASS, false)).toEqual({ kind: 'wait', ms: 151, spent: false });
    expect(gatheringStep({ rows: 300, oldestMs: 260, recentRows: 300 }, noHold, PASS, false)).toEqual({ kind: 'claim', gatheredMs: 250, spent: false });
    expect(gatheringStep({ rows: 501, oldestMs: 100, recentRows: 400 }, noHold, PASS, false)).toEqual({ kind: 'claim', gatheredMs: undefined, spent: false });
  });
});

let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupTestContext();
  // The worker runs the executions; each test runs its own dispatcher.
  await ctx.startWorker({ sweeper: false, automations: false });
});
afterAll(async () => {
  await ctx?.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Contacts `prefix`0..count-1, created directly (their events are what the tests time). */
async function contacts(prefix: string, count: number): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(
    ctx.orm.em.fork(),
    `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
     select gen_random_uuid(), ?, ? || g || '@recipients.test', true, '{}', now(), now() from generate_series(0, ? - 1) g returning id`,
    [ctx.project.id, prefix, count],
  );
  return rows.map((r) => r.id);
}

/**
 * A burst through a dispatcher paced by `pace`: a workflow `name` (UPDATE_CONTACT), `count` contacts,
 * their events 5 at a time (one transaction each) every 250 ms, until every execution completed.
 * Returns the executions (when each was inserted, by its pass, and its batch) and the last event's
 * time (the database's clock).
 */
async function burst(name: string, count: number, pace: { gatherMs: number; holdMs: number; holdPerSecond: number }) {
  const wf = await createWorkflow(ctx, { name, enabled: true, trigger: { type: 'EVENT', eventName: `${name}-signup` }, steps: [{ id: 'mark', type: 'UPDATE_CONTACT', data: { welcomed: true } }] });
  const ids = await contacts(`${name}-`, count);
  const dispatcher = startAutomationDispatcher({ orm: ctx.orm, engine: createAutomationEngine(ctx.temporal, ctx.config.taskQueue, { deliveryRetry: ctx.config.deliveryRetry }), ...pace });
  try {
    let lastEvent = new Date(0);
    for (let i = 0; i < ids.length; i += 5) {
      const next = Date.now() + 250;
      await ctx.orm.em.fork().transactional(async (tx) => {
        for (const contactId of ids.slice(i, i + 5)) lastEvent = (await recordEvent(tx, { projectId: ctx.project.id, contactId, name: `${name}-signup` })).createdAt;
      });
      await sleep(Math.max(0, next - Date.now()));
    }
    // Read from the database: the API pages executions by 100.
    const completed = async () => (await sqlRows<{ n: number }>(ctx.orm.em.fork(), "select count(*)::int as n from workflow_executions where workflow_id = ? and status = 'COMPLETED'", [wf.id]))[0].n;
    await eventually(async () => (await completed()) === count, 90_000, `${count} completed executions`);
    const rows = await sqlRows<{ started_at: Date; batch_id: string | null }>(ctx.orm.em.fork(), 'select started_at, batch_id from workflow_executions where workflow_id = ?', [wf.id]);
    return { rows, lastEvent };
  } finally {
    await dispatcher.stop();
  }
}

describe('the automation dispatcher with a hold', () => {
  it("holds a burst's executions while its events keep coming in, and starts them together once it pauses", { timeout: 120_000 }, async () => {
    // A rate any machine keeps (20 events a second, held from 1 a second over the 2 s gathering time), a bound no step comes near.
    const { rows, lastEvent } = await burst('held', 60, { gatherMs: 2_000, holdMs: 60_000, holdPerSecond: 1 });
    expect(rows).toHaveLength(60);
    // The idle dispatcher took the first group at once; every later event waited for the burst's end.
    const beforeEnd = rows.filter((r) => new Date(r.started_at) < lastEvent);
    expect(beforeEnd.length, 'executions started while the events were still coming in').toBeLessThanOrEqual(10);
    const later = rows.filter((r) => new Date(r.started_at) >= lastEvent);
    expect(new Set(later.map((r) => r.batch_id)).size, 'the held executions start as one batch').toBe(1);
  });

  it('holds a burst no longer than the bound after its oldest event: the executions start while its events still come in', { timeout: 120_000 }, async () => {
    // 6 s of events against a bound of 2 s.
    const { rows, lastEvent } = await burst('bounded', 120, { gatherMs: 1_000, holdMs: 2_000, holdPerSecond: 1 });
    expect(rows).toHaveLength(120);
    const beforeEnd = rows.filter((r) => new Date(r.started_at) < lastEvent);
    expect(beforeEnd.length, 'executions started while the events were still coming in').toBeGreaterThan(10);
  });
});
