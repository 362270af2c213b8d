import { Migration } from '@mikro-orm/migrations';

/**
 * The API rate limit as a sliding window: per key (`<projectId>:<budget>`, budgets secret, public
 * and webhook) the hits of each 5-second bucket, shared by every API process
 * (api/middleware/rate-limit.ts). Replaces the clock-minute counts of api_rate_windows.
 */
export class Migration20261124090100_rate_buckets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table if not exists api_rate_buckets (
  key text not null,
  bucket_start bigint not null,
  count integer not null,
  primary key (key, bucket_start)
);`);
    this.addSql(`drop table if exists api_rate_windows;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists api_rate_buckets;`);
    this.addSql(`
create table if not exists api_rate_windows (
  project_id uuid not null,
  window_start bigint not null,
  count integer not null,
  primary key (project_id, window_start)
);`);
  }
}
