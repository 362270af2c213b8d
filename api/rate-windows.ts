import type { MikroORM } from '@mikro-orm/postgresql';
import type { RateWindowSync } from './middleware/rate-limit.js';
import { sqlRows, sqlRun } from '../db/sql.js';

// One statement for the whole batch: add the new hits of each window, and read back the totals of
// all processes; windows without new hits are only read (no row version written for nothing).
const ADD_HITS_SQL = `
with hits as (
  select h.key, h.window_start, h.count from jsonb_to_recordset(?::jsonb) as h(key uuid, window_start bigint, count int)
), added as (
  insert into api_rate_windows as w (project_id, window_start, count)
  select key, window_start, count from hits where count > 0
  on conflict (project_id, window_start) do update set count = w.count + excluded.count
  returning project_id, window_start, count
)
select project_id, window_start, count from added
union all
select w.project_id, w.window_start, w.count
from hits h join api_rate_windows w on w.project_id = h.key and w.window_start = h.window_start
where h.count = 0`;

/** The shared store of the API rate limit: table api_rate_windows, old minutes pruned as it goes. */
export function rateWindowStore(orm: MikroORM): RateWindowSync {
  let prunedAt = 0;
  return async (hits) => {
    const rows = await sqlRows<{ project_id: string; window_start: string; count: number }>(orm.em, ADD_HITS_SQL, [
      JSON.stringify(hits.map((h) => ({ key: h.key, window_start: h.windowStart, count: h.count }))),
    ]);
    const now = Date.now();
    if (now - prunedAt > 60_000) {
      prunedAt = now;
      // Housekeeping only: a failure here must not make the caller count the hits again.
      await sqlRun(orm.em, 'delete from api_rate_windows where window_start < ?', [now - 2 * 60_000]).catch(() => {});
    }
    return rows.map((r) => ({ key: r.project_id, windowStart: Number(r.window_start), total: Number(r.count) }));
  };
}
