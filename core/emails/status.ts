import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';

/*
 * The status transitions of an email record during delivery, the only statements that change
 * them (activities/delivery/record.ts writes the events beside them). Each is guarded so that a
 * record already SENT, FAILED or BOUNCED is never changed again:
 *   QUEUED/SENDING -> SENDING (an attempt starts) -> SENT | FAILED | BOUNCED.
 */

export type EmailFinalStatus = 'SENT' | 'FAILED' | 'BOUNCED';
const OPEN = `status in ('QUEUED','SENDING')`;
const trimmed = (error: string) => error.slice(0, 1000);

/** QUEUED/SENDING -> SENDING, attempts + 1. False when the record is already final (or gone). */
export async function beginAttempt(em: EntityManager, emailId: string): Promise<boolean> {
  const rows = await sqlRows(em, `update emails set status = 'SENDING', attempts = attempts + 1, updated_at = now() where id = ? and ${OPEN} returning id`, [emailId]);
  return rows.length > 0;
}

/** The record's status and last error, optionally locked for the send (FOR UPDATE), with its contact. */
export async function emailState(
  em: EntityManager,
  emailId: string,
  opts: { lock?: boolean } = {},
): Promise<{ status: string; error: string | null; contactId: string | null } | undefined> {
  const row = await sqlFirst<{ status: string; error: string | null; contact_id: string | null }>(
    em,
    `select status, error, contact_id from emails where id = ?${opts.lock ? ' for update' : ''}`,
    [emailId],
  );
  return row && { status: row.status, error: row.error, contactId: row.contact_id };
}

/** -> SENT at `sentAt` (the send's start on the database clock). Answers the contact, or undefined when the record was already final. */
export async function markSent(em: EntityManager, emailId: string, sentAt: Date): Promise<{ contactId: string | null } | undefined> {
  const [row] = await sqlRows<{ contact_id: string | null }>(
    em,
    `update emails set status = 'SENT', sent_at = ?, error = null, updated_at = now() where id = ? and ${OPEN} returning contact_id`,
    [sentAt, emailId],
  );
  return row && { contactId: row.contact_id };
}

/**
 * Many records -> SENT in one statement, with the events recordSent writes for each (`email.sent`
 * and `email.delivered`, contact as it is at this write) and the per-project name counters: what a
 * batch of hand-offs the server accepted comes to (activities/automation-emails.ts). Records
 * already final are left alone, and get no events. Answers the ids that changed.
 */
export async function markSentMany(em: EntityManager, sent: { id: string; sentAt: Date; response: string; eventIds: [string, string] }[]): Promise<string[]> {
  if (sent.length === 0) return [];
  const v = sent.map((s) => ({ id: s.id, sent_at: s.sentAt.toISOString(), response: s.response, ev1: s.eventIds[0], ev2: s.eventIds[1] }));
  const rows = await sqlRows<{ id: string }>(
    em,
    `with v as (select * from jsonb_to_recordset(?::jsonb) as v(id uuid, sent_at timestamptz, response text, ev1 uuid, ev2 uuid)),
     u as (
       update emails e set status = 'SENT', sent_at = v.sent_at, error = null, updated_at = now()
       from v where e.id = v.id and e.${OPEN}
       returning e.id, e.project_id, e.contact_id, e.campaign_id, e.message_id, e.to_email, v.response, v.ev1, v.ev2),
     ev as (
       insert into events (id, project_id, name, contact_id, email_id, campaign_id, data, created_at)
       select x.id, u.project_id, x.name, u.contact_id, u.id, u.campaign_id,
              jsonb_build_object('messageId', u.message_id, 'to', u.to_email, 'response', u.response), now()
       from u cross join lateral (values (u.ev1, 'email.sent'), (u.ev2, 'email.delivered')) as x(id, name)
       returning project_id, name),
     names as (
       insert into event_names (project_id, name, count, last_seen_at)
       select project_id, name, count(*), now() from ev group by project_id, name
       on conflict (project_id, name) do update set count = event_names.count + excluded.count, last_seen_at = excluded.last_seen_at)
     select id from u`,
    [JSON.stringify(v)],
  );
  return rows.map((r) => r.id);
}

/** A transient refusal: the status stays, the reply is kept as the error (the send is retried). */
export async function noteTransientError(em: EntityManager, emailId: string, error: string): Promise<void> {
  await sqlRun(em, 'update emails set error = ?, updated_at = now() where id = ?', [trimmed(error), emailId]);
}

/** -> FAILED or BOUNCED with the server's reply (the caller holds the record's lock). Answers the contact. */
export async function markRefused(em: EntityManager, emailId: string, status: 'FAILED' | 'BOUNCED', error: string): Promise<{ contactId: string | null }> {
  const [row] = await sqlRows<{ contact_id: string | null }>(em, 'update emails set status = ?, error = ?, updated_at = now() where id = ? returning contact_id', [status, trimmed(error), emailId]);
  return { contactId: row?.contact_id ?? null };
}

/** -> FAILED (every retry used up) unless already final. Answers what the event needs, or undefined. */
export async function markGivenUp(em: EntityManager, emailId: string, error: string) {
  const [row] = await sqlRows<{ project_id: string; contact_id: string | null; campaign_id: string | null; message_id: string; to_email: string }>(
    em,
    `update emails set status = 'FAILED', error = ?, updated_at = now() where id = ? and ${OPEN}
     returning project_id, contact_id, campaign_id, message_id, to_email`,
    [trimmed(error), emailId],
  );
  return row && { projectId: row.project_id, contactId: row.contact_id, campaignId: row.campaign_id, messageId: row.message_id, toEmail: row.to_email };
}
