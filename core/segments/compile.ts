import type { Condition } from './condition.js';
import { compileNode } from './compile-node.js';
import { parseField } from './fields.js';
import { fragment, raw, sql, type Ctx, type SegmentRef, type SqlFragment } from './sql.js';
import { assertCompiledSize } from './size.js';

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
  /** What the condition is, in the error when it is too large (default "The condition"). */
  describe?: string;
  /** The input field the condition came from, in that error (default `condition`). */
  field?: string;
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
  // Counted first (linear, without building anything), as the condition expanded: over
  // MAX_COMPILED_PARAMS this is a small ConditionTooLargeError before any SQL is built.
  assertCompiledSize(condition, opts.segments, opts.describe, opts.field);
  const ctx: Ctx = {
    alias,
    projectId: opts.projectId,
    now: opts.now ?? new Date(),
    segments: opts.segments,
    seq: 0,
    visiting: [],
    shared: namedMoreThanOnce(condition, opts.segments),
    sharedColumns: new Map(),
    laterals: [],
    node: (c) => compileNode(c, ctx),
  };
  const out = compileNode(condition, ctx);
  if (ctx.laterals!.length === 0) return { sql: out.sql, params: out.params };
  // The segments named more than once, each compiled once as a column over the same contacts
  // row; the condition reads those columns. One row in, one boolean out: the same answer as
  // the inline expansion, in SQL linear in the distinct segments.
  const shared = sql`exists (select 1 from ${raw(ctx.laterals!.map((l) => l.sql).join(', '))} where ${fragment(out)})`;
  return { sql: shared.sql, params: [...ctx.laterals!.flatMap((l) => l.params), ...out.params] };
}

/**
 * The dynamic segments named at two places or more of the expansion: the condition and the
 * conditions of every dynamic segment it reaches, each counted once (a segment named once is
 * expanded once, so its own mentions are written once too).
 */
function namedMoreThanOnce(condition: Condition, segments: ReadonlyMap<string, SegmentRef> | undefined): Set<string> {
  const mentions = new Map<string, number>();
  const walk = (c: Condition) => {
    for (const g of c.groups) {
      for (const f of g.filters) {
        const ref = parseField(f.field);
        if (ref?.family !== 'segment') continue;
        const seg = segments?.get(ref.segmentId);
        if (!seg || seg.type === 'STATIC' || !seg.condition) continue;
        const n = (mentions.get(ref.segmentId) ?? 0) + 1;
        mentions.set(ref.segmentId, n);
        if (n === 1) walk(seg.condition);
      }
      if (g.conditions) walk(g.conditions);
    }
  };
  walk(condition);
  return new Set([...mentions].filter(([, n]) => n > 1).map(([id]) => id));
}
