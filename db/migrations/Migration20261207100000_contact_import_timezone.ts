import { Migration } from '@mikro-orm/migrations';

/**
 * A staged import row's time zone (core/imports/staging.ts): a zone to set, '' to clear the
 * contact's (an NDJSON `"timezone": null`), NULL when the record did not say.
 */
export class Migration20261207100000_contact_import_timezone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table contact_import_rows add column if not exists timezone text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table contact_import_rows drop column if exists timezone;`);
  }
}
