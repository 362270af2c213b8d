import {
  FIELD_HELP, isScalar, MAX_IN_VALUES, MAX_WINDOW_MS, OPERATORS, OPERATORS_BY_FAMILY, parseDateValue, parseField,
  UNIT_MS, VALUELESS_OPS, WINDOW_OPS, type FieldRef, type Operator, type TimeUnit,
} from './fields.js';

export interface FilterInput {
  field: string;
  operator: string;
  value?: unknown;
  unit?: TimeUnit;
}

export interface FilterIssue {
  path: 'field' | 'operator' | 'value' | 'unit';
  message: string;
}

const DATE_HELP = 'an ISO date (YYYY-MM-DD, the whole UTC day) or an ISO datetime with a zone (2026-01-31T12:00:00Z)';

/** What `value` must be for this field family and operator; null when anything goes. */
function valueProblem(ref: FieldRef, op: Operator, v: unknown, field: string): string | null {
  const on = `\`${op}\` on ${field}`;
  if (VALUELESS_OPS.has(op)) return null;
  if (WINDOW_OPS.has(op)) {
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? null : `${on} needs a positive number as value (with a unit)`;
  }
  if (op === 'in' || op === 'notIn') {
    const ok = Array.isArray(v) && v.length >= 1 && v.length <= MAX_IN_VALUES && v.every(ref.family === 'email' ? (x) => typeof x === 'string' : isScalar);
    const what = ref.family === 'email' ? 'strings' : 'strings, numbers or booleans';
    return ok ? null : `${on} needs an array of 1 to ${MAX_IN_VALUES} ${what}`;
  }
  switch (ref.family) {
    case 'email':
      return typeof v === 'string' ? null : `${on} needs a string value`;
    case 'subscribed':
    case 'segment':
      return typeof v === 'boolean' ? null : `${on} needs true or false as value`;
    case 'date':
      return parseDateValue(v) ? null : `${on} needs ${DATE_HELP}`;
    case 'event':
      return null; // event operators are all valueless or windows
    case 'data':
      if (op === 'startsWith' || op === 'endsWith') return typeof v === 'string' ? null : `${on} needs a string value`;
      if (op === 'equals' || op === 'notEquals' || op === 'contains' || op === 'notContains') {
        return isScalar(v) ? null : `${on} needs a string, number or boolean value`;
      }
      // greaterThan, lessThan, greaterThanOrEqual, lessThanOrEqual
      return (typeof v === 'number' && Number.isFinite(v)) || parseDateValue(v) ? null : `${on} needs a number or ${DATE_HELP}`;
  }
}

/** Everything wrong with one filter, each naming the key it is about. */
export function filterIssues(f: FilterInput): FilterIssue[] {
  const ref = parseField(f.field);
  if (!ref) return [{ path: 'field', message: `Unknown field "${f.field}": use ${FIELD_HELP}` }];
  const allowed = OPERATORS_BY_FAMILY[ref.family];
  if (!(allowed as readonly string[]).includes(f.operator)) {
    const known = (OPERATORS as readonly string[]).includes(f.operator);
    const lead = known ? `Operator "${f.operator}" is not valid for ${f.field}` : `Unknown operator "${f.operator}"`;
    return [{ path: 'operator', message: `${lead}: use one of ${allowed.join(', ')}` }];
  }
  const op = f.operator as Operator;
  const issues: FilterIssue[] = [];
  const bad = valueProblem(ref, op, f.value, f.field);
  if (bad) issues.push({ path: 'value', message: bad });
  if (WINDOW_OPS.has(op)) {
    if (f.unit === undefined) issues.push({ path: 'unit', message: `\`${op}\` needs a unit: minutes, hours or days` });
    else if (!bad && (f.value as number) * UNIT_MS[f.unit] > MAX_WINDOW_MS) {
      issues.push({ path: 'value', message: `\`${op}\` windows are at most 100 years` });
    }
  }
  return issues;
}
