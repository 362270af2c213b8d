import { Migration } from '@mikro-orm/migrations';
import { executionFenceSql } from '../execution-fence.js';

/**
 * The project's sliding window of send starts (core/pacing.ts) as counts per 5 ms slot instead of
 * one float8 per start, and the hand-off fences apart from it.
 *
 * 1. send_rate_buckets.window_slot / window_counts: window_counts[i] starts were admitted in slot
 *    window_slot + i - 1 (slot s is [5s, 5s + 5) ms of epoch time, database clock). A start counts
 *    until the END of its slot plus the window's width: never for less time than the start itself
 *    would, so the window never admits more than the old one did (a start counts up to 5 ms
 *    longer: core/pacing.ts, QUANTUM_MS, says what that costs). The array holds about
 *    width / 5 ms + 2 small ints (~210 for a 1,020 ms window, under 1 KB, never TOASTed) where
 *    the old one held a float8 per start (1,400 at a lifted rate) and was unnested, sorted and
 *    rewritten at every call. claim_send_starts, claim_send_start and release_send_starts keep
 *    their signatures and meaning (processes still running the previous code call them). The
 *    starts of the old array still inside any window are carried over; the array is emptied.
 * 2. fence_campaign_hand_offs / fence_execution_mails: the hand-off fences of admit_campaign_hand_offs
 *    and admit_execution_mails without the window: the caller claims the group's starts first in
 *    a short transaction of its own (committed at once, the window's row never locked across the
 *    network) and passes how many were admitted; the first that many rows fenced get their attempt
 *    counted, the others are returned waiting (null). The window's row is never locked by a
 *    transaction that also holds a fence: no lock cycle between the two.
 * 3. admit_campaign_hand_offs / admit_execution_mails (processes running the previous code) are
 *    redefined on the fences, in their old order (fence, claim, count), so each fence has one definition.
 */
export class Migration20261201100000_pacing_slots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table send_rate_buckets
  add column if not exists window_slot bigint not null default 0,
  add column if not exists window_counts integer[] not null default '{}';`);
    // Carry over the starts of the last 5 s (no window is wider than ~2 s), then drop the old array.
    this.addSql(`
with s as (
  select b.project_id, floor(t / 5)::bigint as slot
  from send_rate_buckets b, unnest(b.recent_starts) t
  where t > extract(epoch from clock_timestamp()) * 1000 - 5000),
r as (select project_id, min(slot) as lo, max(slot) as hi from s group by project_id),
w as (
  select r.project_id, r.lo,
         array_agg((select count(*) from s where s.project_id = r.project_id and s.slot = g)::int order by g) as counts
  from r, generate_series(r.lo, r.hi) g group by r.project_id, r.lo)
update send_rate_buckets b set window_slot = w.lo, window_counts = w.counts from w where b.project_id = w.project_id;
update send_rate_buckets set recent_starts = '{}' where recent_starts <> '{}';`);
    this.addSql(`
create or replace function claim_send_starts(p_project uuid, p_width_ms double precision, p_max integer, p_n integer,
                                             out admitted integer, out wait_ms double precision, out start_ms double precision)
language plpgsql as $$
declare
  quantum constant double precision := 5;
  base bigint;
  counts integer[];
  now_ms double precision;
  cur bigint;
  live bigint;
  len integer;
  n integer;
  need integer;
  i integer;
begin
  insert into send_rate_buckets (project_id, tokens) values (p_project, 1) on conflict (project_id) do nothing;
  select window_slot, window_counts into base, counts from send_rate_buckets where project_id = p_project for update;
  -- read after the lock: a caller that queued on the row sees the starts committed before it
  now_ms := extract(epoch from clock_timestamp()) * 1000;
  cur := floor(now_ms / quantum)::bigint;
  -- the first slot whose starts still count: slot s counts while now < (s + 1) * quantum + width
  live := floor((now_ms - p_width_ms) / quantum)::bigint;
  len := cardinality(counts);
  if len = 0 or base + len <= live then
    counts := '{}';
    base := cur;
  elsif base < live then
    counts := counts[(live - base + 1)::integer:len];
    base := live;
  end if;
  len := cardinality(counts);
  n := coalesce((select sum(c) from unnest(counts) c), 0);
  admitted := greatest(0, least(p_n, p_max - n));
  start_ms := now_ms;
  if admitted > 0 then
    -- a clock that stepped back adds to the latest slot (counted longer, never shorter)
    if base + len <= cur then
      counts := counts || array_fill(0, array[(cur - base - len + 1)::integer]);
      len := cardinality(counts);
    end if;
    counts[len] := counts[len] + admitted;
    n := n + admitted;
    update send_rate_buckets set window_slot = base, window_counts = counts where project_id = p_project;
  end if;
  wait_ms := 0;
  if admitted < p_n then
    -- the rest come back when the slot of the oldest start that keeps the window full has left it
    need := n - p_max + 1;
    i := 0;
    while need > 0 loop
      i := i + 1;
      need := need - counts[i];
    end loop;
    wait_ms := greatest(1, (base + i) * quantum + p_width_ms - now_ms);
  end if;
