import { Migration } from '@mikro-orm/migrations';

/**
 * Campaign event indexes that end in `id`, so GET /events?campaignId=…[&name=…] is a keyset range
 * scan like every other filter (the initial (campaign_id, name) index needed a sort of all of a
 * campaign's events for each page). The (campaign_id, name, id) index still serves per-name stats.
 */
export class Migration20261123120000_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
drop index if exists events_campaign_idx;
create index events_campaign_idx on events(campaign_id, name, id desc) where campaign_id is not null;
create index events_campaign_id_idx on events(campaign_id, id desc) where campaign_id is not null;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop index if exists events_campaign_id_idx;
drop index if exists events_campaign_idx;
create index events_campaign_idx on events(campaign_id, name) where campaign_id is not null;
`);
  }
}
