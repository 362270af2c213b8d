import { Migration } from '@mikro-orm/migrations';

/**
 * claim_send_starts: claim_send_start for up to `p_n` sends at once (the campaign sender groups
 * the sends that are ready into one round trip). Admits as many as the window has room for, all
 * at this instant. claim_send_start stays for processes still running the previous code.
 */
export class Migration20261125090000_send_starts_batch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function claim_send_starts(p_project uuid, p_width_ms double precision, p_max integer, p_n integer,
                                             out admitted integer, out wait_ms double precision, out start_ms double precision)
language plpgsql as $$
declare
  starts double precision[];
  now_ms double precision;
  n integer;
begin
  insert into send_rate_buckets (project_id, tokens) values (p_project, 1) on conflict (project_id) do nothing;
  select recent_starts into starts from send_rate_buckets where project_id = p_project for update;
  -- read after the lock: a caller that queued on the row sees the starts committed before it
  now_ms := extract(epoch from clock_timestamp()) * 1000;
  starts := array(select t from unnest(starts) t where t > now_ms - p_width_ms order by t);
  n := cardinality(starts);
  admitted := greatest(0, least(p_n, p_max - n));
  start_ms := now_ms;
  if admitted > 0 then
    starts := starts || array_fill(now_ms, array[admitted]);
    n := n + admitted;
    update send_rate_buckets set recent_starts = starts where project_id = p_project;
  end if;
  -- the rest come back when the oldest start that keeps the window full has left it
  wait_ms := case when admitted < p_n then greatest(1, starts[n - p_max + 1] + p_width_ms - now_ms) else 0 end;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists claim_send_starts(uuid, double precision, integer, integer);`);
  }
}
