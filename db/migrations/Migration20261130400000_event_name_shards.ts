import { Migration } from '@mikro-orm/migrations';

/**
 * Up to 8 counter rows per event name (core/events/name-counts.ts): the track calls of one busy
 * name no longer queue on a single row's lock until each other's commits.
 */
export class Migration20261130400000_event_name_shards extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table event_names add column if not exists shard smallint not null default 0;');
    this.addSql('alter table event_names drop constraint event_names_pkey;');
    this.addSql('alter table event_names add primary key (project_id, name, shard);');
  }

  override async down(): Promise<void> {
    this.addSql(`create temporary table event_names_sum on commit drop as
      select project_id, name, sum(count) as count, max(last_seen_at) as last_seen_at from event_names group by project_id, name;`);
    this.addSql('delete from event_names;');
    this.addSql('alter table event_names drop constraint event_names_pkey;');
    this.addSql('alter table event_names drop column shard;');
    this.addSql('insert into event_names (project_id, name, count, last_seen_at) select project_id, name, count, last_seen_at from event_names_sum;');
    this.addSql('alter table event_names add primary key (project_id, name);');
  }
}
