import { Migration } from '@mikro-orm/migrations';
import { executionFenceSql } from '../execution-fence.js';

/**
 * fence_execution_mails (Migration20261203200000) with its project check out of the index's reach.
 * Planned per call, `e.id = any(p_emails) and e.project_id = p_project` still let the planner AND
 * two bitmaps: the primary key's few entries and emails_project_message_id_idx's prefix, i.e.
 * every email record of the project (statistics a burst has outgrown call the prefix cheap). In a
 * burst of 2,000 sign-ups that index was scanned 143 times for 337,000 entries: 168 per mail, the
 * "emails rows read" no plan in the log explained (bench/RESULTS.md). `is not distinct from` is
 * no operator an index serves, so the records are found by their primary key alone and the
 * project is checked on the row. Same signature, same locks in the same order, same answer.
 */
export class Migration20261205100000_execution_fence_pk_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(executionFenceSql(true, 'e.project_id is not distinct from p_project'));
  }

  override async down(): Promise<void> {
    this.addSql(executionFenceSql(true));
  }
}
