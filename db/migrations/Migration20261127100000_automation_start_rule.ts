import { Migration } from '@mikro-orm/migrations';
import { AUTOMATION_RULE_SQL } from '../automation-start-rule.js';

/**
 * The rule that turns an event into automation starts and WAIT_FOR_EVENT wake-ups, as the SQL
 * functions of db/automation-start-rule.ts, called by both the trigger on `events` (replaced
 * here: it had its own copy of the rule) and the dispatcher. The inbox keeps whether a public key
 * recorded the event, so the dispatcher applies the rule from the row alone.
 */
export class Migration20261127100000_automation_start_rule extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table automation_inbox add column if not exists public_key boolean not null default false;`);
    this.addSql(AUTOMATION_RULE_SQL);
  }

  override async down(): Promise<void> {
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
    this.addSql(`drop function if exists automation_waiting_executions(uuid, uuid, text);`);
    this.addSql(`drop function if exists automation_start_workflows(uuid, text, boolean);`);
    this.addSql(`alter table automation_inbox drop column if exists public_key;`);
  }
}

/** sha256 of the AUTOMATION_RULE_SQL this migration installed (test/automation-start-rule.test.ts: a changed rule needs a migration). */
export const AUTOMATION_RULE_CHECKSUM = 'bd4edb1f0f89f3788d4db70b44868fee21b856668a7aebc0d3f0326996afe7aa';
