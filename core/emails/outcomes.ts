import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { sqlRows } from '../../db/sql.js';
import { suppress } from '../suppressions.js';
import { countEventNamesSql } from '../events/name-counts.js';

/*
 * The outcome of a delivery, the one place it is written, for every sender: /v1/send, transactional
 * and test sends (activities/delivery/record.ts, one record at a time), automation batches
 * (activities/automation-emails.ts, a batch of records) and campaigns (core/campaigns/recipients.ts,
 * recordOutcomes, on the campaign's own recipient rows). For a batch of outcomes, set-based:
 *  - the status change: only a row still open (an email record QUEUED or SENDING, a campaign row
 *    QUEUED) takes it; a row already final is left alone and gets no events;
 *  - the `email.*` events of the rows that changed, with the per-project name counters GET
 *    /events/names reads: SENT -> email.sent, then email.delivered (unless the server accepted no
 *    recipient), data { messageId, to, response }; BOUNCED -> email.bounced and FAILED ->
 *    email.failed, data { messageId, to, error, code }. The contact is the row's as it is at this
 *    write (null once deleted);
 *  - a hard bounce puts the address on the project's suppression list, in the same transaction.
 * Both tables' statements are built from the same pieces below (OUTCOME_INPUT, OUTCOME_EVENTS),
 * so an outcome means the same thing whichever sender wrote it.
 */

export type EmailFinalStatus = 'SENT' | 'FAILED' | 'BOUNCED';

export interface EmailOutcome {
  /** The email record (or, for a campaign, the recipient row). */
  id: string;
  status: EmailFinalStatus;
  /** SENT: when the send started, on the database's clock (what the pacing controls). */
  sentAt?: Date;
  /** SENT: the server's reply. */
  response?: string | null;
  /** SENT: whether the server accepted the recipient (`email.delivered`); true unless said otherwise. */
  delivered?: boolean;
  /** FAILED, BOUNCED: why (kept to 1,000 characters). */
  error?: string | null;
  /** FAILED, BOUNCED: the SMTP reply code, when there was one. */
  code?: number | null;
  /**
   * The ids of the outcome's events (the first event's, then email.delivered's), fixed by a
   * caller that may write the same outcome again; fresh ones otherwise.
   */
  eventIds?: [string, string];
}

/** A row whose status the write changed. */
export interface ChangedOutcome {
  id: string;
  status: string;
  projectId: string;
  toEmail: string;
}

/** The outcomes with their event ids fixed now, for a caller that retries the write: every try writes the same events. */
export const withEventIds = <T extends { id: string; eventIds?: [string, string] }>(outcomes: T[]): (T & { eventIds: [string, string] })[] =>
  outcomes.map((o) => ({ ...o, eventIds: o.eventIds ?? [newId(), newId()] }));

const trimmed = (error: string | null | undefined) => error?.slice(0, 1000) ?? null;

/** `v`: the outcomes as a relation; its one parameter is outcomeInput(outcomes). */
export const OUTCOME_INPUT = `v as (select * from jsonb_to_recordset(?::jsonb)
  as v(id uuid, status text, sent_at timestamptz, error text, code int, response text, delivered boolean, ev1 uuid, ev2 uuid))`;

/**
 * The rows of `v` in the table being updated (alias `r` or `e`), found through its primary key: a
 * planner that takes `v` for its default 100 rows and the table for a few thousand (a young,
 * never-analyzed campaign_recipients) otherwise hash-joins `v` over a sequential scan of the whole
 * table on every batch (303 of 303 outcome batches of a 5,000-message campaign, ~0.4 ms of
 * PostgreSQL per message). The ids as an array make it a probe of the key per row at any size.
 */
export const outcomeRowsById = (alias: string) => `${alias}.id = any(array(select id from v))`;

