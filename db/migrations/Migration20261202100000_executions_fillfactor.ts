import { Migration } from '@mikro-orm/migrations';

/**
 * workflow_executions and workflow_execution_steps pages keep room for updates (fillfactor 50),
 * as campaign_recipients (Migration20261201200100). An execution of a batch is updated four
 * times after its insert (its batch id, dispatched, its current step, its final status); the batch
 * id and the current step change no indexed column (status stays RUNNING: the waiting index's
 * predicate column keeps its value), so with room on the row's page they are HOT updates, with no
 * new entry in any of the table's five indexes. A step record's RUNNING -> COMPLETED upsert changes
 * no indexed column either. At the default fillfactor (100) a page filled by a burst's inserts has
 * no room for them. New pages only: existing rows stay where they are.
 */
export class Migration20261202100000_executions_fillfactor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table workflow_executions set (fillfactor = 50);`);
    this.addSql(`alter table workflow_execution_steps set (fillfactor = 50);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table workflow_executions reset (fillfactor);`);
    this.addSql(`alter table workflow_execution_steps reset (fillfactor);`);
  }
}
