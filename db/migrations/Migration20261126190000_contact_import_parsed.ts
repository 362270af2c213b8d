import { Migration } from '@mikro-orm/migrations';

/**
 * Contact imports stage parsed rows (core/imports/staging.ts): the API parses each record as the
 * file streams in, so a batch of the worker is set-based SQL over the staged columns. A valid row
 * has `email` (and `subscribed`, `data`, `remove_keys`); an invalid one `field` and `reason`.
 * `record` and `problem` stay for rows staged raw before this change (parsed by the worker).
 * The foreign key to `contact_imports` goes: its check ran once per staged row (a trigger and a
 * key-share lock each), the largest cost of staging; core/imports/ deletes staged rows itself.
 */
export class Migration20261126190000_contact_import_parsed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table contact_import_rows
  alter column record drop not null,
  add column if not exists email text,
  add column if not exists subscribed boolean,
  add column if not exists data jsonb,
  add column if not exists remove_keys text[],
  add column if not exists field text,
  add column if not exists reason text,
  drop constraint if exists contact_import_rows_import_id_fkey;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from contact_import_rows where record is null or import_id not in (select id from contact_imports);`);
    this.addSql(`
alter table contact_import_rows
  alter column record set not null,
  drop column if exists email,
  drop column if exists subscribed,
  drop column if exists data,
  drop column if exists remove_keys,
  drop column if exists field,
  drop column if exists reason,
  add constraint contact_import_rows_import_id_fkey foreign key (import_id) references contact_imports(id) on delete cascade;`);
  }
}
