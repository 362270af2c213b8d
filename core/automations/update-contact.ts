import type { EntityManager } from '@mikro-orm/postgresql';
import { splitDataPatch } from '../contacts.js';
import { sqlRows } from '../../db/sql.js';

/**
 * UPDATE_CONTACT: one statement merges `data` (null removes a key) and sets `subscribed`, so two
 * executions updating the same contact at once both land (a read-modify-write would lose one).
 * `unsubscribed_at` moves as it does for the contacts API: set on true -> false, cleared on -> true.
 */
export async function mergeContact(
  em: EntityManager,
  input: { projectId: string; contactId: string; data?: Record<string, unknown>; subscribed?: boolean },
): Promise<{ data: Record<string, unknown>; subscribed: boolean } | null> {
  const { set, remove } = splitDataPatch(input.data);
  const s = input.subscribed ?? null;
  const rows = await sqlRows<{ data: Record<string, unknown>; subscribed: boolean }>(
    em,
    `update contacts c set
       data = (c.data || ?::jsonb) - array(select jsonb_array_elements_text(?::jsonb)),
       unsubscribed_at = case when coalesce(?::boolean, c.subscribed) = c.subscribed then c.unsubscribed_at when c.subscribed then now() else null end,
       subscribed = coalesce(?::boolean, c.subscribed),
       updated_at = now()
     where c.id = ? and c.project_id = ?
     returning c.data, c.subscribed`,
    [JSON.stringify(set), JSON.stringify(remove), s, s, input.contactId, input.projectId],
  );
  return rows[0] ?? null;
}
