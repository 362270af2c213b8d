import { Migration } from '@mikro-orm/migrations';

/**
 * Segments, the members of STATIC segments (and the last evaluated members of tracked DYNAMIC
 * ones), and the indexes the condition compiler relies on: GIN (jsonb_path_ops) for `data`
 * containment, events by (project, contact, name, created_at) for per-contact EXISTS probes, and
 * by (project, name, contact, created_at) for semi-joins: hashed over one name's events (counts), or
 * merged in contact order (pages; a deep page then reads only that name's events above it).
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
create index if not exists events_name_contact_idx on events(project_id, name, contact_id, created_at) where contact_id is not null;
`);
    // A JSON string that is an ISO date or datetime, as timestamptz (no zone: UTC); null for
    // anything else. The pattern and the day-of-month check admit only real dates and times, so
    // the casts cannot fail (a condition never errors on odd data) and no exception block (a
    // subtransaction per row) is needed. plpgsql: the text is extracted and matched once.
    this.addSql(String.raw`
create or replace function condition_timestamptz(v jsonb) returns timestamptz
language plpgsql stable parallel safe as $$
declare s text; d int;
begin
  if jsonb_typeof(v) is distinct from 'string' then return null; end if;
  s := v #>> '{}';
  if s !~ '^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6}){0,1}){0,1}(Z|[+-]([01]\d|1[0-4])(:{0,1}[0-5]\d){0,1}){0,1}){0,1}$' then return null; end if;
  d := substr(s, 9, 2)::int;
  if d > 28 and d > extract(day from make_date(substr(s, 1, 4)::int, substr(s, 6, 2)::int, 1) + interval '1 month - 1 day') then return null; end if;
  if length(s) > 10 and s ~ '(Z|[+-]\d{2}(:{0,1}\d{2}){0,1})$' then return s::timestamptz; end if;
  return s::timestamp at time zone 'UTC';
end $$;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop function if exists condition_timestamptz(jsonb);
drop index if exists events_name_contact_idx;
drop index if exists events_contact_name_time_idx;
drop index if exists contacts_data_gin_idx;
drop table if exists segment_members;
drop table if exists segments;
`);
  }
}
