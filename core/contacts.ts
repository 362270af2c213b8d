import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from '../db/entities/index.js';
import { isUuid, newId } from '../db/ids.js';
import { DomainError, notFound } from './errors.js';
import { keysetPage } from './paging.js';
import { sqlOne } from '../db/sql.js';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Splits a data patch into keys to set and keys to remove (`null` removes). */
export function splitDataPatch(patch: Record<string, unknown> | undefined): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) remove.push(k);
    else if (v !== undefined) set[k] = v;
  }
  return { set, remove };
}

export interface ContactRow {
  id: string;
  email: string;
  subscribed: boolean;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export interface UpsertInput {
  email: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
}

/**
 * Insert or update by (project, email) in one statement, safe under concurrent upserts of the
 * same address. `subscribed` changes an existing contact only when given; `data` is merged.
 * `unsubscribed_at` (the opt-out) moves only with a change of `subscribed`: set when it goes from
 * true to false, cleared when it goes back to true.
 */
export const UPSERT_CONTACT_SQL = `
insert into contacts as c (id, project_id, email, subscribed, data, created_at, updated_at)
values (?, ?, ?, ?, ?::jsonb, now(), now())
on conflict (project_id, email) do update set
  subscribed = coalesce(?::boolean, c.subscribed),
  unsubscribed_at = case when coalesce(?::boolean, c.subscribed) = c.subscribed then c.unsubscribed_at when c.subscribed then now() else null end,
  data = (c.data || ?::jsonb) - array(select jsonb_array_elements_text(?::jsonb)),
  updated_at = now()
returning c.id, c.email, c.subscribed, c.data, c.created_at, c.updated_at, (xmax = 0) as inserted`;

export function upsertContactParams(projectId: string, input: UpsertInput, defaultSubscribed: boolean): unknown[] {
  const { set, remove } = splitDataPatch(input.data);
  const setJson = JSON.stringify(set);
  return [
    newId(),
    projectId,
    normalizeEmail(input.email),
    input.subscribed ?? defaultSubscribed,
    setJson,
    input.subscribed ?? null,
    input.subscribed ?? null,
    setJson,
    JSON.stringify(remove),
  ];
}

/** Those of `emails` (normalized) whose contact opted out of marketing mail, in address order. */
export async function findOptedOut(em: EntityManager, projectId: string, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const contacts = await em.find(Contact, { projectId, email: { $in: emails.map(normalizeEmail) }, unsubscribedAt: { $ne: null } }, { orderBy: { email: 'asc' } });
  return contacts.map((c) => c.email);
}

export const rowToContact = (r: Record<string, any>): ContactRow => ({
  id: r.id,
  email: r.email,
  subscribed: r.subscribed,
  data: r.data ?? {},
  createdAt: new Date(r.created_at ?? r.createdAt),
  updatedAt: new Date(r.updated_at ?? r.updatedAt),
});

export async function upsertContact(
  em: EntityManager,
  projectId: string,
  input: UpsertInput,
  opts: { defaultSubscribed: boolean },
): Promise<{ contact: ContactRow; isNew: boolean }> {
  const row = await sqlOne<Record<string, any>>(em, UPSERT_CONTACT_SQL, upsertContactParams(projectId, input, opts.defaultSubscribed));
  return { contact: rowToContact(row), isNew: row.inserted === true };
}

export async function getContact(em: EntityManager, projectId: string, id: string): Promise<Contact> {
  const contact = isUuid(id) ? await em.findOne(Contact, { id, projectId }) : null;
  if (!contact) throw notFound('Contact');
  return contact;
}

export async function updateContact(
  em: EntityManager,
  projectId: string,
  id: string,
  patch: { email?: string; subscribed?: boolean; data?: Record<string, unknown> },
): Promise<Contact> {
  const contact = await getContact(em, projectId, id);
  if (patch.email !== undefined) {
    const email = normalizeEmail(patch.email);
    if (email !== contact.email && (await em.count(Contact, { projectId, email })) > 0) {
      throw new DomainError('CONFLICT', `A contact with email ${email} already exists`, {
        suggestion: 'Update that contact instead, or delete it first.',
      });
    }
    contact.email = email;
  }
  if (patch.subscribed !== undefined) {
    if (patch.subscribed) contact.unsubscribedAt = null;
    else if (contact.subscribed) contact.unsubscribedAt = new Date();
    contact.subscribed = patch.subscribed;
  }
  if (patch.data !== undefined) {
    const { set, remove } = splitDataPatch(patch.data);
    const next = { ...contact.data, ...set };
    for (const k of remove) delete next[k];
    contact.data = next;
  }
  await em.flush();
  return contact;
}

export async function deleteContact(em: EntityManager, projectId: string, id: string): Promise<void> {
  const contact = await getContact(em, projectId, id);
  await em.remove(contact).flush();
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
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
