import type { Filter, Scalar } from './condition.js';
import { parseDateValue, type DateValue } from './fields.js';
import { compareDate, compareWindow, cutoff, join, likePattern, list, not, raw, sql, type Ctx, type SqlFragment } from './sql.js';

const COMPARE = { greaterThan: '>', lessThan: '<', greaterThanOrEqual: '>=', lessThanOrEqual: '<=' } as const;

/**
 * `data.<path>` filters. Equality, `in` and array membership are jsonb containment (`@>`), which
 * the GIN index on contacts.data serves. Values compare by JSON type: a number only with numbers,
 * a date value only with strings that parse as dates (`condition_timestamptz`, created by the
 * segments migration); a missing key or JSON null never matches a negative or comparison operator.
 */
export function compileData(f: Filter, path: string[], ctx: Ctx): SqlFragment {
  const data = raw(`${ctx.alias}.data`);
  const keys = list(path);
  const value = sql`jsonb_extract_path(${data}, ${keys})`;
  const text = sql`jsonb_extract_path_text(${data}, ${keys})`;
  const present = sql`coalesce(jsonb_typeof(${value}), 'null') <> 'null'`;
  const asDate = sql`condition_timestamptz(${value})`;
  const contains = (v: unknown) => sql`${data} @> ${JSON.stringify(nest(path, v))}::jsonb`;
  const like = (pattern: string) => sql`(jsonb_typeof(${value}) = 'string' and ${text} like ${pattern})`;
  // A string is contained in a string (substring) or in an array (element); other scalars only in arrays.
  const containsAny = (v: Scalar) => (typeof v === 'string' ? join([like(likePattern('contains', v)), contains([v])], 'or') : contains([v]));
  const date = typeof f.value === 'string' ? parseDateValue(f.value) : null;
  // Parsing a date costs a function call per row; a text range on the YYYY-MM-DD prefix (wider by
  // a day each side, for zone offsets) drops most rows first (the planner runs cheaper tests first).
  const onDates = (exact: SqlFragment, lo?: Date, hi?: Date) => {
    const t = sql`${text} collate "C"`;
    const pre = [...(lo ? [sql`${t} >= ${dayText(lo, -1)}`] : []), ...(hi ? [sql`${t} < ${dayText(hi, 2)}`] : [])];
    return join([...pre, exact], 'and');
  };
  const dateOp = (op: Filter['operator'], d: DateValue) => {
    const lo = d.kind === 'day' ? d.start : d.at;
    const hi = d.kind === 'day' ? d.end : d.at;
    const exact = compareDate(asDate, op, d);
    if (op === 'equals') return onDates(exact, lo, hi);
    if (op === 'greaterThan' || op === 'greaterThanOrEqual') return onDates(exact, lo);
    if (op === 'lessThan' || op === 'lessThanOrEqual') return onDates(exact, undefined, hi);
    return exact;
  };
  const equals = () => (date ? dateOp('equals', date) : contains(f.value));

  switch (f.operator) {
    case 'exists': return present;
    case 'notExists': return not(present);
    case 'equals': return equals();
    case 'notEquals': return join([present, not(equals())], 'and');
    case 'contains': return containsAny(f.value as Scalar);
    case 'notContains': return join([sql`jsonb_typeof(${value}) in ('string', 'array')`, not(containsAny(f.value as Scalar))], 'and');
    case 'startsWith': case 'endsWith': return like(likePattern(f.operator, f.value as string));
    case 'in': return join((f.value as Scalar[]).map(contains), 'or');
    case 'notIn': return join([present, not(join((f.value as Scalar[]).map(contains), 'or'))], 'and');
    case 'within': return onDates(compareWindow(asDate, f, ctx), cutoff(ctx, f), ctx.now);
    case 'olderThan': return onDates(compareWindow(asDate, f, ctx), undefined, cutoff(ctx, f));
    case 'greaterThan': case 'lessThan': case 'greaterThanOrEqual': case 'lessThanOrEqual':
      if (typeof f.value === 'number') {
        // CASE, not AND: only a JSON number may reach the numeric cast.
        return sql`(case when jsonb_typeof(${value}) = 'number' then (${value})::numeric end) ${raw(COMPARE[f.operator])} ${f.value}`;
      }
      return dateOp(f.operator, date!);
    default: throw new Error(`operator ${f.operator} does not apply to data fields`);
  }
}

/** The UTC day `shift` days from `d`, as YYYY-MM-DD. */
const dayText = (d: Date, shift: number) => new Date(d.getTime() + shift * 86_400_000).toISOString().slice(0, 10);

/** `{a: {b: v}}` for path [a, b]. */
const nest = (path: string[], v: unknown): unknown => path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), v);
