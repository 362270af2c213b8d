import { Migration } from '@mikro-orm/migrations';

/** The frequency-cap ledger's purge (core/schedule/frequency-cap.ts) finds expired rows by age. */
export class Migration20261126180000_marketing_sends_sent_at extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists marketing_sends_sent_at_idx on marketing_sends (sent_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists marketing_sends_sent_at_idx;');
  }
}
