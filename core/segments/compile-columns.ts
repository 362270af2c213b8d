import type { Filter, Scalar } from './condition.js';
import { parseDateValue } from './fields.js';
import { compareDate, compareWindow, likePattern, list, sql, type Ctx, type SqlFragment } from './sql.js';

/** Emails are stored trimmed and lower-cased: lower-casing the value makes every test case-insensitive. */
export function compileEmail(f: Filter, col: SqlFragment): SqlFragment {
  const v = (x: unknown) => String(x).trim().toLowerCase();
  switch (f.operator) {
    case 'equals': return sql`${col} = ${v(f.value)}`;
    case 'notEquals': return sql`${col} <> ${v(f.value)}`;
    case 'contains': case 'startsWith': case 'endsWith': return sql`${col} like ${likePattern(f.operator, v(f.value))}`;
    case 'notContains': return sql`${col} not like ${likePattern('contains', v(f.value))}`;
    case 'in': return sql`${col} in (${list((f.value as Scalar[]).map(v))})`;
    case 'notIn': return sql`${col} not in (${list((f.value as Scalar[]).map(v))})`;
    default: throw new Error(`operator ${f.operator} does not apply to email`);
  }
}

export function compileSubscribed(f: Filter, col: SqlFragment): SqlFragment {
  return f.operator === 'equals' ? sql`${col} = ${f.value}` : sql`${col} <> ${f.value}`;
}

/** createdAt / updatedAt: never null, so every comparison is plain. */
export function compileColumnDate(f: Filter, col: SqlFragment, ctx: Ctx): SqlFragment {
  if (f.operator === 'within' || f.operator === 'olderThan') return compareWindow(col, f, ctx);
  return compareDate(col, f.operator, parseDateValue(f.value)!);
}
