/*
 * The per-name event counters (event_names: GET /events/names, the events list's total). Every
 * track call of a name adds to its counter in the statement that records the event, and the row
 * stays locked until that statement's commit is on disk: with one row per name, the calls of a
 * busy name (a burst of `signup`) queued behind each other's commits. Each name has up to
 * NAME_COUNT_SHARDS rows instead, one picked at random per recorded name, and readers sum them.
 */
export const NAME_COUNT_SHARDS = 8;

/**
 * The counter upsert for `rows`, a select of (project_id, name, count, last_seen_at), as one
 * statement or CTE body. Rows are locked in name order, so two statements never wait for each
 * other in a cycle.
 */
export function countEventNamesSql(rows: string): string {
  return `insert into event_names as n (project_id, name, shard, count, last_seen_at)
  select r.project_id, r.name, floor(random() * ${NAME_COUNT_SHARDS})::smallint, r.count, r.last_seen_at from (${rows}) r order by r.name
  on conflict (project_id, name, shard) do update set count = n.count + excluded.count, last_seen_at = greatest(n.last_seen_at, excluded.last_seen_at)`;
}
