import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignStatus } from '../../db/entities/campaign.js';
import { isUuid } from '../../db/ids.js';
import { DomainError, notFound } from '../errors.js';
import { sqlFirst, sqlRows } from '../../db/sql.js';

/** What each status may become, and through which operation (the 409 names them). */
export const ALLOWED: Record<CampaignStatus, { to: CampaignStatus; via: string }[]> = {
  DRAFT: [{ to: 'SCHEDULED', via: 'send' }],
  SCHEDULED: [
    { to: 'SCHEDULED', via: 'send (reschedule)' },
    { to: 'SENDING', via: 'the scheduled time' },
    { to: 'CANCELLED', via: 'cancel' },
  ],
  SENDING: [
    { to: 'PAUSED', via: 'pause' },
    { to: 'CANCELLED', via: 'cancel' },
    { to: 'SENT', via: 'the last message' },
  ],
  PAUSED: [
    { to: 'SENDING', via: 'resume' },
    { to: 'CANCELLED', via: 'cancel' },
  ],
  SENT: [],
  CANCELLED: [],
};

export function describeAllowed(status: CampaignStatus): string {
  const next = ALLOWED[status];
  return next.length === 0 ? 'nothing: it is final' : next.map((n) => `${n.to} (${n.via})`).join(', ');
}

export function conflict(id: string, status: CampaignStatus, action: string): DomainError {
  return new DomainError('CONFLICT', `Campaign ${id} is ${status}: cannot ${action}. Allowed from ${status}: ${describeAllowed(status)}.`, {
    suggestion: 'GET /campaigns/{id} shows the current status.',
  });
}

/**
 * Moves the campaign from one of `from` to `to` in one conditional UPDATE (the race-free part:
 * of two concurrent callers exactly one sees a row back), with `set` applied in the same
 * statement. Otherwise a 404 or a 409 naming the current status. With `stopsSenders` (cancel,
 * pause) the same statement first locks the row FOR UPDATE and bumps `send_epoch`: the lock waits
 * for every sender's hand-off fence (core/campaigns/recipients.ts, admitHandOffs) held at that
 * moment, i.e. until their MAIL FROM is written, and the new status and epoch fail every later
 * fence. So once this returns, no message is handed to SMTP: a fence, not a wait.
 */
export async function transition(
  em: EntityManager,
  projectId: string,
  id: string,
  from: CampaignStatus[],
  to: CampaignStatus,
  opts: { action: string; set?: string; params?: unknown[]; stopsSenders?: boolean },
): Promise<void> {
  if (!isUuid(id)) throw notFound('Campaign');
  const set = [opts.set, opts.stopsSenders ? 'send_epoch = send_epoch + 1' : undefined].filter(Boolean).map((x) => `, ${x}`).join('');
  // FOR UPDATE (not the UPDATE's own FOR NO KEY UPDATE lock) is what conflicts with the fences' KEY SHARE.
  const lock = opts.stopsSenders ? 'and id = (select id from campaigns where id = ? for update)' : '';
  const sql = `update campaigns set status = ?, updated_at = now()${set}
               where id = ? and project_id = ? and status in (${from.map(() => '?').join(',')}) ${lock} returning id`;
  const rows = await sqlRows(em, sql, [to, ...(opts.params ?? []), id, projectId, ...from, ...(opts.stopsSenders ? [id] : [])]);
  if (rows.length === 0) {
    const cur = await sqlFirst<{ status: CampaignStatus }>(em, 'select status from campaigns where id = ? and project_id = ?', [id, projectId]);
    if (!cur) throw notFound('Campaign');
    throw conflict(id, cur.status, opts.action);
  }
}

/*
 * The transitions the sending workflow makes (no project check, no 409: the workflow owns the
 * campaign while it runs; a campaign that moved on is answered with its status).
 */

/** SCHEDULED -> SENDING once the stored scheduled time has come. Then the status, and how long until the scheduled time. */
export async function startWhenDue(em: EntityManager, id: string): Promise<{ started: boolean; status: CampaignStatus; waitMs: number } | undefined> {
  const started = await sqlRows(
    em,
    `update campaigns set status = 'SENDING', started_at = now(), updated_at = now()
     where id = ? and status = 'SCHEDULED' and scheduled_at <= now() returning id`,
    [id],
  );
  const row = await sqlFirst<{ status: CampaignStatus; wait_ms: number }>(
    em,
    `select status, greatest(0, extract(epoch from scheduled_at - now()) * 1000)::float8 as wait_ms from campaigns where id = ?`,
    [id],
  );
  return row && { started: started.length > 0, status: row.status, waitMs: Number(row.wait_ms) };
}

/** SENDING (or PAUSED after the last page) -> SENT; a cancelled campaign stays CANCELLED. Returns the status after. */
export async function finishSending(em: EntityManager, id: string): Promise<CampaignStatus | undefined> {
  const [row] = await sqlRows<{ status: CampaignStatus }>(
    em,
    `with done as (update campaigns set status = 'SENT', sent_at = now(), updated_at = now() where id = ? and status in ('SENDING','PAUSED') returning status)
     select coalesce((select status from done), (select status from campaigns where id = ?)) as status`,
    [id, id],
  );
  return row?.status ?? undefined;
}

/** The status and send_epoch in one read: a sender's hand-off fences hold only while both are still these. */
export async function sendingState(em: EntityManager, id: string): Promise<{ status: CampaignStatus; epoch: number } | undefined> {
  const row = await sqlFirst<{ status: CampaignStatus; send_epoch: number }>(em, 'select status, send_epoch from campaigns where id = ?', [id]);
  return row && { status: row.status, epoch: row.send_epoch };
}
