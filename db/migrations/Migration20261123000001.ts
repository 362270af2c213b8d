import { Migration } from '@mikro-orm/migrations';

/** Initial schema: projects and keys, contacts, templates, email records, events, domains, suppressions, idempotency, send pacing. */
export class Migration20261123000001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table projects (
  id uuid primary key,
  name text not null,
  disabled boolean not null default false,
  settings jsonb not null default '{}',
  webhook_secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table api_keys (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  kind text not null check (kind in ('secret','public')),
  key_hash text not null unique,
  key_prefix text not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_project_idx on api_keys(project_id);

create table contacts (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  email text not null,
  subscribed boolean not null default true,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_id, email)
);
create index contacts_project_id_idx on contacts(project_id, id desc);

create table templates (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  name text not null,
  subject text not null,
  body text not null,
  type text not null check (type in ('TRANSACTIONAL','MARKETING')),
  from_email text,
  from_name text,
  reply_to text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index templates_project_id_idx on templates(project_id, id desc);

create table emails (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  contact_id uuid references contacts(id) on delete set null,
  template_id uuid references templates(id) on delete set null,
  campaign_id uuid,
  to_email text not null,
  from_email text not null,
  from_name text,
  reply_to text,
  subject text not null,
  html text not null,
  text_body text,
  headers jsonb not null default '{}',
  attachments jsonb not null default '[]',
  marketing boolean not null default false,
  message_id text not null,
  status text not null default 'QUEUED' check (status in ('QUEUED','SENDING','SENT','FAILED','BOUNCED')),
  error text,
  attempts integer not null default 0,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index emails_project_idx on emails(project_id, id desc);
create index emails_contact_idx on emails(contact_id);
create index emails_campaign_idx on emails(campaign_id) where campaign_id is not null;

create table events (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  name text not null,
  contact_id uuid references contacts(id) on delete set null,
  email_id uuid references emails(id) on delete set null,
  campaign_id uuid,
  data jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index events_project_idx on events(project_id, id desc);
create index events_name_idx on events(project_id, name, id desc);
create index events_contact_idx on events(contact_id, id desc);
create index events_email_idx on events(email_id, id desc) where email_id is not null;
create index events_campaign_idx on events(campaign_id, name) where campaign_id is not null;

create table event_names (
  project_id uuid not null references projects(id) on delete cascade,
  name text not null,
  count bigint not null default 0,
  last_seen_at timestamptz not null default now(),
  primary key (project_id, name)
);

create table domains (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  domain text not null,
  status text not null default 'PENDING' check (status in ('PENDING','VERIFIED','FAILED')),
  dkim_selector text not null,
  dkim_public_key text not null,
  dkim_private_key_enc text not null,
  records jsonb not null default '[]',
  verified_at timestamptz,
  last_checked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_id, domain)
);
create index domains_domain_idx on domains(domain);

create table suppressions (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  email text not null,
  reason text not null,
  source text,
  created_at timestamptz not null default now(),
  unique (project_id, email)
);

create table idempotency_keys (
  project_id uuid not null references projects(id) on delete cascade,
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (project_id, key)
);

create table send_rate_buckets (
  project_id uuid primary key references projects(id) on delete cascade,
  tokens double precision not null,
  updated_at timestamptz not null default clock_timestamp()
);
`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists send_rate_buckets, idempotency_keys, suppressions, domains, event_names, events, emails, templates, contacts, api_keys, projects cascade;`);
  }
}
