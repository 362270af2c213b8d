import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { OUTCOME_EVENTS, OUTCOME_INPUT, outcomeInput, outcomeRowsById, withBounceSuppression, type ChangedOutcome, type EmailFinalStatus, type EmailOutcome } from '../emails/outcomes.js';
import { preparedStatement, sqlFirst, sqlHeldRows, sqlRows } from '../../db/sql.js';
import { admitGroup, type FencedRow, type GroupAdmission } from '../pacing.js';

/*
 * The campaign_recipients rows: one per (campaign, contact), slim (status, message id, times,
 * error). All writes are set-based: one statement per page for the inserts, one per batch of
 * outcomes for the results (with the campaign's counters and the events in the same statement,
 * the events built as every delivery's are: core/emails/outcomes.ts).
 */


export interface RecipientRow {
  id: string;
  contactId: string;
  toEmail: string;
  messageId: string;
}

/** A page's range of contact ids: (after, upTo], upTo null meaning "to the end". */
export interface ContactRange {
  after: string | null;
  upTo: string | null;
}
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const RANGE_SQL = 'r.campaign_id = ? and r.contact_id > ? and (?::uuid is null or r.contact_id <= ?::uuid)';
const rangeParams = (campaignId: string, r: ContactRange) => [campaignId, r.after ?? ZERO_UUID, r.upTo, r.upTo];

/**
 * Inserts the page's rows; a contact that already has one (a retried page) keeps it. The Message-ID
 * is fixed here, so any resend of the row carries the same one. Bumps total_recipients by the rows
 * actually inserted.
 */
export async function insertRecipients(em: EntityManager, c: { id: string; projectId: string; fromDomain: string }, contacts: { id: string; email: string }[]): Promise<number> {
  if (contacts.length === 0) return 0;
  const rows = contacts.map((x) => ({ id: newId(), contact_id: x.id, to_email: x.email }));
  const [r] = await sqlRows<{ n: number }>(
    em,
    `with ins as (
       insert into campaign_recipients (id, project_id, campaign_id, contact_id, to_email, message_id, status, created_at, updated_at)
       select v.id, ?, ?, v.contact_id, v.to_email, '<' || v.id || '@' || ? || '>', 'QUEUED', now(), now()
       from jsonb_to_recordset(?::jsonb) as v(id uuid, contact_id uuid, to_email text)
       on conflict (campaign_id, contact_id) do nothing returning 1)
     update campaigns set total_recipients = total_recipients + (select count(*) from ins) where id = ? returning (select count(*) from ins)::int as n`,
    [c.projectId, c.id, c.fromDomain, JSON.stringify(rows), c.id],
  );
  return r?.n ?? 0;
}

/**
 * Takes the range's unsent rows for this activity attempt (`claim`). Each hand-off is fenced on
 * the claim (admitHandOffs), so an older attempt still running somewhere hands none of them over.
 */
export async function claimRange(em: EntityManager, campaignId: string, range: ContactRange, claim: string, dueBy?: string): Promise<RecipientRow[]> {
  // `dueBy` (campaigns sent in waves, core/schedule/waves.ts): only the rows due by then.
  const rows = await sqlRows<Record<string, string>>(
    em,
    // Locked in contact order, as the hand-off fence locks them (admitHandOffs): no lock cycle between the two.
    `with t as (
       select r.id from campaign_recipients r
       where ${RANGE_SQL} and r.status = 'QUEUED' and (?::timestamptz is null or r.due_at <= ?::timestamptz)
       order by r.contact_id for no key update)
     update campaign_recipients r set claim = ? from t where r.id = t.id
     returning r.id, r.contact_id, r.to_email, r.message_id`,
    [...rangeParams(campaignId, range), dueBy ?? null, dueBy ?? null, claim],
  );
  return rows
    .map((r) => ({ id: r.id, contactId: r.contact_id, toEmail: r.to_email, messageId: r.message_id }))
    .sort((a, b) => (a.contactId < b.contactId ? -1 : 1));
}

export interface RangeCounts {
  sent: number;
  failed: number;
  skipped: number;
  queued: number;
}

/** The range's rows by outcome (at most a page: read from the unique index). */
export async function rangeCounts(em: EntityManager, campaignId: string, range: ContactRange): Promise<RangeCounts> {
  const rows = await sqlRows<{ status: string; n: number }>(em, `select r.status, count(*)::int as n from campaign_recipients r where ${RANGE_SQL} group by r.status`, rangeParams(campaignId, range));
  const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { sent: n('SENT'), failed: n('FAILED') + n('BOUNCED'), skipped: n('SKIPPED') + n('CAPPED'), queued: n('QUEUED') };
}

