import { Migration } from '@mikro-orm/migrations';
import { executionFenceSql } from '../execution-fence.js';

/**
 * fence_execution_mails (Migration20261201100000) finds the group's rows through their primary keys
 * whatever the tables' size was when its session first ran it.
 *  - Its email records by `e.id = any(p_emails)`: it joined `emails` to `unnest(p_emails, ...)`
 *    with `e.project_id = p_project` the only condition on `emails` an index could serve, and every
 *    fence of an automation burst read every email record of the project (a Bitmap Heap Scan of
 *    emails_project_message_id_idx: 1,400 rows, and as many loops over the unnest, for a group of
 *    2 mails at 2,000 sign-ups; bench/RESULTS.md, auto-pg): a fence's cost grew with the project's
 *    mail, a burst's with its square.
 *  - `plan_cache_mode = force_custom_plan`: PL/pgSQL keeps a generic plan per statement for the
 *    session's life once it looks no dearer than the first five custom ones; a worker's pooled
 *    connection that first fenced while a fresh database's tables were a page or two kept the
 *    Sequential Scans that were cheapest then (test/automation-batch-plans.test.ts). Planned per
 *    call with the call's arrays, the probes of the keys are chosen at any size (a few small plans
 *    per group of mails).
 * Nothing else changes: same signature, same locks in the same order, same answer.
 */
export class Migration20261203200000_execution_fence_by_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(executionFenceSql(true));
  }

  override async down(): Promise<void> {
    this.addSql(executionFenceSql(false));
  }
}