end $$;`);
    this.addSql(`
create or replace function claim_send_start(p_project uuid, p_width_ms double precision, p_max integer,
                                            out wait_ms double precision, out start_ms double precision)
language sql as $$
  select case when s.admitted > 0 then 0 else s.wait_ms end, case when s.admitted > 0 then s.start_ms end
  from claim_send_starts(p_project, p_width_ms, p_max, 1) s;
$$;`);
    this.addSql(`
create or replace function release_send_starts(p_project uuid, p_start_ms double precision, p_n integer)
returns void language sql as $$
  update send_rate_buckets b
     set window_counts[(floor(p_start_ms / 5)::bigint - b.window_slot + 1)::integer] =
         greatest(0, b.window_counts[(floor(p_start_ms / 5)::bigint - b.window_slot + 1)::integer] - p_n)
   where b.project_id = p_project
     and floor(p_start_ms / 5)::bigint between b.window_slot and b.window_slot + cardinality(b.window_counts) - 1;
$$;`);
    this.addSql(`
create or replace function fence_campaign_hand_offs(p_campaign uuid, p_epoch integer, p_ids uuid[], p_claim text, p_admitted integer)
returns table(recipient_id uuid, hand_offs integer)
language plpgsql as $$
declare
  fenced uuid[];
begin
  -- 1. the campaign row KEY SHARE, only while SENDING at the sender's epoch (a cancel or pause waits for it)
  perform 1 from campaigns c where c.id = p_campaign and c.status = 'SENDING' and c.send_epoch = p_epoch for key share;
  if not found then
    return;
  end if;
  -- 2. the group's rows still QUEUED and claimed by this attempt, locked in contact order (as claimRange locks them)
  select array_agg(q.id order by q.contact_id) into fenced from (
    select r.id, r.contact_id from campaign_recipients r
    where r.id = any(p_ids) and r.claim = p_claim and r.status = 'QUEUED'
    order by r.contact_id for no key update of r) q;
  if fenced is null then
    return;
  end if;
  -- 3. the first p_admitted rows (the starts the caller holds) have their hand-off counted; the others wait
  return query
    update campaign_recipients r set attempts = r.attempts + 1, updated_at = now()
    where r.id = any(fenced[1:greatest(0, p_admitted)])
    returning r.id, r.attempts;
  return query select w, null::integer from unnest(fenced[greatest(0, p_admitted) + 1:]) w;
end $$;`);
    this.addSql(executionFenceSql(false));
    // The previous code's statements, on the same fences: fence, then the window (locked last), then count.
    this.addSql(`
create or replace function admit_campaign_hand_offs(p_project uuid, p_width_ms double precision, p_max integer,
                                                    p_campaign uuid, p_epoch integer, p_ids uuid[], p_claim text)
returns table(recipient_id uuid, hand_offs integer, start_ms double precision, wait_ms double precision)
language plpgsql as $$
declare
  n integer;
  s record;
begin
  select count(*) into n from fence_campaign_hand_offs(p_campaign, p_epoch, p_ids, p_claim, 0);
  if n = 0 then
    return;
  end if;
  select * into s from claim_send_starts(p_project, p_width_ms, p_max, n);
  return query select f.recipient_id, f.hand_offs, s.start_ms, s.wait_ms
    from fence_campaign_hand_offs(p_campaign, p_epoch, p_ids, p_claim, s.admitted) f;
end $$;`);
    this.addSql(`
create or replace function admit_execution_mails(p_project uuid, p_width_ms double precision, p_max integer,
                                                 p_emails uuid[], p_executions uuid[])
returns table(email_id uuid, attempts integer, start_ms double precision, wait_ms double precision)
language plpgsql as $$
declare
  n integer;
  s record;
begin
  select count(*) into n from fence_execution_mails(p_project, p_emails, p_executions, 0);
  if n = 0 then
    return;
  end if;
  select * into s from claim_send_starts(p_project, p_width_ms, p_max, n);
  return query select f.email_id, f.attempts, s.start_ms, s.wait_ms
    from fence_execution_mails(p_project, p_emails, p_executions, s.admitted) f;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists fence_campaign_hand_offs(uuid, integer, uuid[], text, integer);');
    this.addSql('drop function if exists fence_execution_mails(uuid, uuid[], uuid[], integer);');
    this.addSql('alter table send_rate_buckets drop column if exists window_slot, drop column if exists window_counts;');
  }
}