/**
 * The hand-off fence of a group of rows, taken with SMTP connections in hand right before their
 * MAIL FROM, once the group's starts are admitted by the project's pacing window (core/pacing.ts,
 * admitGroup: the window's claim commits at once, in its own transaction), and held until every
 * one of them is written (`release`). One prepared statement in a transaction of its own on a
 * pooled connection (db/sql.ts, sqlHeldRows) calling fence_campaign_hand_offs (db/migrations/
 * Migration20261201100000_pacing_slots.ts), the one definition of the fence:
 *  - the campaign row is KEY SHARE locked, only while it is SENDING with the epoch the sender
 *    started with. Cancel and pause bump the epoch in the statement that changes the status, after
 *    a FOR UPDATE lock (core/campaigns/transitions.ts), which waits for every fence held: once
 *    they answer, every MAIL FROM that passed a fence is written, and every later fence fails;
 *  - each recipient row is updated (its `attempts` counted) only while it is QUEUED and claimed by
 *    this attempt: a newer attempt's claim (claimRange) waits for the hand-offs under way, and the
 *    older attempt hands nothing over once the claim moved. Rows are locked in contact order, as
 *    claimRange locks them, so a group and a claim never wait for each other in a cycle;
 *  - as many rows as the window admitted starts for (the first in contact order) have their
 *    attempt counted; the others wait.
 * The counter updates of recordOutcomes (FOR NO KEY UPDATE) do not conflict with KEY SHARE.
 */
export interface FenceGroupKey {
  campaignId: string;
  /** The campaign's send_epoch when the sender started (read with status SENDING). */
  epoch: number;
  claim: string;
}

/**
 * The fence's commit does not wait for its WAL to reach the disk (synchronous_commit off, for
 * this transaction only, set with the rows it fences): the locks it holds (the campaign row, the
 * rows) are released without an fsync in the hand-off's path. Locks are released at commit either
 * way (the fence holds as before), and what the transaction wrote (the rows' attempts) is on disk
 * with the next synchronous commit (the outcomes' write) or within wal_writer_delay. Only a crash
 * of PostgreSQL itself in that moment loses it: a hand-off left uncounted in `attempts` (one more
 * allowed to a row refused for ever).
 */
const FENCE = preparedStatement(
  'mailhub_fence_campaign_hand_offs_v1',
  `select recipient_id as id, hand_offs as attempts, set_config('synchronous_commit', 'off', true) as commit_mode
   from fence_campaign_hand_offs(?, ?, ?::uuid[], ?, ?)`,
);

/**
 * The window's admission and the fence of `recipientIds` (see FenceGroupKey): the rows admitted
 * with their attempts, all of them held until `release` (or undone by `rollback`); the rows not
 * admitted `waiting`. Nothing admitted (the campaign stopped, its epoch moved, no row is ours, or
 * the window is full): the transaction has already ended.
 */
export async function admitHandOffs(
  em: EntityManager,
  key: FenceGroupKey,
  pacing: { projectId: string; windowMs: number; maxStarts: number },
  recipientIds: string[],
  late?: (startMs: number) => boolean,
): Promise<GroupAdmission> {
  return admitGroup(em, pacing.projectId, pacing, recipientIds, (admitted) => sqlHeldRows<FencedRow>(em, FENCE, [key.campaignId, key.epoch, recipientIds, key.claim, admitted]), late);
}

/** Why a fence failed: the campaign's status when not SENDING (PAUSED when it went through a pause), else undefined (the claim moved). */
export async function fenceRefusal(em: EntityManager, campaignId: string, epoch: number): Promise<string | undefined> {
  const row = await sqlFirst<{ status: string; send_epoch: number }>(em, 'select status, send_epoch from campaigns where id = ?', [campaignId]);
  if (!row) return 'CANCELLED';
  if (row.status !== 'SENDING') return row.status;
  return row.send_epoch !== epoch ? 'PAUSED' : undefined;
}

/** A row's outcome: a delivery's (core/emails/outcomes.ts), or not sent at all (SKIPPED, CAPPED). */
export type Outcome = Omit<EmailOutcome, 'status'> & { status: EmailFinalStatus | 'SKIPPED' | 'CAPPED' };

export const RECORD_OUTCOMES_SQL = `
with ${OUTCOME_INPUT},
u as (
  update campaign_recipients r set status = v.status, sent_at = v.sent_at, error = v.error, claim = null, updated_at = now()
  from v where r.id = v.id and ${outcomeRowsById('r')} and r.status = 'QUEUED'
  returning r.id, r.status, r.project_id, (select id from contacts where id = r.contact_id) as contact_id, r.campaign_id,
            r.message_id, r.to_email, v.response, v.delivered, v.error, v.code, v.ev1, v.ev2),
cnt as (
  update campaigns set
    sent_count = sent_count + (select count(*) from u where status = 'SENT'),
    failed_count = failed_count + (select count(*) from u where status = 'FAILED'),
    bounced_count = bounced_count + (select count(*) from u where status = 'BOUNCED'),
    skipped_count = skipped_count + (select count(*) from u where status = 'SKIPPED'),
    capped_count = capped_count + (select count(*) from u where status = 'CAPPED'),
    updated_at = now()
  where id = ?),
${OUTCOME_EVENTS}
select id, status, project_id as "projectId", to_email as "toEmail" from u`;

/**
 * One statement for a batch of outcomes: rows still QUEUED take their final status, the
 * campaign's counters move by what changed, and the rows that changed get the events every
 * delivery writes (core/emails/outcomes.ts: the same input, events and name counters; skipped
 * rows have none); the addresses of hard bounces are suppressed in the same transaction. Returns
 * the rows that changed.
 */
export async function recordOutcomes(em: EntityManager, c: { id: string }, outcomes: Outcome[]): Promise<ChangedOutcome[]> {
  if (outcomes.length === 0) return [];
  return withBounceSuppression(em, outcomes.map((o) => o.status), (tx) => sqlRows<ChangedOutcome>(tx, RECORD_OUTCOMES_SQL, [outcomeInput(outcomes), c.id]));
}
