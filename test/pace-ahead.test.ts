import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupPacer, tokensTakenAhead } from '../activities/delivery/pace.js';
import { pacingFor } from '../core/pacing.js';
import { sqlFirst } from '../db/sql.js';
import { setupTestContext, type TestContext } from './helpers.js';

/*
 * A delivery run's reservations (activities/delivery/pace.ts, groupPacer): one take of the
 * project's token bucket serves the callers asking at that moment and the next TAKE_AHEAD_MS of
 * slots, so at a high rate most reservations need no round trip. Observed on the bucket's row: a
 * take moves its updated_at, a reservation served from what was taken ahead leaves it alone.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

/** Outside an activity: a plain timer (the run passes its activities' cancellable sleep). */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bucket row as text: any take changes it (updated_at moves, or at least the balance does). */
const bucketRow = async (projectId: string) =>
  (await sqlFirst<{ row: string }>(ctx.orm.em.fork(), `select (tokens, updated_at)::text as row from send_rate_buckets where project_id = ?`, [projectId]))?.row;

describe('groupPacer (tokens taken ahead)', () => {
  it('at 1,000/s the first reservation takes the bucket for itself and the next tokensTakenAhead ones: those leave the bucket row unchanged, the one after them takes again', async () => {
    const p = await ctx.newProject('pace-ahead');
    const pacing = pacingFor(1000);
    const ahead = tokensTakenAhead(pacing.reserveRate);
    expect(ahead).toBeGreaterThanOrEqual(10);
    const pacer = groupPacer(ctx.orm.em.fork(), p.id, pacing);
    await pacer.reserve(pause);
    const afterFirst = await bucketRow(p.id);
    expect(afterFirst).toBeDefined();
    for (let i = 0; i < ahead; i++) await pacer.reserve(pause);
    expect(await bucketRow(p.id)).toBe(afterFirst);
    await pacer.reserve(pause);
    expect(await bucketRow(p.id)).not.toBe(afterFirst);
  });

  it('at the default 14/s nothing is taken ahead: every reservation takes the bucket', async () => {
    const p = await ctx.newProject('pace-default');
    const pacing = pacingFor(14);
    expect(tokensTakenAhead(pacing.reserveRate)).toBe(0);
    const pacer = groupPacer(ctx.orm.em.fork(), p.id, pacing);
    await pacer.reserve(pause);
    const afterFirst = await bucketRow(p.id);
    await pacer.reserve(pause);
    expect(await bucketRow(p.id)).not.toBe(afterFirst);
  });
});
