import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectSettings } from '../../db/entities/project.js';
import { listParam, sqlRows, sqlRun } from '../../db/sql.js';
import { DomainError } from '../errors.js';
import { timingSettings, type FrequencyCap } from './settings.js';

export type { FrequencyCap };

/*
 * The frequency cap: at most `max` MARKETING mails to one contact in any `perDays` days, across
 * every marketing sender (campaigns, automation SEND_EMAIL steps, /v1/send with a MARKETING
 * template), worker process and concurrent campaign. Test sends and transactional mail neither
 * count nor are capped.
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

/** The longest window a cap may count (PATCH /project/settings refuses a longer `perDays`). */
export const MAX_CAP_DAYS = 365;

/**
 * The ledger keeps a row while some cap could still count it: MAX_CAP_DAYS and a day. Older rows
 * are purged on write: each claim deletes up to PURGE_MIN expired rows, or twice the rows it
 * claims, whichever is more (oldest first, skipping rows another purge holds), so the purge keeps
 * ahead of the inserts and the table holds about the last year of marketing mail, in every layout
 * (no scheduler to run). The sent_at index (migration 20261126180000) finds them.
 */
export const LEDGER_RETENTION_DAYS = MAX_CAP_DAYS + 1;
const PURGE_MIN = 100;

/** Deletes up to `limit` ledger rows older than LEDGER_RETENTION_DAYS (every project); answers how many. */
export async function purgeExpiredMarketingSends(em: EntityManager, limit: number): Promise<number> {
  const rows = await sqlRows<{ n: number }>(
    em,
    `with gone as (
       delete from marketing_sends where (project_id, ref) in (
         select project_id, ref from marketing_sends where sent_at < now() - make_interval(days => ?)
         order by sent_at limit ? for update skip locked)
       returning 1)
     select count(*)::int as n from gone`,
    [LEDGER_RETENTION_DAYS, limit],
  );
  return rows[0]?.n ?? 0;
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
  await purgeExpiredMarketingSends(em, Math.max(PURGE_MIN, 2 * claims.length));
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
  await sqlRun(em, `delete from marketing_sends where project_id = ? and ref = ${listParam()}`, [projectId, JSON.stringify(refs)]);
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
      where m.project_id = ? and m.ref = r.id::text and r.id = any(array(select jsonb_array_elements_text(?::jsonb)::uuid))
        and r.status not in ('SENT', 'CAPPED') and (r.status <> 'QUEUED' or r.claim = ?)`,
    [projectId, JSON.stringify(rowIds), claim],
  );
}

/**
 * POST /v1/send with a MARKETING template, in the transaction that writes its email records:
 * each message takes a slot (ref `email:<id>`, as automation mail does) like any marketing mail.
 * A recipient over the cap refuses the whole send, 422 RECIPIENT_CAPPED naming them, and the
 * transaction rolls back the other slots: nothing is sent and nothing counted, as for a suppressed
 * or unsubscribed recipient. Not held by quiet hours (the caller chose the moment). A slot stays
 * taken when the delivery then fails, as for automation mail.
 */
export async function capExplicitMarketingSend(tx: EntityManager, projectId: string, messages: { emailId: string; contactId: string; email: string }[]): Promise<void> {
  const [row] = await sqlRows<{ settings: ProjectSettings | null }>(tx, 'select settings from projects where id = ?', [projectId]);
  const cap = timingSettings(row?.settings).frequencyCap;
  const ref = (m: { emailId: string }) => `email:${m.emailId}`;
  const allowed = await claimMarketingSlots(tx, projectId, cap ?? undefined, messages.map((m) => ({ ref: ref(m), contactId: m.contactId })));
  const capped = messages.filter((m) => !allowed.has(ref(m))).map((m) => m.email).sort();
  if (capped.length === 0 || !cap) return;
  throw new DomainError(
    'RECIPIENT_CAPPED',
    `Recipients who already got ${cap.max} marketing ${cap.max === 1 ? 'mail' : 'mails'} in the last ${cap.perDays} ${cap.perDays === 1 ? 'day' : 'days'} ` +
      `(the project's frequency cap), nothing was sent: ${capped.join(', ')}. Send them later, remove them from the request, or use a TRANSACTIONAL template.`,
  );
}
