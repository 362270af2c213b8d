import type { Condition, Filter } from './condition.js';
import { compileData } from './compile-data.js';
import { compileColumnDate, compileEmail, compileSubscribed } from './compile-columns.js';
import { compileEvent, compileSegment } from './compile-relations.js';
import { parseField } from './fields.js';
import { join, raw, type Ctx, type SegmentRef, type SqlFragment } from './sql.js';

export type { SegmentRef, SqlFragment };
export { UnresolvedSegmentError } from './compile-relations.js';

export interface CompileOptions {
  projectId: string;
  /** Alias of the contacts row the expression tests (default `c`). */
  alias?: string;
  /** The "now" of windows such as `within 7 days` (default: the current time). */
  now?: Date;
  /**
   * Every segment that `segment.<id>` filters name, transitively (`loadSegmentRefs` reads them).
   * A reference to a segment missing here throws UnresolvedSegmentError.
   */
  segments?: ReadonlyMap<string, SegmentRef>;
}

const IDENT = /^[a-z_][a-z0-9_]*$/i;

/**
 * Compiles a condition (validated by ConditionSchema) into one boolean expression over the
 * contacts row `alias`. Event, email-activity and segment subqueries are scoped to `projectId`.
 * Values are parameters; `in` lists expand to one placeholder per value (no array parameters).
 */
export function compileCondition(condition: Condition, opts: CompileOptions): SqlFragment {
  const alias = opts.alias ?? 'c';
  if (!IDENT.test(alias)) throw new Error(`invalid alias ${JSON.stringify(alias)}`);
  const ctx: Ctx = {
    alias,
    projectId: opts.projectId,
    now: opts.now ?? new Date(),
    segments: opts.segments,
    seq: 0,
    visiting: [],
    node: (c) => compileNode(c, ctx),
  };
  const out = compileNode(condition, ctx);
  return { sql: out.sql, params: out.params };
}

function compileNode(c: Condition, ctx: Ctx): SqlFragment {
  const groups = c.groups.map((g) => {
    const parts = g.filters.map((f) => compileFilter(f, ctx));
    if (g.conditions) parts.push(compileNode(g.conditions, ctx));
    return parts.length ? join(parts, 'and') : raw('true');
  });
  return join(groups, c.logic === 'OR' ? 'or' : 'and');
}

function compileFilter(f: Filter, ctx: Ctx): SqlFragment {
  const ref = parseField(f.field);
  if (!ref) throw new Error(`unknown field ${f.field} (validate the condition with ConditionSchema first)`);
  switch (ref.family) {
    case 'email': return compileEmail(f, raw(`${ctx.alias}.email`));
    case 'subscribed': return compileSubscribed(f, raw(`${ctx.alias}.subscribed`));
    case 'date': return compileColumnDate(f, raw(`${ctx.alias}.${ref.column}`), ctx);
    case 'data': return compileData(f, ref.path, ctx);
    case 'event': return compileEvent(f, ref.name, ctx);
    case 'segment': return compileSegment(f, ref.segmentId, ctx);
  }
}
