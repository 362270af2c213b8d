import { Migration } from '@mikro-orm/migrations';

/**
 * admit_execution_mails: the hand-off fence of automation mails (SEND_EMAIL steps of batch
 * activities, activities/automation-emails.ts) and the project's pacing window for a group of mails
 * whose SMTP connections are in hand, in one statement, as admit_campaign_hand_offs does for a
 * campaign's rows. In this order, so two groups never wait for each other in a cycle:
 *  1. the mails' executions locked FOR SHARE, only while RUNNING, in id order (a cancel's status
 *     update waits for the lock; once the cancel has answered no later group passes);
 *  2. their email records still QUEUED or SENDING, locked in id order;
 *  3. as many starts of the sliding window as there are such records (claim_send_starts: the
 *     window's row locked last); the first `admitted` records in id order are marked SENDING with
 *     their attempt counted and returned with `attempts`, the others with null (the window is full:
 *     they come back after wait_ms).
 * A mail in neither (its execution no longer RUNNING, its record final) is refused: that mail only.
 * The caller's transaction stays open until the admitted mails' MAIL FROM are written: the
 * window's starts become visible to other claimers with the hand-offs, and a rollback (a start that
 * arrived too late, a batch activity cancelled) takes back starts and attempts alike.
 */
export class Migration20261130100000_execution_mail_admit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function admit_execution_mails(p_project uuid, p_width_ms double precision, p_max integer,
                                                 p_emails uuid[], p_executions uuid[])
returns table(email_id uuid, attempts integer, start_ms double precision, wait_ms double precision)
language plpgsql as $$
declare
  live uuid[];
  fenced uuid[];
  s record;
begin
  select array_agg(x.id order by x.id) into live from (
    select x.id from workflow_executions x
    where x.id = any(p_executions) and x.status = 'RUNNING'
    order by x.id for share of x) x;
  if live is null then
    return;
  end if;
  select array_agg(q.id order by q.id) into fenced from (
    select e.id from emails e
    join unnest(p_emails, p_executions) as m(email_id, execution_id) on m.email_id = e.id
    where m.execution_id = any(live) and e.project_id = p_project and e.status in ('QUEUED', 'SENDING')
    order by e.id for no key update of e) q;
  if fenced is null then
    return;
  end if;
  select * into s from claim_send_starts(p_project, p_width_ms, p_max, cardinality(fenced));
  return query
    update emails e set status = 'SENDING', attempts = e.attempts + 1, updated_at = now()
    where e.id = any(fenced[1:s.admitted])
    returning e.id, e.attempts, s.start_ms, s.wait_ms;
  return query select w, null::integer, s.start_ms, s.wait_ms from unnest(fenced[s.admitted + 1:]) w;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists admit_execution_mails(uuid, double precision, integer, uuid[], uuid[]);');
  }
}
