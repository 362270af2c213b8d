import { Migration } from '@mikro-orm/migrations';

/**
 * release_send_starts: takes back up to `p_n` admitted starts at `p_start_ms` that were never
 * handed to the SMTP server (a start that reached its hand-off too late is claimed again, see
 * core/pacing.ts STALE_START_MS). Without it such a start would hold its place in the window for
 * a whole window width: a lost slot.
 */
export class Migration20261125100000_release_send_starts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function release_send_starts(p_project uuid, p_start_ms double precision, p_n integer)
returns void language sql as $$
  update send_rate_buckets b
     set recent_starts = array(
       select t from (select t, row_number() over (partition by t) as k from unnest(b.recent_starts) t) x
        where not (t = p_start_ms and k <= p_n)
        order by t)
   where b.project_id = p_project and p_start_ms = any (b.recent_starts);
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists release_send_starts(uuid, double precision, integer);`);
  }
}
