import { Migration } from '@mikro-orm/migrations';

/**
 * When a contact opted out of marketing mail (unsubscribe link, spam complaint, or `subscribed`
 * turned from true to false). Not the same as `subscribed = false`: a contact that /v1/send
 * created is unsubscribed without ever having said no. Cleared when it is subscribed again.
 */
export class Migration20261123160000_opt_outs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table contacts add column if not exists unsubscribed_at timestamptz;`);
    // Contacts that opted out before the column existed: their last contact.unsubscribed event.
    this.addSql(`
update contacts c set unsubscribed_at = e.last_at
from (select contact_id, max(created_at) as last_at from events where name = 'contact.unsubscribed' and contact_id is not null group by contact_id) e
where c.id = e.contact_id and not c.subscribed and c.unsubscribed_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table contacts drop column if exists unsubscribed_at;`);
  }
}
