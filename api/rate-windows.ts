import type { MikroORM } from '@mikro-orm/postgresql';
import type { RateWindowSync } from './middleware/rate-limit.js';
import { sqlRows, sqlRun } from '../db/sql.js';

// One statement for the whole batch: add the new hits of each bucket, and read back every bucket of
// those keys still in the window (all processes). `added` rows are returned as written; the second
// part sees the snapshot before them, so it skips what `added` returns.
const SYNC_SQL = `
with hits as (
  select h.key, h.bucket_start, h.count from jsonb_to_recordset(?::jsonb) as h(key text, bucket_start bigint, count int)
), added as (
  insert into api_rate_buckets as w (key, bucket_start, count)
  select key, bucket_start, count from hits where count > 0
  on conflict (key, bucket_start) do update set count = w.count + excluded.count
  returning key, bucket_start, count
)
select key, bucket_start, count from added
union all
select w.key, w.bucket_start, w.count from api_rate_buckets w
where w.key in (select key from hits) and w.bucket_start > ?
  and not exists (select 1 from added a where a.key = w.key and a.bucket_start = w.bucket_start)`;

/** The shared store of the API rate limit: table api_rate_buckets, old buckets pruned as it goes. */
export function rateWindowStore(orm: MikroORM): RateWindowSync {
  let prunedAt = 0;
  return async (hits, since) => {
    const rows = await sqlRows<{ key: string; bucket_start: string; count: number }>(orm.em, SYNC_SQL, [
      JSON.stringify(hits.map((h) => ({ key: h.key, bucket_start: h.bucketStart, count: h.count }))),
      since,
    ]);
    const now = Date.now();
    if (now - prunedAt > 60_000) {
      prunedAt = now;
      // Housekeeping only: a failure here must not make the caller count the hits again.
      await sqlRun(orm.em, 'delete from api_rate_buckets where bucket_start < ?', [now - 3 * 60_000]).catch(() => {});
    }
    return rows.map((r) => ({ key: r.key, bucketStart: Number(r.bucket_start), total: Number(r.count) }));
  };
}
