import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../../db/entities/campaign.js';
import type { Condition } from '../segments/condition.js';
import { compileConditionWithSegments, segmentMembership } from '../segments/membership.js';
import type { SqlFragment } from '../segments/sql.js';
import { sqlOne, sqlRows } from '../../db/sql.js';
import { mayReceiveMarketingSql } from '../consent/marketing.js';

export type AudienceSpec = Pick<Campaign, 'projectId' | 'type' | 'audienceType' | 'segmentId' | 'audienceFilter'>;

/**
 * Who the campaign is for, as an expression over `c`: ALL, a segment's members, or a condition.
 * MARKETING campaigns only reach contacts that may receive marketing mail (core/consent/marketing.ts); TRANSACTIONAL ones reach
 * every contact of the audience (suppressed addresses are skipped at send time for both).
 */
export async function audienceExpression(em: EntityManager, a: AudienceSpec): Promise<SqlFragment> {
  const base = await audienceBase(em, a);
  if (a.type !== 'MARKETING') return base;
  return { sql: `(${base.sql}) and ${mayReceiveMarketingSql('c')}`, params: base.params };
}

async function audienceBase(em: EntityManager, a: AudienceSpec): Promise<SqlFragment> {
  switch (a.audienceType) {
    case 'ALL':
      return { sql: 'true', params: [] };
    case 'SEGMENT':
      return segmentMembership(em, a.projectId, a.segmentId ?? '');
    case 'FILTERED':
      return compileConditionWithSegments(em, a.audienceFilter as Condition, { projectId: a.projectId });
  }
}

/** The next `limit` audience contacts after contact id `after` (keyset on id). */
export async function audiencePage(em: EntityManager, a: AudienceSpec, after: string | null, limit: number): Promise<{ id: string; email: string }[]> {
  const expr = await audienceExpression(em, a);
  return sqlRows<{ id: string; email: string }>(
    em,
    `select c.id, c.email from contacts c where c.project_id = ? and (${expr.sql}) and c.id > ? order by c.id limit ?`,
    [a.projectId, ...expr.params, after ?? '00000000-0000-0000-0000-000000000000', limit],
  );
}

/** How many contacts the audience has now (once per campaign, when sending starts). */
export async function audienceCount(em: EntityManager, a: AudienceSpec): Promise<number> {
  const expr = await audienceExpression(em, a);
  const row = await sqlOne<{ n: string }>(em, `select count(*) as n from contacts c where c.project_id = ? and (${expr.sql})`, [a.projectId, ...expr.params]);
  return Number(row.n);
}

/** Whether anyone at all is in the audience (the send's "audience of 0" 409). */
export async function audienceIsEmpty(em: EntityManager, a: AudienceSpec): Promise<boolean> {
  const expr = await audienceExpression(em, a);
  const row = await sqlOne<{ any: boolean }>(em, `select exists(select 1 from contacts c where c.project_id = ? and (${expr.sql})) as any`, [a.projectId, ...expr.params]);
  return !row.any;
}
