import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignStatus } from '../../db/entities/campaign.js';
import { isUuid } from '../../db/ids.js';
import { DomainError, notFound } from '../errors.js';
import { sqlFirst, sqlRows } from '../../db/sql.js';
import { SENDER_LEASE_MARGIN_MS, SENDER_LEASE_MS } from './recipients.js';

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
 * pause), it returns only once every sender's lease on the old status has run out
 * (core/campaigns/recipients.ts, SENDER_LEASE_MS): from then on no message is handed to SMTP.
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
  const sql = `update campaigns set status = ?, updated_at = now()${opts.set ? `, ${opts.set}` : ''}
               where id = ? and project_id = ? and status in (${from.map(() => '?').join(',')}) returning id`;
  const rows = await sqlRows(em, sql, [to, ...(opts.params ?? []), id, projectId, ...from]);
  if (rows.length === 0) {
    const cur = await sqlFirst<{ status: CampaignStatus }>(em, 'select status from campaigns where id = ? and project_id = ?', [id, projectId]);
    if (!cur) throw notFound('Campaign');
    throw conflict(id, cur.status, opts.action);
  }
  if (opts.stopsSenders) await new Promise((r) => setTimeout(r, SENDER_LEASE_MS + SENDER_LEASE_MARGIN_MS));
}
