import { Migration } from '@mikro-orm/migrations';

/**
 * Bulk contact imports (core/imports/). `contact_imports` is one import: its options, status,
 * counters and the progress cursor (`cursor_line`: the last staged line whose batch committed).
 * `contact_import_rows` stages the uploaded file, one raw record per row, written by the API while
 * the body streams in and read by the worker batch by batch; its rows go when the import ends.
 */
export class Migration20261126160000_contact_imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table if not exists contact_imports (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  status text not null,
  format text not null,
  columns jsonb,
  options jsonb not null,
  rows_read integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  skipped integer not null default 0,
  invalid integer not null default 0,
  errors jsonb not null default '[]',
  cursor_line integer not null default 0,
  total_rows integer not null default 0,
  bytes bigint not null default 0,
  failure text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);`);
    this.addSql(`create index if not exists contact_imports_project_idx on contact_imports (project_id, id desc);`);
    this.addSql(`
create table if not exists contact_import_rows (
  import_id uuid not null references contact_imports(id) on delete cascade,
  line integer not null,
  record text not null,
  problem text,
  primary key (import_id, line)
);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists contact_import_rows;`);
    this.addSql(`drop table if exists contact_imports;`);
  }
}
