import { Migration } from '@mikro-orm/migrations';

/**
 * Public-key starts (db/automation-start-rule.ts): an event remembers whether a public key
 * recorded it (a `/v1/track` call with `pk_`, and the subscription event that call recorded), and
 * each workflow says whether such events may start it. Existing workflows keep starting from them
 * (Plunk's sign-up flows rely on it). Both columns have constant defaults: no table rewrite.
 */
export class Migration20261126140000_public_key_starts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table events add column if not exists public_key boolean not null default false;`);
    this.addSql(`alter table workflows add column if not exists allow_public_key_trigger boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table workflows drop column if exists allow_public_key_trigger;`);
    this.addSql(`alter table events drop column if exists public_key;`);
  }
}
