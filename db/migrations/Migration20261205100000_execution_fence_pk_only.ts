import { Migration } from '@mikro-orm/migrations';

/**
 * fence_execution_mails (Migration20261203200000) with its project check out of the index's reach.
 * Planned per call, `e.id = any(p_emails) and e.project_id = p_project` still let the planner AND
 * two bitmaps: the primary key's few entries and emails_project_message_id_idx's prefix, i.e.
 * every email record of the project (statistics a burst has outgrown call the prefix cheap). In a
 * burst of 2,000 sign-ups that index was scanned 143 times for 337,000 entries: 168 per mail, the
 * "emails rows read" no plan in the log explained (bench/RESULTS.md). `is not distinct from` is
 * no operator an index serves, so the records are found by their primary key alone and the
 * project is checked on the row. Same signature, same locks in the same order, same answer.
 */
const fence = (projectCheck: string) => `
create or replace function fence_execution_mails(p_project uuid, p_emails uuid[], p_executions uuid[], p_admitted integer)
returns table(email_id uuid, attempts integer)
language plpgsql set plan_cache_mode = force_custom_plan as $$
declare
  live uuid[];
  fenced uuid[];
begin
  -- 1. the mails' executions FOR SHARE, only while RUNNING, in id order (a cancel's update waits for it)
  select array_agg(x.id order by x.id) into live from (
    select x.id from workflow_executions x
    where x.id = any(p_executions) and x.status = 'RUNNING'
    order by x.id for share of x) x;
  if live is null then
    return;
  end if;
  -- 2. their email records still QUEUED or SENDING, locked in id order (found by their primary key only)
  select array_agg(q.id order by q.id) into fenced from (
    select e.id from emails e
    join unnest(p_emails, p_executions) as m(email_id, execution_id) on m.email_id = e.id
    where e.id = any(p_emails) and m.execution_id = any(live) and ${projectCheck} and e.status in ('QUEUED', 'SENDING')
    order by e.id for no key update of e) q;
  if fenced is null then
    return;
  end if;
  -- 3. the first p_admitted records (the starts the caller holds) SENDING with their attempt counted; the others wait
  return query
    update emails e set status = 'SENDING', attempts = e.attempts + 1, updated_at = now()
    where e.id = any(fenced[1:greatest(0, p_admitted)])
    returning e.id, e.attempts;
  return query select w, null::integer from unnest(fenced[greatest(0, p_admitted) + 1:]) w;
end $$;`;

export class Migration20261205100000_execution_fence_pk_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(fence('e.project_id is not distinct from p_project'));
  }

  override async down(): Promise<void> {
    this.addSql(fence('e.project_id = p_project'));
  }
}
