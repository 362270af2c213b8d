import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRun } from '../../db/sql.js';

/**
 * Sets a contact's `timezone` (null clears it: the project's zone applies). `mode` is how a
 * caller's `data` may change an existing contact (a public key's policy, core/consent): `add`
 * only fills a missing zone, `none` leaves it, `all` sets it. The zone is validated at the edge.
 */
export async function setContactTimezone(em: EntityManager, projectId: string, contactId: string, timezone: string | null, mode: 'all' | 'add' | 'none' = 'all'): Promise<void> {
  if (mode === 'none') return;
  await sqlRun(
    em,
    `update contacts set timezone = ?, updated_at = now() where id = ? and project_id = ? and timezone is distinct from ?${mode === 'add' ? ' and timezone is null' : ''}`,
    [timezone, contactId, projectId, timezone],
  );
}
