import { Migration } from '@mikro-orm/migrations';

/**
 * admit_campaign_hand_offs: a campaign's hand-off fence and the project's pacing window for a
 * group of rows whose SMTP connections are in hand, in one statement (core/campaigns/recipients.ts,
 * admitHandOffs). In this order, so two groups never wait for each other in a cycle:
 *  1. the campaign row KEY SHARE, only while SENDING at the sender's epoch (else nothing is fenced
 *     and no start is taken);
 *  2. the group's rows still QUEUED and claimed by this attempt, locked in contact order (as
 *     claimRange locks them);
 *  3. as many starts of the sliding window as there are such rows (claim_send_starts: the
 *     window's row locked last); the first `admitted` rows in contact order get their attempt
 *     counted and are returned with `hand_offs`, the others with null (the window is full: they
 *     come back after wait_ms).
 * The caller's transaction stays open until the admitted rows' MAIL FROM are written: the
 * window's starts become visible to other claimers (who wait on its row) with the hand-offs, and a
 * rollback (a start that arrived too late, the batch stopped) takes back starts and attempts alike.
 */
export class Migration20261129200000_campaign_admit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function admit_campaign_hand_offs(p_project uuid, p_width_ms double precision, p_max integer,
                                                    p_campaign uuid, p_epoch integer, p_ids uuid[], p_claim text)
returns table(recipient_id uuid, hand_offs integer, start_ms double precision, wait_ms double precision)
language plpgsql as $$
declare
  fenced uuid[];
  s record;
begin
  perform 1 from campaigns c where c.id = p_campaign and c.status = 'SENDING' and c.send_epoch = p_epoch for key share;
  if not found then
    return;
  end if;
  select array_agg(q.id order by q.contact_id) into fenced from (
    select r.id, r.contact_id from campaign_recipients r
    where r.id = any(p_ids) and r.claim = p_claim and r.status = 'QUEUED'
    order by r.contact_id for no key update of r) q;
  if fenced is null then
    return;
  end if;
  select * into s from claim_send_starts(p_project, p_width_ms, p_max, cardinality(fenced));
  return query
    update campaign_recipients r set attempts = r.attempts + 1, updated_at = now()
    where r.id = any(fenced[1:s.admitted])
    returning r.id, r.attempts, s.start_ms, s.wait_ms;
  return query select w, null::integer, s.start_ms, s.wait_ms from unnest(fenced[s.admitted + 1:]) w;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists admit_campaign_hand_offs(uuid, double precision, integer, uuid, integer, uuid[], text);');
  }
}
