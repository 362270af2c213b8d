import { Migration } from '@mikro-orm/migrations';

/**
 * The second half of pacing (api/services/pacing.ts): the start times of a project's recent sends,
 * and one function that admits a send only while the sliding window has room. One call is one
 * short transaction: the bucket row is locked for microseconds, never across an SMTP call.
 */
export class Migration20261123140000_send_starts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table send_rate_buckets add column if not exists recent_starts double precision[] not null default '{}';`);
    this.addSql(`
create or replace function claim_send_start(p_project uuid, p_width_ms double precision, p_max integer,
                                            out wait_ms double precision, out start_ms double precision)
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
  if n >= p_max then
    -- full: come back when the oldest start that keeps it full has left the window
    wait_ms := starts[n - p_max + 1] + p_width_ms - now_ms;
    start_ms := null;
  else
    wait_ms := 0;
    start_ms := now_ms;
    starts := starts || now_ms;
  end if;
  update send_rate_buckets set recent_starts = starts where project_id = p_project;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists claim_send_start(uuid, double precision, integer);`);
    this.addSql(`alter table send_rate_buckets drop column if exists recent_starts;`);
  }
}
