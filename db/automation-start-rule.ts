import { createHash } from 'node:crypto';

/*
 * The rule that turns a recorded event into automation work, in one place: which workflows an
 * event starts, and which executions it wakes. It is SQL functions, because two parties apply it:
 *  - the trigger on `events` (installed here too), in the transaction that records the event, so
 *    every event source reaches automations without knowing about them, and an event committed is
 *    never a start lost; it writes an inbox row only when the rule finds work for the event;
 *  - the dispatcher (dispatch.ts), which turns inbox rows into executions and signals, calling
 *    the same functions for each row.
 * Both call these functions, so they cannot disagree (before, the trigger had its own copy without
 * the project and public-key conditions, and the dispatcher dropped what the trigger let through).
 *
 * Installed by a migration (Migration20261127100000_automation_start_rule, again by
 * Migration20261201200000_event_trigger_per_statement and Migration20261206110000_inbox_trigger_unsorted). Changing the rule
 * means a new migration that runs AUTOMATION_RULE_SQL again and records its checksum
 * (AUTOMATION_RULE_CHECKSUM): test/automation-start-rule.test.ts fails until there is one.
 */

/*
 * Starts from events a public key recorded: a public key ships in browsers and apps, so whoever
 * holds it can track any event for any address: a workflow whose trigger event can be tracked
 * and whose steps SEND_EMAIL lets that holder make the project mail any address. Plunk's sign-up
 * flows rely on exactly this (track `signup` from the browser, the workflow sends the welcome
 * mail), so it stays allowed by default; a workflow with `allowPublicKeyTrigger: false` starts
 * only from events recorded otherwise (the secret key, the service's own events). The event row
 * says whether a public key recorded it (`events.public_key`, set by /v1/track).
 */

/**
 * - `automation_start_workflows(project, name, public_key)`: the enabled workflows of a live
 *   (not disabled) project whose trigger is the event's name; a workflow with
 *   allow_public_key_trigger false is not started by an event a public key recorded (above).
 * - `automation_waiting_executions(project, contact, name)`: the contact's executions WAITING for
 *   an event of that name (WAIT_FOR_EVENT).
 * - the trigger: an inbox row for an event of a contact when either finds something. One call
 *   per statement, over the rows it inserted (a transition table), set-based: a batch of outcomes
 *   writes up to 200 `email.*` events in one statement, and a call per row (plpgsql, two
 *   queries) was ~0.1 ms of PostgreSQL CPU per campaign message (bench/RESULTS.md). The inbox
 *   rows keep the order the statement inserted the events in: the plan is a scan of the transition
 *   table (in insertion order) with a filter, the two EXISTS stay subplans (under OR the planner
 *   cannot turn them into joins), so nothing reorders the rows. It had a row_number() window and an
 *   ORDER BY to say so; their Sort and WindowAgg were ~0.04 ms of every track statement's
 *   ~0.2-0.3 ms (bench/RESULTS.md, track-cpu).
 */
export const AUTOMATION_RULE_SQL = `
create or replace function automation_start_workflows(p_project uuid, p_name text, p_public_key boolean)
returns table (workflow_id uuid) language sql stable as $$
  select w.id from workflows w join projects p on p.id = w.project_id
  where w.project_id = p_project and w.trigger_event = p_name and w.enabled and not p.disabled
    and (w.allow_public_key_trigger or not p_public_key)
  order by w.id
$$;
create or replace function automation_waiting_executions(p_project uuid, p_contact uuid, p_name text)
returns table (workflow_id uuid, contact_id uuid, seq integer) language sql stable as $$
  select x.workflow_id, x.contact_id, x.seq from workflow_executions x
  where x.project_id = p_project and x.contact_id = p_contact and x.waiting_for = p_name and x.status = 'WAITING'
$$;
create or replace function automation_inbox_on_event() returns trigger language plpgsql as $$
begin
  insert into automation_inbox (event_id, project_id, contact_id, name, data, public_key)
  select n.id, n.project_id, n.contact_id, n.name, n.data, n.public_key
  from inserted_events n
  where n.contact_id is not null
    and (exists (select 1 from automation_start_workflows(n.project_id, n.name, n.public_key))
      or exists (select 1 from automation_waiting_executions(n.project_id, n.contact_id, n.name)));
  return null;
end $$;
drop trigger if exists events_automation_inbox on events;
create trigger events_automation_inbox after insert on events referencing new table as inserted_events
  for each statement execute function automation_inbox_on_event();`;

/** sha256 of AUTOMATION_RULE_SQL: what the latest rule migration installed. */
export const automationRuleChecksum = () => createHash('sha256').update(AUTOMATION_RULE_SQL).digest('hex');
