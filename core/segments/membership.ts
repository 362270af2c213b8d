import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../db/ids.js';
import { Segment } from '../../db/entities/index.js';
import { notFound } from '../errors.js';
import { compileCondition, type CompileOptions } from './compile.js';
import type { Condition } from './condition.js';
import { loadSegmentRefs } from './refs.js';
import type { SqlFragment } from './sql.js';

/**
 * compileCondition for a condition that may name segments: loads them (transitively) first. A
 * named segment no longer in the project matches nobody (its deletion was refused while it was
 * referenced by a segment, but a stored campaign filter may still name it).
 */
export async function compileConditionWithSegments(em: EntityManager, condition: Condition, opts: Omit<CompileOptions, 'segments'>): Promise<SqlFragment> {
  const segments = await loadSegmentRefs(em, opts.projectId, condition);
  return compileCondition(condition, { ...opts, segments });
}

/**
 * Is the contacts row `c` a member of the segment: for STATIC a segment_members probe, for
 * DYNAMIC its stored condition (live). Throws the 404 error when the segment is not in the project.
 */
export async function segmentMembership(em: EntityManager, projectId: string, segmentId: string, opts: { alias?: string; now?: Date } = {}): Promise<SqlFragment> {
  const segment = isUuid(segmentId) ? await em.findOne(Segment, { id: segmentId, projectId }) : null;
  if (!segment) throw notFound('Segment');
  return segmentExpression(em, segment, opts);
}

/** The membership expression of a loaded segment. */
export async function segmentExpression(em: EntityManager, segment: Segment, opts: { alias?: string; now?: Date } = {}): Promise<SqlFragment> {
  const alias = opts.alias ?? 'c';
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`invalid alias ${JSON.stringify(alias)}`);
  if (segment.type === 'STATIC' || !segment.condition) {
    return {
      sql: `exists (select 1 from segment_members sm0 where sm0.segment_id = ? and sm0.contact_id = ${alias}.id)`,
      params: [segment.id],
    };
  }
  return compileConditionWithSegments(em, segment.condition as unknown as Condition, {
    projectId: segment.projectId,
    alias,
    now: opts.now,
    describe: `The condition of segment ${segment.id}`,
  });
}
