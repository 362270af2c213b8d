import { Migration } from '@mikro-orm/migrations';

/**
 * Who made a contact's opt-out: 'public_key' when a `pk_` track call did (the only opt-out a public
 * key may undo), null for every trusted source (unsubscribe link, complaint, secret key).
 */
export class Migration20261124090000_consent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table contacts add column if not exists opt_out_source text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table contacts drop column if exists opt_out_source;`);
  }
}
