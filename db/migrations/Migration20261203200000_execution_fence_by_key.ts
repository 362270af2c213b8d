import { Migration } from '@mikro-orm/migrations';

/**
 * fence_execution_mails (Migration20261201100000) finds the group's rows through their primary keys
 * whatever the tables' size was when its session first ran it.
 *  - Its email records by `e.id = any(p_emails)`: it joined `emails` to `unnest(p_emails, ...)`
 *    with `e.project_id = p_project` the only condition on `emails` an index could serve, and every
 *    fence of an automation burst read every email record of the project (a Bitmap Heap Scan of
 *    emails_project_message_id_idx: 1,400 rows, and as many loops over the unnest, for a group of
 *    2 mails at 2,000 sign-ups; bench/RESULTS.md, auto-pg): a fence's cost grew with the project's
 *    mail, a burst's with its square.
 *  - `plan_cache_mode = force_custom_plan`: PL/pgSQL keeps a generic plan per statement for the
 *    session's life once it looks no dearer than the first five custom ones; a worker's pooled
 *    connection that first fenced while a fresh database's tables were a page or two kept the
 *    Sequential Scans that were cheapest then (test/automation-batch-plans.test.ts). Planned per
 *    call with the call's arrays, the probes of the keys are chosen at any size (a few small plans
 *    per group of mails).
 * Nothing else changes: same signature, same locks in the same order, same answer.
 */
const fence = (byKey: boolean) => `
create or replace function fence_execution_mails(p_project uuid, p_emails uuid[], p_executions uuid[], p_admitted integer)
returns table(email_id uuid, attempts integer)
language plpgsql${byKey ? ' set plan_cache_mode = force_custom_plan' : ''} as $$
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
  -- 2. their email records still QUEUED or SENDING, locked in id order${byKey ? ' (found by their primary key)' : ''}
  select array_agg(q.id order by q.id) into fenced from (
    select e.id from emails e
    join unnest(p_emails, p_executions) as m(email_id, execution_id) on m.email_id = e.id
    where ${byKey ? 'e.id = any(p_emails) and ' : ''}m.execution_id = any(live) and e.project_id = p_project and e.status in ('QUEUED', 'SENDING')
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

export class Migration20261203200000_execution_fence_by_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(fence(true));
  }

  override async down(): Promise<void> {
    this.addSql(fence(false));
  }
}
