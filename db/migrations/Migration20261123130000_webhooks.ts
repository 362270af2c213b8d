import { Migration } from '@mikro-orm/migrations';

/** Bounce webhooks: find the project by its webhook secret, and the bounced email by its Message-ID. */
export class Migration20261123130000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unique index if not exists projects_webhook_secret_idx on projects(webhook_secret);`);
    this.addSql(`create index if not exists emails_project_message_id_idx on emails(project_id, message_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists emails_project_message_id_idx;`);
    this.addSql(`drop index if exists projects_webhook_secret_idx;`);
  }
}
