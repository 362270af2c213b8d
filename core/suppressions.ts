import type { EntityManager } from '@mikro-orm/postgresql';
import { Suppression } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { notFound } from './errors.js';
import { normalizeEmail } from './contacts.js';
import { keysetPage } from './paging.js';
import { listParam, sqlRows, sqlOne } from '../db/sql.js';

/*
 * The suppression list: addresses the project never sends to again (transactional or marketing),
 * because they hard-bounced, complained, or were added by hand. Unsubscribing is a contact flag,
 * not a suppression: an unsubscribed contact still gets transactional mail. The exception is an
 * unsubscribe link used after its contact was deleted: the opt-out is kept as an UNSUBSCRIBED
 * suppression of the address, so the deleted contact's data never comes back.
 */
export const SUPPRESSION_REASONS = ['HARD_BOUNCE', 'COMPLAINT', 'MANUAL', 'UNSUBSCRIBED'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * Which of these addresses are on the project's suppression list (hard bounce, complaint, manual),
 * with why. One raw statement: /v1/send and every automation batch ask this, and an ORM find
 * (a query built, entities hydrated into an identity map) cost more than the lookup itself.
 */
export async function findSuppressed(em: EntityManager, projectId: string, emails: string[]): Promise<Pick<Suppression, 'email' | 'reason'>[]> {
  if (emails.length === 0) return [];
  return sqlRows<Pick<Suppression, 'email' | 'reason'>>(
    em,
    `select email, reason from suppressions where project_id = ? and email = ${listParam()}`,
    [projectId, JSON.stringify(emails.map(normalizeEmail))],
  );
}

export interface SuppressionRow {
  id: string;
  email: string;
  reason: SuppressionReason;
  source: string | null;
  createdAt: Date;
}

/**
 * The latest reason and source win (unless the caller keeps the existing one: an unsubscribe must
 * not turn a hard bounce into a weaker reason); `createdAt` stays the time it was first suppressed.
 */
const SUPPRESS_SQL = `
insert into suppressions as s (id, project_id, email, reason, source, created_at)
values (?, ?, ?, ?, ?, now())
on conflict (project_id, email) do update set
  reason = case when ?::boolean then s.reason else excluded.reason end,
  source = case when ?::boolean then s.source else excluded.source end
returning s.id, s.email, s.reason, s.source, s.created_at, (xmax = 0) as inserted`;

/** Adds (or updates) one address on the list, safe under concurrent calls; runs in the caller's transaction. */
export async function suppress(
  em: EntityManager,
  projectId: string,
  email: string,
  reason: SuppressionReason,
  source?: string | null,
  opts: { keepReason?: boolean } = {},
): Promise<{ suppression: SuppressionRow; isNew: boolean }> {
  const row = await sqlOne<Record<string, any>>(em, SUPPRESS_SQL, [newId(), projectId, normalizeEmail(email), reason, source ?? null, opts.keepReason === true, opts.keepReason === true]);
  return {
    suppression: { id: row.id, email: row.email, reason: row.reason, source: row.source ?? null, createdAt: new Date(row.created_at) },
    isNew: row.inserted === true,
  };
}

export async function listSuppressions(em: EntityManager, projectId: string, q: { limit: number; cursor?: string; email?: string }) {
  const where: Record<string, unknown> = { projectId };
  if (q.email) where.email = normalizeEmail(q.email);
  return keysetPage(em, Suppression, where, q);
}

/** Removes an address from the list (mail to it is allowed again); 404 when it is not on it. */
export async function liftSuppression(em: EntityManager, projectId: string, email: string): Promise<void> {
  const rows = await sqlRows<Record<string, any>>(em, 'delete from suppressions where project_id = ? and email = ? returning id', [projectId, normalizeEmail(email)]);
  if (rows.length === 0) throw notFound('Suppression');
}

export const toSuppressionDto = (s: SuppressionRow | Suppression) => ({
  id: s.id,
  email: s.email,
  reason: s.reason as SuppressionReason,
  source: s.source ?? null,
  createdAt: s.createdAt.toISOString(),
});
