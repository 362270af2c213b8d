import { Migration } from '@mikro-orm/migrations';

/**
 * A batch's head (core/automations/dispatch.ts, planBatches): the one execution of a batch whose
 * `dispatched_at` records the batch's Temporal start, with the batch's execution ids. Its other
 * executions are written dispatched with their row (their start is the head's), so a batch's start
 * is marked by one update, not one of every execution (issue 20); restartUndispatched starts an
 * undispatched head's batch again with these ids.
 */
export class Migration20261206100000_execution_batch_heads extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table workflow_executions add column if not exists batch_members uuid[];');
  }

  override async down(): Promise<void> {
    this.addSql('alter table workflow_executions drop column if exists batch_members;');
  }
}
