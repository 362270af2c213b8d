import { Migration } from '@mikro-orm/migrations';

/** The API rate limit's per-project minute counts, shared by every API process (api/middleware/rate-limit.ts). */
export class Migration20261123150000_rate_windows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table if not exists api_rate_windows (
  project_id uuid not null,
  window_start bigint not null,
  count integer not null,
  primary key (project_id, window_start)
);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists api_rate_windows;`);
  }
}
