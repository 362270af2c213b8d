import type { EntityManager } from '@mikro-orm/postgresql';

export interface SegmentUser {
  kind: 'segment' | 'campaign';
  id: string;
  name: string;
}

/**
 * What keeps a segment from being deleted: other segments whose condition names it. Campaigns
 * that are DRAFT, SCHEDULED or SENDING with this segment as audience belong here too (their
 * query is added with the campaigns table).
 */
export async function segmentUsers(em: EntityManager, projectId: string, segmentId: string): Promise<SegmentUser[]> {
  const rows = await em
    .getConnection()
    .execute<{ id: string; name: string }[]>(
      'select id, name from segments where project_id = ? and refs @> ?::jsonb and id <> ? order by name',
      [projectId, JSON.stringify([segmentId]), segmentId],
      'all',
      em.getTransactionContext(),
    );
  return rows.map((r) => ({ kind: 'segment' as const, id: r.id, name: r.name }));
}
