import { Migration } from '@mikro-orm/migrations';

/**
 * When a delivery workflow was started for an email. The sweeper only starts workflows for QUEUED
 * rows without one (the API died, or Temporal was down), not for rows that merely wait their turn
 * behind a slow project's backlog.
 */
export class Migration20261123170000_dispatched extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table emails add column if not exists dispatched_at timestamptz;`);
    this.addSql(`update emails set dispatched_at = created_at where status <> 'QUEUED';`);
    this.addSql(`create index if not exists emails_undispatched_idx on emails(created_at) where status = 'QUEUED' and dispatched_at is null and campaign_id is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists emails_undispatched_idx;`);
    this.addSql(`alter table emails drop column if exists dispatched_at;`);
  }
}
