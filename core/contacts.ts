import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from '../db/entities/index.js';
import { isUuid, newId } from '../db/ids.js';
import { DomainError, notFound } from './errors.js';
import { keysetPage } from './paging.js';

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
  /** For a new contact, when it differs from `subscribed` (a public key's refused change still decides a new contact's state). */
  subscribedIfNew?: boolean;
  data?: Record<string, unknown>;
}

/**
 * Who is writing, and so what the upsert may change on an existing contact. The secret key (and
 * the service itself) has full control; a public key is limited by the project's policy
 * (core/consent/public-key-policy.ts): its `subscribed: true` never undoes an opt-out other than
 * one it made itself, and never subscribes a suppressed address.
 */
export interface UpsertAuthority {
  publicKey: boolean;
  /** How `data` changes an existing contact: `all` merges and removes, `add` only adds missing keys, `none` ignores it. */
  dataMode: 'all' | 'add' | 'none';
}
export const FULL_AUTHORITY: UpsertAuthority = { publicKey: false, dataMode: 'all' };

/** The upsert's inputs, bound once; the statements below read them from here. */
export const CONTACT_INPUT_CTE = `
input as (
  select i.*, i.public_key and exists (select 1 from suppressions s where s.project_id = i.project_id and s.email = i.email) as suppressed
  from (select ?::uuid as id, ?::uuid as project_id, ?::text as email, ?::boolean as requested, ?::boolean as requested_new, ?::boolean as default_subscribed,
               ?::boolean as public_key, ?::jsonb as set_data, ?::jsonb as remove_keys, ?::text as data_mode) i
)`;

const I = (col: string) => `(select ${col} from input)`;
/**
 * The requested `subscribed` after the consent rule, on the live row `c` (so a concurrent opt-out
 * cannot be overwritten): null when nothing changes. A public key's true is dropped for an address
 * on the suppression list or a contact that opted out other than through a public key.
 */
const EFFECTIVE = `(case when ${I('requested')} and ${I('public_key')} and (${I('suppressed')} or (c.unsubscribed_at is not null and c.opt_out_source is distinct from 'public_key')) then null else ${I('requested')} end)`;

/**
 * Insert or update by (project, email) in one statement, safe under concurrent upserts of the
 * same address. `subscribed` changes an existing contact only when given (and allowed); `data` per
 * the data mode. `unsubscribed_at` is the opt-out: set by an explicit false, cleared by a true;
 * `opt_out_source` says when a public key made it (the only opt-out a public key may undo).
 * A new contact starts opted out when created with false, or from a public key on a suppressed address.
 */
export const UPSERT_CONTACT_BODY = `
insert into contacts as c (id, project_id, email, subscribed, unsubscribed_at, opt_out_source, data, created_at, updated_at)
select id, project_id, email, coalesce(requested_new, default_subscribed) and not suppressed,
  case when suppressed or not requested_new then now() end, case when public_key and not suppressed and not requested_new then 'public_key' end, set_data, now(), now()
from input
on conflict (project_id, email) do update set
  subscribed = coalesce(${EFFECTIVE}, c.subscribed),
  unsubscribed_at = case when ${EFFECTIVE} is null then c.unsubscribed_at when ${EFFECTIVE} then null else coalesce(c.unsubscribed_at, now()) end,
  opt_out_source = case when ${EFFECTIVE} is null then c.opt_out_source when ${EFFECTIVE} then null
    when ${I('public_key')} and not (c.unsubscribed_at is not null and c.opt_out_source is null) then 'public_key' else null end,
  data = case ${I('data_mode')}
    when 'none' then c.data
    when 'add' then ${I('set_data')} || c.data
    else (c.data || ${I('set_data')}) - array(select jsonb_array_elements_text(${I('remove_keys')})) end,
  updated_at = now()
returning c.id, c.email, c.subscribed, c.data, c.created_at, c.updated_at, (xmax = 0) as inserted`;

export const UPSERT_CONTACT_SQL = `with ${CONTACT_INPUT_CTE}\n${UPSERT_CONTACT_BODY}`;

/** The parameters of CONTACT_INPUT_CTE, in order. */
export function upsertContactParams(projectId: string, input: UpsertInput, defaultSubscribed: boolean, authority: UpsertAuthority = FULL_AUTHORITY): unknown[] {
  const { set, remove } = splitDataPatch(input.data);
  return [
    newId(),
    projectId,
    normalizeEmail(input.email),
    input.subscribed ?? null,
    ('subscribedIfNew' in input ? input.subscribedIfNew : input.subscribed) ?? null,
    defaultSubscribed,
    authority.publicKey,
    JSON.stringify(set),
    JSON.stringify(remove),
    authority.dataMode,
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
  const row = await em
    .getConnection()
    .execute<Record<string, any>>(UPSERT_CONTACT_SQL, upsertContactParams(projectId, input, opts.defaultSubscribed), 'get', em.getTransactionContext());
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
    // The secret key's word is final: a false is an opt-out a public key cannot undo.
    contact.unsubscribedAt = patch.subscribed ? null : (contact.unsubscribedAt ?? new Date());
    contact.optOutSource = null;
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