/** The parameter of OUTCOME_INPUT. */
export function outcomeInput(outcomes: (Omit<EmailOutcome, 'status'> & { status: string })[]): string {
  return JSON.stringify(
    outcomes.map((o) => {
      const [ev1, ev2] = o.eventIds ?? [newId(), newId()];
      return {
        id: o.id,
        status: o.status,
        sent_at: o.sentAt?.toISOString() ?? null,
        error: trimmed(o.error),
        code: o.code ?? null,
        response: o.response ?? null,
        delivered: o.delivered ?? true,
        ev1,
        ev2,
      };
    }),
  );
}

/**
 * `ev` and `names`: the events of the rows in `u` (the rows the statement changed, with the
 * columns id, status, project_id, contact_id, campaign_id, message_id, to_email and, from `v`,
 * response, delivered, error, code, ev1, ev2) and the name counters. Rows with another status
 * (a campaign's SKIPPED or CAPPED) have none.
 */
export const OUTCOME_EVENTS = `ev as (
  insert into events (id, project_id, name, contact_id, email_id, campaign_id, data, created_at)
  select x.id, u.project_id, x.name, u.contact_id, u.id, u.campaign_id, x.data, now()
  from u cross join lateral (values
    (u.ev1, case u.status when 'SENT' then 'email.sent' when 'BOUNCED' then 'email.bounced' else 'email.failed' end,
     case when u.status = 'SENT' then jsonb_build_object('messageId', u.message_id, 'to', u.to_email, 'response', u.response)
          else jsonb_build_object('messageId', u.message_id, 'to', u.to_email, 'error', u.error, 'code', u.code) end),
    (u.ev2, 'email.delivered', jsonb_build_object('messageId', u.message_id, 'to', u.to_email, 'response', u.response))
  ) as x(id, name, data)
  where u.status in ('SENT', 'FAILED', 'BOUNCED') and (x.name <> 'email.delivered' or (u.status = 'SENT' and u.delivered))
  returning project_id, name),
names as (
  ${countEventNamesSql('select project_id, name, count(*) as count, now() as last_seen_at from ev group by project_id, name')})`;

/**
 * Writes outcomes with one statement (`write`) and puts the addresses of the hard bounces it
 * changed on their project's suppression list, in one transaction when there are any (a savepoint
 * inside the caller's). Answers the rows that changed.
 */
export async function withBounceSuppression<R extends ChangedOutcome>(em: EntityManager, statuses: string[], write: (em: EntityManager) => Promise<R[]>): Promise<R[]> {
  if (!statuses.includes('BOUNCED')) return write(em);
  return em.transactional(async (tx) => {
    const changed = await write(tx);
    for (const row of changed) if (row.status === 'BOUNCED') await suppress(tx, row.projectId, row.toEmail, 'HARD_BOUNCE', 'smtp');
    return changed;
  });
}

const EMAIL_OUTCOMES_SQL = `
with ${OUTCOME_INPUT},
u as (
  update emails e set status = v.status,
    sent_at = case when v.status = 'SENT' then v.sent_at else e.sent_at end,
    error = case when v.status = 'SENT' then null else v.error end,
    updated_at = now()
  from v where e.id = v.id and ${outcomeRowsById('e')} and e.status in ('QUEUED', 'SENDING')
  returning e.id, e.status, e.project_id, e.contact_id, e.campaign_id, e.message_id, e.to_email,
            v.response, v.delivered, v.error, v.code, v.ev1, v.ev2),
${OUTCOME_EVENTS}
select id, status, project_id as "projectId", to_email as "toEmail" from u`;

/**
 * Email records QUEUED/SENDING -> SENT, FAILED or BOUNCED, with their events (see above), in one
 * statement for any number of them (plus the suppressions of hard bounces). Records already final
 * are left alone. Answers the records that changed.
 */
export async function recordEmailOutcomes(em: EntityManager, outcomes: EmailOutcome[]): Promise<ChangedOutcome[]> {
  if (outcomes.length === 0) return [];
  return withBounceSuppression(em, outcomes.map((o) => o.status), (tx) => sqlRows<ChangedOutcome>(tx, EMAIL_OUTCOMES_SQL, [outcomeInput(outcomes)]));
}
