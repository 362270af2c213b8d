import { Migration } from '@mikro-orm/migrations';

/**
 * Automation workflows: the definition (a row per workflow, one per stored version of its graph),
 * the executions mirrored from Temporal with their step records, and the inbox that turns recorded
 * events into execution starts and WAIT_FOR_EVENT signals.
 *
 * The inbox is filled by a trigger on `events`, in the transaction that records the event, so every
 * event source (track, delivery, engagement, bounces, segments...) reaches automations without any
 * of them knowing about it, and an event committed is never an automation start lost. The trigger
 * only writes a row when an enabled workflow listens for that name or an execution of that contact
 * waits for it: two index probes on small tables for every other event. (No NOTIFY: PostgreSQL
 * serializes the commits of notifying transactions, which would throttle /v1/track; the
 * dispatchers poll the small inbox instead.)
 */
export class Migration20261124120000_automations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table if not exists workflows (
  id uuid primary key,
  project_id uuid not null,
  name text not null,
  description text,
  enabled boolean not null default false,
  allow_reentry boolean not null default false,
  version integer not null,
  trigger_event text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);`);
    this.addSql(`create index if not exists workflows_project_idx on workflows (project_id, id desc);`);
    this.addSql(`create index if not exists workflows_trigger_idx on workflows (project_id, trigger_event) where enabled;`);
    this.addSql(`
create table if not exists workflow_versions (
  workflow_id uuid not null references workflows (id) on delete cascade,
  version integer not null,
  trigger jsonb not null,
  steps jsonb not null,
  created_at timestamptz not null default now(),
  primary key (workflow_id, version)
);`);
    this.addSql(`
create table if not exists workflow_executions (
  id uuid primary key,
  project_id uuid not null,
  workflow_id uuid not null references workflows (id) on delete cascade,
  version integer not null,
  contact_id uuid not null,
  seq integer not null,
  status text not null,
  current_step text,
  waiting_for text,
  trigger_event_id uuid,
  trigger_data jsonb not null default '{}',
  exit_reason text,
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  -- When its Temporal workflow was started; null: not yet (the dispatcher retries those).
  dispatched_at timestamptz,
  unique (workflow_id, contact_id, seq)
);`);
    this.addSql(`create index if not exists workflow_executions_list_idx on workflow_executions (workflow_id, id desc);`);
    this.addSql(`create index if not exists workflow_executions_undispatched_idx on workflow_executions (started_at) where dispatched_at is null;`);
    this.addSql(`create index if not exists workflow_executions_waiting_idx on workflow_executions (project_id, contact_id, waiting_for) where status = 'WAITING';`);
    this.addSql(`
create table if not exists workflow_execution_steps (
  id uuid primary key,
  execution_id uuid not null references workflow_executions (id) on delete cascade,
  idx integer not null,
  step_id text not null,
  type text not null,
  status text not null,
  output jsonb,
  error text,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (execution_id, idx)
);`);
    this.addSql(`
create table if not exists automation_inbox (
  id bigserial primary key,
  event_id uuid not null,
  project_id uuid not null,
  contact_id uuid not null,
  name text not null,
  data jsonb not null default '{}',
  created_at timestamptz not null default now()
);`);
    this.addSql(`
create or replace function automation_inbox_on_event() returns trigger language plpgsql as $$
begin
  if new.contact_id is not null and (
    exists (select 1 from workflows w where w.project_id = new.project_id and w.trigger_event = new.name and w.enabled)
    or exists (select 1 from workflow_executions x where x.project_id = new.project_id and x.contact_id = new.contact_id
               and x.waiting_for = new.name and x.status = 'WAITING')
  ) then
    insert into automation_inbox (event_id, project_id, contact_id, name, data) values (new.id, new.project_id, new.contact_id, new.name, new.data);
  end if;
  return null;
end $$;`);
    this.addSql(`drop trigger if exists events_automation_inbox on events;`);
    this.addSql(`create trigger events_automation_inbox after insert on events for each row execute function automation_inbox_on_event();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists events_automation_inbox on events;`);
    this.addSql(`drop function if exists automation_inbox_on_event();`);
    this.addSql(`drop table if exists automation_inbox;`);
    this.addSql(`drop table if exists workflow_execution_steps;`);
    this.addSql(`drop table if exists workflow_executions;`);
    this.addSql(`drop table if exists workflow_versions;`);
    this.addSql(`drop table if exists workflows;`);
  }
}
