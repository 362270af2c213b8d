import { Migration } from '@mikro-orm/migrations';

/**
 * The batch whose Temporal workflow runs an execution's first steps (core/automations/dispatch.ts),
 * written with the execution's pass: a restart of undispatched executions starts the same batch.
 */
export class Migration20261128100000_execution_batches extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table workflow_executions add column if not exists batch_id text;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table workflow_executions drop column if exists batch_id;');
  }
}
