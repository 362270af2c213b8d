import { Migration } from '@mikro-orm/migrations';
import { AUTOMATION_RULE_SQL } from '../automation-start-rule.js';

/**
 * The trigger on `events` writes its inbox rows without the row_number() window and ORDER BY it had
 * (db/automation-start-rule.ts says why the order is kept without them): their Sort and WindowAgg
 * were ~0.04 ms of every track statement's execution (bench/RESULTS.md, track-cpu). The rule itself
 * (which events get an inbox row) is unchanged.
 */
export class Migration20261206110000_inbox_trigger_unsorted extends Migration {
  override async up(): Promise<void> {
    this.addSql(AUTOMATION_RULE_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`
create or replace function automation_inbox_on_event() returns trigger language plpgsql as $$
begin
  insert into automation_inbox (event_id, project_id, contact_id, name, data, public_key)
  select n.id, n.project_id, n.contact_id, n.name, n.data, n.public_key
  from (select e.*, row_number() over () as seq from inserted_events e where e.contact_id is not null) n
  where exists (select 1 from automation_start_workflows(n.project_id, n.name, n.public_key))
    or exists (select 1 from automation_waiting_executions(n.project_id, n.contact_id, n.name))
  order by n.seq;
  return null;
end $$;`);
  }
}

/** sha256 of the AUTOMATION_RULE_SQL this migration installed (test/automation-start-rule.test.ts: a changed rule needs a migration). */
export const AUTOMATION_RULE_CHECKSUM = 'efa3a96b898bf03945e0894046c3ca65e52b8b7b5c186cbe54ea969fc6b2aceb';
