import { Migration } from '@mikro-orm/migrations';

/**
 * Segments, the members of STATIC segments (and the last evaluated members of tracked DYNAMIC
 * ones), and the indexes the condition compiler relies on: GIN (jsonb_path_ops) for `data`
 * containment, events by (project, contact, name, created_at) for per-contact EXISTS probes, and
 * events by (project, name, created_at) covering contact_id for set-at-a-time semi-joins.
 */
export class Migration20261124100000_segments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table if not exists segments (
  id uuid primary key,
  project_id uuid not null references projects(id) on delete cascade,
  name text not null,
  description text,
  type text not null default 'DYNAMIC' check (type in ('DYNAMIC','STATIC')),
  condition jsonb,
  refs jsonb not null default '[]',
  track_membership boolean not null default false,
  tracked_at timestamptz,
  member_count integer not null default 0,
  member_count_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists segments_project_id_idx on segments(project_id, id desc);

create table if not exists segment_members (
  segment_id uuid not null references segments(id) on delete cascade,
  contact_id uuid not null references contacts(id) on delete cascade,
  project_id uuid not null references projects(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (segment_id, contact_id)
);
create index if not exists segment_members_contact_idx on segment_members(contact_id);

create index if not exists contacts_data_gin_idx on contacts using gin (data jsonb_path_ops);
create index if not exists events_contact_name_time_idx on events(project_id, contact_id, name, created_at) where contact_id is not null;
create index if not exists events_name_time_idx on events(project_id, name, created_at) include (contact_id) where contact_id is not null;
`);
    // A JSON string that is an ISO date or datetime, as timestamptz (no zone: UTC); null for
    // anything else, including impossible dates, so a condition never fails on odd data.
    this.addSql(`
create or replace function condition_timestamptz(v jsonb) returns timestamptz
language plpgsql immutable parallel safe as $$
declare s text;
begin
  if jsonb_typeof(v) is distinct from 'string' then return null; end if;
  s := v #>> '{}';
  if s !~ '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6}){0,1}){0,1}(Z|[+-]\\d{2}(:{0,1}\\d{2}){0,1}){0,1}){0,1}$' then return null; end if;
  if s ~ '(Z|[+-]\\d{2}(:{0,1}\\d{2}){0,1})$' and length(s) > 10 then return s::timestamptz; end if;
  return s::timestamp at time zone 'UTC';
exception when others then return null;
end $$;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop function if exists condition_timestamptz(jsonb);
drop index if exists events_name_time_idx;
drop index if exists events_contact_name_time_idx;
drop index if exists contacts_data_gin_idx;
drop table if exists segment_members;
drop table if exists segments;
`);
  }
}
