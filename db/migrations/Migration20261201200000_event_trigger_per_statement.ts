import { Migration } from '@mikro-orm/migrations';
import { AUTOMATION_RULE_SQL } from '../automation-start-rule.js';

/**
 * The trigger on `events` that writes automation inbox rows runs once per statement over the rows
 * it inserted (a transition table) instead of once per row: the rule itself (which workflows
 * start, which executions wake: db/automation-start-rule.ts) is unchanged.
 */
export class Migration20261201200000_event_trigger_per_statement extends Migration {
  override async up(): Promise<void> {
    this.addSql(AUTOMATION_RULE_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`
create or replace function automation_inbox_on_event() returns trigger language plpgsql as $$
begin
  if new.contact_id is not null and (
    exists (select 1 from automation_start_workflows(new.project_id, new.name, new.public_key))
    or exists (select 1 from automation_waiting_executions(new.project_id, new.contact_id, new.name))
  ) then
    insert into automation_inbox (event_id, project_id, contact_id, name, data, public_key)
    values (new.id, new.project_id, new.contact_id, new.name, new.data, new.public_key);
  end if;
  return null;
end $$;`);
    this.addSql(`drop trigger if exists events_automation_inbox on events;`);
    this.addSql(`create trigger events_automation_inbox after insert on events for each row execute function automation_inbox_on_event();`);
  }
}

/** sha256 of the AUTOMATION_RULE_SQL this migration installed (test/automation-start-rule.test.ts: a changed rule needs a migration). */
export const AUTOMATION_RULE_CHECKSUM = 'abb65244d932cecc36725d5768c8a29b4c4fbc382845101589e44d8e15cb1f41';
