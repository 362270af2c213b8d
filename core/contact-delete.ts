import type { EntityManager } from '@mikro-orm/postgresql';
import { getContact } from './contacts.js';
import { leaveSegmentsOnContactDelete } from './segments/members.js';

/**
 * DELETE /contacts/{id}: one transaction in which the contact leaves its segments (counts and
 * `segment.<id>.exit` events, see leaveSegmentsOnContactDelete) and is deleted; its events stay,
 * detached. Apart from contacts.ts because the segment rules import contacts.ts.
 */
export async function deleteContact(em: EntityManager, projectId: string, id: string): Promise<void> {
  const contact = await getContact(em, projectId, id);
  await em.transactional(async (tx) => {
    await leaveSegmentsOnContactDelete(tx, projectId, contact.id);
    tx.remove(contact);
  });
}
