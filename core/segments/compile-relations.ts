import type { Condition, Filter } from './condition.js';
import { cutoff, fragment, not, raw, sql, type Ctx, type SqlFragment } from './sql.js';

export class UnresolvedSegmentError extends Error {
  constructor(
    readonly segmentId: string,
    readonly reason: 'missing' | 'cycle',
  ) {
    super(
      reason === 'missing'
        ? `segment ${segmentId} is not loaded: pass opts.segments (see loadSegmentRefs)`
        : `segment ${segmentId} refers back to itself`,
    );
  }
}

/**
 * `event.<name>` and `email.<activity>` (the `email.*` events): EXISTS over events, served by the
 * segments migration's indexes. `contact_id is not null` is implied by the join but stated, so a
 * hashed subplan (the EXISTS under an OR) can still use those partial indexes.
 */
export function compileEvent(f: Filter, name: string, ctx: Ctx): SqlFragment {
  const e = raw(`ev${++ctx.seq}`);
  const base = sql`select 1 from events ${e} where ${e}.project_id = ${ctx.projectId} and ${e}.contact_id = ${raw(ctx.alias)}.id and ${e}.contact_id is not null and ${e}.name = ${name}`;
  switch (f.operator) {
    case 'triggered': return sql`exists (${base})`;
    case 'notTriggered': return sql`not exists (${base})`;
    case 'triggeredWithin': return sql`exists (${base} and ${e}.created_at >= ${cutoff(ctx, f)})`;
    case 'triggeredOlderThan': return sql`exists (${base} and ${e}.created_at < ${cutoff(ctx, f)})`;
    case 'notTriggeredWithin': return sql`not exists (${base} and ${e}.created_at >= ${cutoff(ctx, f)})`;
    default: throw new Error(`operator ${f.operator} does not apply to events`);
  }
}

/**
 * `segment.<id>`: a static segment is a probe of segment_members; a dynamic one is its own stored
 * condition over the same row, inline when it is named once in the whole expansion, else compiled
 * once and shared (sharedColumn). Cycles are refused when segments are saved, and again here.
 */
export function compileSegment(f: Filter, segmentId: string, ctx: Ctx): SqlFragment {
  const member = membership(segmentId, ctx);
  const isMember = f.operator === 'exists' || (f.operator === 'equals' && f.value === true) || (f.operator === 'notEquals' && f.value === false);
  return isMember ? member : not(member);
}

export function membership(segmentId: string, ctx: Ctx): SqlFragment {
  const ref = ctx.segments?.get(segmentId);
  if (!ref) throw new UnresolvedSegmentError(segmentId, 'missing');
  if (ctx.visiting.includes(segmentId)) throw new UnresolvedSegmentError(segmentId, 'cycle');
  if (ref.type === 'STATIC' || !ref.condition) {
    const m = raw(`sm${++ctx.seq}`);
    return sql`exists (select 1 from segment_members ${m} where ${m}.segment_id = ${segmentId} and ${m}.contact_id = ${raw(ctx.alias)}.id)`;
  }
  if (ctx.shared?.has(segmentId)) return raw(sharedColumn(segmentId, ref.condition, ctx));
  return sql`(${expand(segmentId, ref.condition, ctx)})`;
}

function expand(segmentId: string, condition: Condition, ctx: Ctx): SqlFragment {
  ctx.visiting.push(segmentId);
  try {
    return fragment(ctx.node(condition));
  } finally {
    ctx.visiting.pop();
  }
}

/**
 * A segment named more than once: its condition compiled the first time only, as
 * `lateral (select (<condition>) as member offset 0) sgN` over the same contacts row (OFFSET 0
 * keeps the planner from pulling the subquery up, which would copy the expression back into
 * every mention); every mention is `sgN.member`. The segments it names are compiled first, so
 * their subqueries come before it.
 */
function sharedColumn(segmentId: string, condition: Condition, ctx: Ctx): string {
  const known = ctx.sharedColumns!.get(segmentId);
  if (known) return known;
  const body = expand(segmentId, condition, ctx);
  const alias = `sg${++ctx.seq}`;
  ctx.laterals!.push(sql`lateral (select (${body}) as member offset 0) ${raw(alias)}`);
  ctx.sharedColumns!.set(segmentId, `${alias}.member`);
  return `${alias}.member`;
}
