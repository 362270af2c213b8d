import { Migration } from '@mikro-orm/migrations';

/**
 * When a contact opted out of marketing mail (unsubscribe link, spam complaint, or `subscribed`
 * turned from true to false). Not the same as `subscribed = false`: a contact that /v1/send
 * created is unsubscribed without ever having said no. Cleared when it is subscribed again.
 */
export class Migration20261123160000_opt_outs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table contacts add column if not exists unsubscribed_at timestamptz;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table contacts drop column if exists unsubscribed_at;`);
  }
}
