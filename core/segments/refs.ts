import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '../errors.js';
import { Segment } from '../../db/entities/index.js';
import type { Condition } from './condition.js';
import type { SegmentRef } from './sql.js';
import { parseField } from './fields.js';

/** Where a `segment.<id>` filter sits in a condition, as a path under it (`groups.0.filters.1`). */
export interface SegmentMention {
  segmentId: string;
  path: (string | number)[];
}

/** Every `segment.<id>` filter of a condition, nested ones included. */
export function segmentMentions(c: Condition, at: (string | number)[] = []): SegmentMention[] {
  const out: SegmentMention[] = [];
  c.groups.forEach((g, gi) => {
    g.filters.forEach((f, fi) => {
      const ref = parseField(f.field);
      if (ref?.family === 'segment') out.push({ segmentId: ref.segmentId, path: [...at, 'groups', gi, 'filters', fi] });
    });
    if (g.conditions) out.push(...segmentMentions(g.conditions, [...at, 'groups', gi, 'conditions']));
  });
  return out;
}

/**
 * The filters that name a segment a condition may not name, as field errors at each filter (in
 * the condition's order): one missing from the project (it would match nobody), or `selfId`, the
 * segment whose own condition this is.
 */
export function segmentRefErrors(mentions: SegmentMention[], refs: ReadonlyMap<string, SegmentRef>, selfId?: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const m of mentions) {
    const field = `${m.path.join('.')}.field`;
    if (m.segmentId === selfId) errors.push({ field, message: 'A segment cannot name itself', code: 'segment_cycle' });
    else if (refs.get(m.segmentId)?.missing) errors.push({ field, message: `Segment ${m.segmentId} does not exist in this project`, code: 'segment_not_found' });
  }
  return errors;
}

/** The distinct segment ids a condition names directly. */
export const segmentIdsOf = (c: Condition | null | undefined) => (c ? [...new Set(segmentMentions(c).map((m) => m.segmentId))] : []);

/**
 * The segments a condition names, and the ones those name, transitively, as compileCondition's
 * `segments` map. An id not found in the project maps to `{type: 'STATIC', missing: true}`:
 * a static segment without member rows, so it matches nobody.
 */
export async function loadSegmentRefs(em: EntityManager, projectId: string, condition: Condition | null | undefined): Promise<Map<string, SegmentRef>> {
  return loadSegmentRefsOf(em, projectId, segmentIdsOf(condition));
}

/** loadSegmentRefs from a list of segment ids (those segments and every one they name, transitively). */
export async function loadSegmentRefsOf(em: EntityManager, projectId: string, ids: string[]): Promise<Map<string, SegmentRef>> {
  const out = new Map<string, SegmentRef>();
  let next = [...new Set(ids)];
  while (next.length > 0) {
    const rows = await em.find(Segment, { projectId, id: { $in: next } }, { fields: ['id', 'type', 'condition', 'refs'] });
    const found: string[] = [];
    for (const s of rows) {
      out.set(s.id, { type: s.type, condition: s.type === 'DYNAMIC' ? ((s.condition ?? null) as Condition | null) : null });
      found.push(...(s.type === 'DYNAMIC' ? s.refs : []));
    }
    for (const id of next) if (!out.has(id)) out.set(id, { type: 'STATIC', condition: null, missing: true });
    next = [...new Set(found)].filter((id) => !out.has(id));
  }
  return out;
}

/**
 * Whether `selfId`'s new condition would reach `selfId` again through the segments it names:
 * the chain of ids from the first named segment back to `selfId`, or null.
 */
export function findCycle(selfId: string, direct: string[], refs: ReadonlyMap<string, SegmentRef>): string[] | null {
  const seen = new Set<string>();
  const walk = (id: string, chain: string[]): string[] | null => {
    if (id === selfId) return chain;
    if (seen.has(id)) return null;
    seen.add(id);
    const ref = refs.get(id);
    for (const next of ref?.condition ? segmentIdsOf(ref.condition) : []) {
      const found = walk(next, [...chain, next]);
      if (found) return found;
    }
    return null;
  };
  for (const id of direct) {
    const found = walk(id, [id]);
    if (found) return found;
  }
  return null;
}
