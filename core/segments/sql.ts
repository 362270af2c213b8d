import type { Condition, Filter } from './condition.js';
import { UNIT_MS, type DateValue, type Operator, type TimeUnit } from './fields.js';

/** A boolean SQL expression with `?` placeholders: no value is ever part of `sql`. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** What the compiler needs to know of a segment named by a `segment.<id>` filter. */
export interface SegmentRef {
  type: 'DYNAMIC' | 'STATIC';
  condition: Condition | null;
  /** Not in the project (loadSegmentRefs): compiled as a static segment with no members. */
  missing?: true;
}

/** State of one compilation. */
export interface Ctx {
  alias: string;
  projectId: string;
  now: Date;
  segments?: ReadonlyMap<string, SegmentRef>;
  /** Numbers subquery aliases so nested ones never shadow each other or the caller's. */
  seq: number;
  /** Segment ids being expanded (cycle guard). */
  visiting: string[];
  /**
   * Dynamic segments named more than once in the whole expansion: each is compiled once, as a
   * boolean column of a LATERAL subquery (`sharedColumns`, in dependency order), and every
   * mention reads that column. The others are compiled inline where they are named.
   */
  shared?: ReadonlySet<string>;
  /** The column each shared segment was compiled to, once compiled. */
  sharedColumns?: Map<string, string>;
  /** The LATERAL subqueries of the shared segments, each after the ones it reads. */
  laterals?: SqlFragment[];
  /** Compiles a nested condition (a referenced dynamic segment's) in this context. */
  node: (c: Condition) => SqlFragment;
}

const FRAGMENT = Symbol('sql fragment');
type Part = SqlFragment & { [FRAGMENT]?: true };

/** SQL text with no values (column names built from code, never from input). */
export const raw = (text: string): SqlFragment => ({ sql: text, params: [], [FRAGMENT]: true }) as Part;

/**
 * sql`a = ${x} and ${other}`: a fragment interpolated is spliced in with its params; any other
 * value becomes a `?` placeholder and a param, so params always follow the text order.
 */
export function sql(strings: TemplateStringsArray, ...parts: unknown[]): SqlFragment {
  let text = strings[0];
  const params: unknown[] = [];
  parts.forEach((p, i) => {
    if (p !== null && typeof p === 'object' && (p as Part)[FRAGMENT]) {
      text += (p as SqlFragment).sql;
      params.push(...(p as SqlFragment).params);
    } else {
      text += '?';
      params.push(p);
    }
    text += strings[i + 1];
  });
  return { sql: text, params, [FRAGMENT]: true } as Part;
}

export function join(parts: SqlFragment[], op: 'and' | 'or'): SqlFragment {
  if (parts.length === 1) return mark(parts[0]);
  return mark({ sql: parts.map((p) => `(${p.sql})`).join(` ${op} `), params: parts.flatMap((p) => p.params) });
}

const mark = (f: SqlFragment): SqlFragment => ({ ...f, [FRAGMENT]: true }) as Part;
/** A fragment built elsewhere (a compiled condition) made splice-able. */
export const fragment = mark;

/** `?, ?, ?`: one placeholder per value (no array parameters, so any executor binds them). */
export const list = (values: unknown[]): SqlFragment => mark({ sql: values.map(() => '?').join(', '), params: values });

/** NULL-safe negation: an unknown test (a missing attribute) counts as false before it is negated. */
export const not = (p: SqlFragment): SqlFragment => sql`not coalesce((${mark(p)}), false)`;

/** The instant `value unit`s before now. */
export const cutoff = (ctx: Ctx, f: Filter) => new Date(ctx.now.getTime() - (f.value as number) * UNIT_MS[f.unit as TimeUnit]);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
export const likePattern = (op: Operator, s: string) =>
  op === 'startsWith' ? `${escapeLike(s)}%` : op === 'endsWith' ? `%${escapeLike(s)}` : `%${escapeLike(s)}%`;

/** A comparison of `e` (a timestamptz, possibly null) with a whole UTC day or an instant. */
export function compareDate(e: SqlFragment, op: Operator, d: DateValue): SqlFragment {
  const day = d.kind === 'day';
  const lo = day ? d.start : d.at;
  const hi = day ? d.end : d.at;
  switch (op) {
    case 'equals': return day ? sql`(${e} >= ${lo} and ${e} < ${hi})` : sql`${e} = ${lo}`;
    case 'notEquals': return day ? sql`(${e} < ${lo} or ${e} >= ${hi})` : sql`${e} <> ${lo}`;
    // A day is a range: after it means from the next day on; "on or before" it takes all of it.
    case 'greaterThan': return day ? sql`${e} >= ${hi}` : sql`${e} > ${hi}`;
    case 'greaterThanOrEqual': return sql`${e} >= ${lo}`;
    case 'lessThan': return sql`${e} < ${lo}`;
    case 'lessThanOrEqual': return day ? sql`${e} < ${hi}` : sql`${e} <= ${hi}`;
    default: throw new Error(`operator ${op} does not compare dates`);
  }
}

/** `within N units`: from N units ago up to now; `olderThan N units`: before N units ago. */
export function compareWindow(e: SqlFragment, f: Filter, ctx: Ctx): SqlFragment {
  return f.operator === 'within' ? sql`(${e} >= ${cutoff(ctx, f)} and ${e} <= ${ctx.now})` : sql`${e} < ${cutoff(ctx, f)}`;
}
