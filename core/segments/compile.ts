import type { Condition } from './condition.js';
import { compileNode } from './compile-node.js';
import type { Ctx, SegmentRef, SqlFragment } from './sql.js';
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
  // Counted first (linear, without building anything): referenced segments are inlined, so their
  // size multiplies; over MAX_COMPILED_PARAMS this is a small ConditionTooLargeError, never a
  // query of megabytes or a stack overflow.
  assertCompiledSize(condition, opts.segments, opts.describe, opts.field);
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
