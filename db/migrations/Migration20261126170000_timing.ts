import { Migration } from '@mikro-orm/migrations';

/**
 * Mail at the right moment (core/schedule/): a contact's time zone, a campaign's local time and
 * capped count, a recipient row's due time (local-time and quiet-hours waves) and the CAPPED
 * status, and the marketing-send ledger the frequency cap counts (core/schedule/frequency-cap.ts).
 */
export class Migration20261126170000_timing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table contacts add column if not exists timezone text;
alter table campaigns add column if not exists local_time text;
alter table campaigns add column if not exists capped_count integer not null default 0;
alter table campaign_recipients add column if not exists due_at timestamptz;
alter table campaign_recipients add column if not exists utc_offset integer;
alter table campaign_recipients drop constraint if exists campaign_recipients_status_check;
alter table campaign_recipients add constraint campaign_recipients_status_check check (status in ('QUEUED','SENT','FAILED','BOUNCED','SKIPPED','CAPPED'));
create index if not exists campaign_recipients_due_idx on campaign_recipients (campaign_id, due_at, contact_id) where status = 'QUEUED' and due_at is not null;
create table if not exists marketing_sends (
  project_id uuid not null,
  ref text not null,
  contact_id uuid not null,
  sent_at timestamptz not null default now(),
  primary key (project_id, ref)
);
create index if not exists marketing_sends_contact_idx on marketing_sends (project_id, contact_id, sent_at);
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop table if exists marketing_sends;
drop index if exists campaign_recipients_due_idx;
update campaign_recipients set status = 'SKIPPED' where status = 'CAPPED';
alter table campaign_recipients drop constraint if exists campaign_recipients_status_check;
alter table campaign_recipients add constraint campaign_recipients_status_check check (status in ('QUEUED','SENT','FAILED','BOUNCED','SKIPPED'));
alter table campaign_recipients drop column if exists due_at;
alter table campaign_recipients drop column if exists utc_offset;
alter table campaigns drop column if exists capped_count;
alter table campaigns drop column if exists local_time;
alter table contacts drop column if exists timezone;
`);
  }
}
