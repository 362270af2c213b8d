import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows, sqlRun } from '../../db/sql.js';

/*
 * The frequency cap: at most `max` MARKETING mails to one contact in any `perDays` days, across
 * every marketing sender (campaigns, automation SEND_EMAIL steps), worker process and concurrent
 * campaign. Test sends and transactional mail neither count nor are capped.
 *
 * The ledger (table marketing_sends) holds one row per marketing message a contact was given a
 * slot for, keyed by the message's own reference (a campaign recipient row id, an automation
 * step's email id): a retry of the same message finds its row and keeps its slot; it never takes
 * a second one. Claiming is one transaction per batch: transaction-scoped advisory locks on the
 * batch's contacts (taken in a fixed order, so two batches never deadlock), then one insert of
 * the messages whose contact has fewer than `max` rows in the window. Two campaigns claiming the
 * same contact at the same moment queue on its lock: the second sees the first's row, so with
 * `max: 1` exactly one of them gets the slot. A claimed message that is then not sent (a
 * permanent failure, the campaign stopped before its hand-off) gives its slot back.
 *
 * The ledger is written also without a cap, so a cap turned on later counts the mail already sent.
 */

export interface FrequencyCap {
  max: number;
  perDays: number;
}

export interface CapClaim {
  /** The message's own reference: the same one on every retry. */
  ref: string;
  contactId: string;
}

/** The advisory-lock key of a contact's ledger (one 64-bit key space shared with no other lock). */
const LOCK_KEY_SQL = `hashtextextended('marketing_sends:' || c, 0)`;

/**
 * Claims a slot for each message; answers the refs that may be sent (claimed now or by an earlier
 * attempt). The others are capped: skip them, never send them later.
 */
export async function claimMarketingSlots(em: EntityManager, projectId: string, cap: FrequencyCap | undefined, claims: CapClaim[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const v = JSON.stringify(claims.map((c) => ({ ref: c.ref, contact_id: c.contactId })));
  if (!cap) {
    await sqlRun(
      em,
      `insert into marketing_sends (project_id, ref, contact_id, sent_at)
       select ?, v.ref, v.contact_id, now() from jsonb_to_recordset(?::jsonb) as v(ref text, contact_id uuid)
       on conflict (project_id, ref) do nothing`,
      [projectId, v],
    );
    return new Set(claims.map((c) => c.ref));
  }
  return em.transactional(async (tx) => {
    const contacts = [...new Set(claims.map((c) => c.contactId))].sort();
    await sqlRows(tx, `select pg_advisory_xact_lock(${LOCK_KEY_SQL}) from unnest(?::text[]) as c order by c`, [contacts]);
    // Messages of one batch are for distinct contacts (one row per contact and campaign), so the
    // count below never has to see rows inserted by the same statement.
    const rows = await sqlRows<{ ref: string }>(
      tx,
      `with v as (select * from jsonb_to_recordset(?::jsonb) as v(ref text, contact_id uuid)),
       held as (select m.ref from marketing_sends m join v on m.project_id = ? and m.ref = v.ref),
       ins as (
         insert into marketing_sends (project_id, ref, contact_id, sent_at)
         select ?, v.ref, v.contact_id, now() from v
         where not exists (select 1 from held where held.ref = v.ref)
           and (select count(*) from marketing_sends m
                 where m.project_id = ? and m.contact_id = v.contact_id and m.sent_at > now() - make_interval(days => ?)) < ?
         on conflict (project_id, ref) do nothing
         returning ref)
       select ref from held union all select ref from ins`,
      [v, projectId, projectId, projectId, cap.perDays, cap.max],
    );
    return new Set(rows.map((r) => r.ref));
  });
}

/** Gives back the slots of messages that were claimed but not sent. */
export async function releaseMarketingSlots(em: EntityManager, projectId: string, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  await sqlRun(em, `delete from marketing_sends where project_id = ? and ref in (select jsonb_array_elements_text(?::jsonb))`, [projectId, JSON.stringify(refs)]);
}

/**
 * A MARKETING campaign's rows about to be delivered: claims their slots (the row id is the ref)
 * and answers the ids over the cap. TRANSACTIONAL campaigns neither count nor are capped.
 */
export async function capCampaignRows(em: EntityManager, campaign: { projectId: string; type: string }, cap: FrequencyCap | null, rows: { id: string; contactId: string }[]): Promise<Set<string>> {
  if (campaign.type !== 'MARKETING' || rows.length === 0) return new Set();
  const allowed = await claimMarketingSlots(em, campaign.projectId, cap ?? undefined, rows.map((r) => ({ ref: r.id, contactId: r.contactId })));
  return new Set(rows.filter((r) => !allowed.has(r.id)).map((r) => r.id));
}

/**
 * After a campaign range's attempt: gives back the slots of its rows that were not sent, final
 * (FAILED, BOUNCED, SKIPPED) or left QUEUED under this attempt's claim (stopped, transient). A row
 * a newer attempt has claimed keeps its slot for that attempt.
 */
export async function releaseUnsentCampaignSlots(em: EntityManager, projectId: string, rowIds: string[], claim: string): Promise<void> {
  if (rowIds.length === 0) return;
  await sqlRun(
    em,
    `delete from marketing_sends m using campaign_recipients r
      where m.project_id = ? and m.ref = r.id::text and r.id in (select jsonb_array_elements_text(?::jsonb)::uuid)
        and r.status not in ('SENT', 'CAPPED') and (r.status <> 'QUEUED' or r.claim = ?)`,
    [projectId, JSON.stringify(rowIds), claim],
  );
}
