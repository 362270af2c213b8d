/**
 * fence_execution_mails, the hand-off fence of automation mails (activities/automation-emails.ts):
 * the mails' executions share-locked while RUNNING (a cancel's update waits for it), their email
 * records locked while QUEUED or SENDING, the first `p_admitted` of them SENDING with their attempt
 * counted, the others answered waiting. Installed by Migration20261201100000_pacing_slots and
 * redefined by the migrations after it, each with its own arguments (a migration's SQL never
 * changes once shipped):
 *  - `byKey`: the records also found by `e.id = any(p_emails)`, and the function planned per call
 *    (Migration20261203200000_execution_fence_by_key);
 *  - `projectCheck`: how a record's project is checked; `is not distinct from` is served by no
 *    index, so the records are found by their primary key alone
 *    (Migration20261205100000_execution_fence_pk_only).
 */
export function executionFenceSql(byKey: boolean, projectCheck = 'e.project_id = p_project'): string {
  return `
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
    where ${byKey ? 'e.id = any(p_emails) and ' : ''}m.execution_id = any(live) and ${projectCheck} and e.status in ('QUEUED', 'SENDING')
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
}
