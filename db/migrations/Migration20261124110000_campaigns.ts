import { Migration } from '@mikro-orm/migrations';

/**
 * Campaigns and their recipients. A recipient row is slim (no rendered content: the message is
 * rendered at send time from the frozen campaign and the contact); unique (campaign_id,
 * contact_id) is what makes a retried page or a contact joining mid-send never a second message.
 * The campaign row carries the counters `/stats` reads, updated in the statements that change a
 * recipient row, so stats never scan recipients or events.
 * events.email_id loses its foreign key: for campaign mail it names the recipient row (the id in
 * the tracking and unsubscribe tokens), not an `emails` record.
 */
export class Migration20261124110000_campaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table campaigns (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  name text not null,
  description text,
  subject text not null,
  body text not null,
  from_email text not null,
  from_name text,
  reply_to text,
  type text not null check (type in ('MARKETING','TRANSACTIONAL')),
  audience_type text not null check (audience_type in ('ALL','SEGMENT','FILTERED')),
  segment_id uuid,
  audience_filter jsonb,
  status text not null check (status in ('DRAFT','SCHEDULED','SENDING','PAUSED','SENT','CANCELLED')),
  scheduled_at timestamptz,
  started_at timestamptz,
  sent_at timestamptz,
  cancelled_at timestamptz,
  total_recipients integer not null default 0,
  sent_count integer not null default 0,
  failed_count integer not null default 0,
  bounced_count integer not null default 0,
  late_bounced_count integer not null default 0,
  skipped_count integer not null default 0,
  opened_count integer not null default 0,
  clicked_count integer not null default 0,
  complained_count integer not null default 0,
  unsubscribed_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index campaigns_project_idx on campaigns(project_id, id desc);
create index campaigns_project_status_idx on campaigns(project_id, status, id desc);
create index campaigns_segment_idx on campaigns(segment_id) where segment_id is not null;

create table campaign_recipients (
  id uuid primary key,
  project_id uuid not null,
  campaign_id uuid not null references campaigns(id) on delete cascade,
  contact_id uuid not null,
  to_email text not null,
  message_id text not null,
  status text not null check (status in ('QUEUED','SENT','FAILED','BOUNCED','SKIPPED')),
  claim text,
  error text,
  sent_at timestamptz,
  opened_at timestamptz,
  clicked_at timestamptz,
  unsubscribed_at timestamptz,
  complained_at timestamptz,
  bounced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (campaign_id, contact_id)
);
create index campaign_recipients_message_idx on campaign_recipients(project_id, message_id);

alter table events drop constraint if exists events_email_id_fkey;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists campaign_recipients, campaigns cascade;`);
  }
}
