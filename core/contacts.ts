import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from '../db/entities/index.js';
import { isUuid } from '../db/ids.js';
import { DomainError, notFound } from './errors.js';
import { keysetPage } from './paging.js';
import { listParam, sqlOne, sqlRows } from '../db/sql.js';
import { CONTACT_INPUT_CTE, normalizeEmail, PREVIOUS_SUBSCRIPTION_CTE, splitDataPatch, UPSERT_CONTACT_BODY, UPSERT_CONTACT_SQL, upsertContactParams, FULL_AUTHORITY, type UpsertAuthority, type UpsertInput } from './contact-upsert.js';
import { recordEvent } from './events/events.js';

export interface ContactRow {
  id: string;
  email: string;
  subscribed: boolean;
  data: Record<string, unknown>;
  timezone?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

// The upsert statement and its consent rule live in contact-upsert.ts; re-exported for callers.
export * from './contact-upsert.js';

/** Those of `emails` (normalized) whose contact opted out of marketing mail, in address order. */
export async function findOptedOut(em: EntityManager, projectId: string, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  // One raw statement, the list as one parameter (db/sql.ts, listParam): the ORM's `$in` of a
  // campaign page's 500 addresses took ~15 ms of PostgreSQL's execution per page, this under 2.5.
  const rows = await sqlRows<{ email: string }>(
    em,
    `select email from contacts where project_id = ? and email = ${listParam()} and unsubscribed_at is not null order by email`,
    [projectId, JSON.stringify(emails.map(normalizeEmail))],
  );
  return rows.map((r) => r.email);
}

export const rowToContact = (r: Record<string, any>): ContactRow => ({
  id: r.id,
  email: r.email,
  subscribed: r.subscribed,
  data: r.data ?? {},
  timezone: r.timezone ?? null,
  createdAt: new Date(r.created_at ?? r.createdAt),
  updatedAt: new Date(r.updated_at ?? r.updatedAt),
});

export async function upsertContact(
  em: EntityManager,
  projectId: string,
  input: UpsertInput,
  /**
   * `subscriptionEvent`: the `source` of the subscription event recorded when `subscribed` is given and sets the state.
   * `dataMode`: how `data` and a given `timezone` change an existing contact (UpsertAuthority; `all` unless given).
   * `keepOptOut`: `subscribed: true` never undoes an opt-out (UpsertAuthority).
   */
  opts: { defaultSubscribed: boolean; subscriptionEvent?: 'api' | 'send'; dataMode?: UpsertAuthority['dataMode']; keepOptOut?: boolean },
): Promise<{ contact: ContactRow; isNew: boolean }> {
  const source = opts.subscriptionEvent;
  const authority: UpsertAuthority = { ...FULL_AUTHORITY, dataMode: opts.dataMode ?? FULL_AUTHORITY.dataMode, keepOptOut: opts.keepOptOut };
  if (source && input.subscribed !== undefined) {
    return em.transactional(async (tx) => {
      const row = await sqlOne<Record<string, any>>(tx, UPSERT_CONTACT_WITH_PREVIOUS_SQL, upsertContactParams(projectId, input, opts.defaultSubscribed, authority));
      const contact = rowToContact(row);
      const isNew = row.inserted === true;
      if (isNew || row.previous_subscribed !== contact.subscribed) await recordSubscriptionEvent(tx, projectId, contact, source);
      return { contact, isNew };
    });
  }
  const row = await sqlOne<Record<string, any>>(em, UPSERT_CONTACT_SQL, upsertContactParams(projectId, input, opts.defaultSubscribed, authority));
  return { contact: rowToContact(row), isNew: row.inserted === true };
}

/** The upsert, answering also `subscribed` as it was before it. */
const UPSERT_CONTACT_WITH_PREVIOUS_SQL = `with ${CONTACT_INPUT_CTE},
${PREVIOUS_SUBSCRIPTION_CTE}
upserted as (${UPSERT_CONTACT_BODY}
)
select upserted.*, (select subscribed from prev) as previous_subscribed from upserted`;

/**
 * `contact.subscribed` or `contact.unsubscribed` when the secret key's API or a send set a
 * contact's subscription (a new contact, or a change), as /v1/track records it: automations
 * triggered by those events see every opt-in and opt-out, whichever door it came through.
 */
function recordSubscriptionEvent(em: EntityManager, projectId: string, contact: { id: string; subscribed: boolean }, source: 'api' | 'send') {
  return recordEvent(em, { projectId, name: contact.subscribed ? 'contact.subscribed' : 'contact.unsubscribed', contactId: contact.id, data: { source } });
}

/** `lock`: the row is locked until the caller's transaction ends (for a read-merge-write). */
export async function getContact(em: EntityManager, projectId: string, id: string, opts: { lock?: boolean } = {}): Promise<Contact> {
  const contact = isUuid(id) ? await em.findOne(Contact, { id, projectId }, opts.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) : null;
  if (!contact) throw notFound('Contact');
  return contact;
}

export async function updateContact(
  em: EntityManager,
  projectId: string,
  id: string,
  patch: { email?: string; subscribed?: boolean; data?: Record<string, unknown>; timezone?: string | null },
): Promise<Contact> {
  // The row is locked for the read-merge-write: two PATCHes setting different data keys both land.
  return em.transactional(async (tx) => {
    const contact = await getContact(tx, projectId, id, { lock: true });
    const email = patch.email === undefined ? undefined : normalizeEmail(patch.email);
    if (email !== undefined && email !== contact.email && (await tx.count(Contact, { projectId, email })) > 0) {
      throw new DomainError('CONFLICT', `A contact with email ${email} already exists`, {
        suggestion: 'Update that contact instead, or delete it first.',
      });
    }
    if (email !== undefined) contact.email = email;
    const subscriptionChanged = patch.subscribed !== undefined && patch.subscribed !== contact.subscribed;
    if (patch.subscribed !== undefined) {
      // The secret key's word is final: a false is an opt-out a public key cannot undo.
      contact.unsubscribedAt = patch.subscribed ? null : (contact.unsubscribedAt ?? new Date());
      contact.optOutSource = null;
      contact.subscribed = patch.subscribed;
    }
    if (patch.timezone !== undefined) contact.timezone = patch.timezone;
    if (patch.data !== undefined) {
      const { set, remove } = splitDataPatch(patch.data);
      const next = { ...contact.data, ...set };
      for (const k of remove) delete next[k];
      contact.data = next;
    }
    await tx.flush();
    if (subscriptionChanged) await recordSubscriptionEvent(tx, projectId, contact, 'api');
    return contact;
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function listContacts(
  em: EntityManager,
  projectId: string,
  q: { limit: number; cursor?: string; subscribed?: boolean; search?: string },
) {
  const where: Record<string, unknown> = { projectId };
  if (q.subscribed !== undefined) where.subscribed = q.subscribed;
  if (q.search) where.email = { $ilike: `%${escapeLike(q.search.trim().toLowerCase())}%` };
  return keysetPage(em, Contact, where, q);
}

export const toContactDto = (c: ContactRow | Contact) => ({
  id: c.id,
  email: c.email,
  subscribed: c.subscribed,
  data: c.data ?? {},
  timezone: c.timezone ?? null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
