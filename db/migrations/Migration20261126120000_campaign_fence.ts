import { Migration } from '@mikro-orm/migrations';

/**
 * The campaign hand-off fence (core/campaigns/recipients.ts, admitHandOffs):
 *  - campaigns.send_epoch: bumped by cancel and pause in the same statement as their status change;
 *    a sender hands a message over only while the row still carries the epoch it started with;
 *  - campaign_recipients.attempts: hand-offs of the row so far (bounded by DELIVERY_MAX_ATTEMPTS,
 *    after which a row refused with 4xx every time is FAILED with the last reply).
 */
export class Migration20261126120000_campaign_fence extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table campaigns add column if not exists send_epoch integer not null default 0;
alter table campaign_recipients add column if not exists attempts integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
alter table campaign_recipients drop column if exists attempts;
alter table campaigns drop column if exists send_epoch;`);
  }
}
