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
 * for every sender's hand-off fence (core/campaigns/recipients.ts, handOffFence) held at that
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
