import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUANTUM_MS } from '../core/pacing.js';
import { sqlOne, sqlRows } from '../db/sql.js';
import { setupTestContext, type TestContext } from './helpers.js';

/*
 * The pacing window's slot arithmetic (claim_send_starts, release_send_starts in
 * db/migrations/Migration20261201100000_pacing_slots.ts), through the real database: the window's
 * row is set to counts placed relative to the database's clock, then claimed.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

interface ClaimRow {
  admitted: number;
  wait_ms: number;
  start_ms: number;
}

const em = () => ctx.orm.em.fork();
const dbNowMs = async () => Number((await sqlOne<{ t: number }>(em(), 'select extract(epoch from clock_timestamp())::float8 * 1000 as t')).t);
const claim = (projectId: string, widthMs: number, max: number, n: number) =>
  sqlOne<ClaimRow>(em(), 'select admitted, wait_ms, start_ms from claim_send_starts(?, ?, ?, ?)', [projectId, widthMs, max, n]);
const release = (projectId: string, startMs: number, n: number) => sqlRows(em(), 'select release_send_starts(?, ?, ?)', [projectId, startMs, n]);
const windowOf = async (projectId: string) =>
  sqlOne<{ slot: string; counts: number[] }>(em(), 'select window_slot as slot, window_counts as counts from send_rate_buckets where project_id = ?', [projectId]);
/** The project's window set to `counts` from slot `slot`. */
const setWindow = (projectId: string, slot: number, counts: number[]) =>
  sqlRows(
    em(),
    `insert into send_rate_buckets (project_id, tokens, window_slot, window_counts) values (?, 1, ?, ?::int[])
     on conflict (project_id) do update set window_slot = excluded.window_slot, window_counts = excluded.window_counts`,
    [projectId, slot, counts],
  );
const slotOf = (ms: number) => Math.floor(ms / QUANTUM_MS);

describe('the pacing window as counts per slot', () => {
  it('a start counts until the end of its slot plus the width: a full window answers the wait until the oldest slot that keeps it full ends plus the width, and admits once it has', async () => {
    const p = await ctx.newProject('slots-expiry');
    const width = 30_000;
    const now = slotOf(await dbNowMs());
    // Two starts in a slot that leaves the window ~3 s from now (the claims below come before it, on a
    // busy machine too), one in a slot that stays ~7.5 s.
    const oldest = now - 5400;
    await setWindow(p.id, oldest, [2, ...Array<number>(909).fill(0), 1]);
    const full = await claim(p.id, width, 3, 1);
    expect(full.admitted).toBe(0);
    expect(Number(full.wait_ms)).toBeCloseTo((oldest + 1) * QUANTUM_MS + width - Number(full.start_ms), 6);
    // Two of three places asked while one is taken: the wait is the same slot's (it keeps the window full).
    const two = await claim(p.id, width, 3, 2);
    expect(two.admitted).toBe(0);
    expect(Number(two.wait_ms)).toBeCloseTo((oldest + 1) * QUANTUM_MS + width - Number(two.start_ms), 6);
    await new Promise((r) => setTimeout(r, Number(two.wait_ms) + 5));
    const after = await claim(p.id, width, 3, 3);
    // The slot of two has left; the later start still counts.
    expect(after.admitted).toBe(2);
    const w = await windowOf(p.id);
    expect(Number(w.slot)).toBeGreaterThan(oldest);
    expect(w.counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(w.counts[w.counts.length - 1]).toBe(2);
    expect(Number(w.slot) + w.counts.length - 1).toBe(slotOf(Number(after.start_ms)));
  });

  it('a slot whose end plus the width has passed no longer counts; one whose end plus the width is still ahead counts in full', async () => {
    const p = await ctx.newProject('slots-boundary');
    const width = 1_000;
    const now = await dbNowMs();
    // Slot `dead` ended more than `width` ago (by 2 slots); slot `live` ends, plus the width, ~3 s from now
    // (the claim below comes before it, on a busy machine too).
    const dead = slotOf(now - width) - 3;
    const live = slotOf(now - width) + 600;
    await setWindow(p.id, dead, [4, ...Array<number>(live - dead - 1).fill(0), 1]);
    const c = await claim(p.id, width, 5, 5);
    expect(c.admitted).toBe(4);
    expect(Number(c.wait_ms)).toBeCloseTo((live + 1) * QUANTUM_MS + width - Number(c.start_ms), 6);
  });

  it('release_send_starts gives back up to n starts in the slot of start_ms, never below zero, and nothing for a start outside the window', async () => {
    const p = await ctx.newProject('slots-release');
    const width = 60_000;
    const first = await claim(p.id, width, 3, 3);
    expect(first.admitted).toBe(3);
    const startMs = Number(first.start_ms);
    await release(p.id, startMs - 10 * width, 1);
    await release(p.id, startMs + 10 * width, 1);
    expect((await claim(p.id, width, 3, 1)).admitted).toBe(0);
    await release(p.id, startMs, 2);
    expect((await claim(p.id, width, 3, 3)).admitted).toBe(2);
    await release(p.id, startMs, 10);
    // That slot is empty, not negative (what the claims since put in later slots stays).
    const w = await windowOf(p.id);
    expect(w.counts.every((c) => c >= 0)).toBe(true);
    expect(w.counts[slotOf(startMs) - Number(w.slot)] ?? 0).toBe(0);
  });

  it('the window keeps one count per slot of the last width only: after claims over many widths it holds at most width / quantum + 2 slots and only the starts of those', async () => {
    const p = await ctx.newProject('slots-bounded');
    const width = 50;
    const starts: number[] = [];
    const until = Date.now() + 400;
    while (Date.now() < until) {
      const c = await claim(p.id, width, 1_000, 1);
      expect(c.admitted).toBe(1);
      starts.push(Number(c.start_ms));
      await new Promise((r) => setTimeout(r, 3));
    }
    const w = await windowOf(p.id);
    expect(w.counts.length).toBeLessThanOrEqual(width / QUANTUM_MS + 2);
    const base = Number(w.slot);
    expect(w.counts.reduce((a, b) => a + b, 0)).toBe(starts.filter((t) => slotOf(t) >= base).length);
  });
});
