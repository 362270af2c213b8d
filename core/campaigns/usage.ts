import type { EntityManager } from '@mikro-orm/postgresql';
import { domainOf } from '../domains/sender-domains.js';
import { sqlRows } from '../../db/sql.js';

/**
 * Campaigns that will still send from the domain (SCHEDULED, SENDING, PAUSED): deleting the domain
 * would stop their DKIM signing mid-way, so it is refused (409) while they exist. A DRAFT does not
 * hold it: its send is refused later if the domain is gone.
 */
export async function campaignsUsingDomain(em: EntityManager, projectId: string, domain: { domain: string }): Promise<string[]> {
  const rows = await sqlRows<{ id: string; name: string; from_email: string; status: string }>(
    em,
    `select id, name, from_email, status from campaigns where project_id = ? and status in ('SCHEDULED','SENDING','PAUSED') order by id`,
    [projectId],
  );
  return rows.filter((r) => domainOf(r.from_email) === domain.domain).map((r) => `campaign "${r.name}" (${r.id}, ${r.status})`);
}
