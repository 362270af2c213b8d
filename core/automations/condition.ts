import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { compileCondition } from '../segments/compile.js';
import { ConditionSchema, type Condition, type Filter } from '../segments/condition.js';
import { parseDateValue, UNIT_MS, type DateValue } from '../segments/fields.js';
import { loadSegmentRefs } from '../segments/refs.js';
import { assertCompiledSize } from '../segments/size.js';
import { lookupVariable } from '../templates/render.js';
import { sqlOne } from '../../db/sql.js';

/*
 * CONDITION steps: the segments' condition language, evaluated for one contact, plus filters on
 * `event.data.<path>` that read the triggering event's data (in JS, with the operators and value
 * rules of `data.<path>`). The contact filters are compiled by the segments compiler and answered
 * by one query; the tree is combined here as the language defines it: a group holds when its
 * filters and its nested condition all hold, `logic` joins the groups.
 */

const EVENT_DATA = 'event.data.';
const isEventData = (f: Filter) => f.field.startsWith(EVENT_DATA);

/** Every filter of `c`, nested ones included, in a fixed order. */
function filtersOf(c: Condition, out: Filter[] = []): Filter[] {
  for (const g of c.groups) {
    out.push(...g.filters);
    if (g.conditions) filtersOf(g.conditions, out);
  }
  return out;
}

/** `c` with every filter's field rewritten by `fn` (structure and order kept). */
function mapFields(c: Condition, fn: (field: string) => string): Condition {
  return {
    ...c,
    groups: c.groups.map((g) => ({ ...g, filters: g.filters.map((f) => ({ ...f, field: fn(f.field) })), ...(g.conditions ? { conditions: mapFields(g.conditions, fn) } : {}) })),
  };
}

/**
 * The step's `condition`: checked by ConditionSchema with `event.data.<path>` read as
 * `data.<path>` (same operators and values), so every error names the step's own field path.
 */
export const AutomationConditionSchema = z
  .unknown()
  .transform((input, ctx): Condition => {
    const looksLikeCondition = (v: unknown): v is Condition => typeof v === 'object' && v !== null && Array.isArray((v as Condition).groups);
    const asData = looksLikeCondition(input) ? safeMap(input, (f) => (typeof f === 'string' && f.startsWith(EVENT_DATA) ? `data.${f.slice(EVENT_DATA.length)}` : f)) : input;
    const parsed = ConditionSchema.safeParse(asData);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
      return z.NEVER;
    }
    // Put the original fields back, filter by filter (the parsed tree has the input's shape).
    const original = filtersOf(input as Condition).map((f) => f.field);
    let i = 0;
    return mapFields(parsed.data, () => original[i++]);
  });

/** mapFields on unvalidated input: anything not shaped like a filter list is left for the schema to report. */
function safeMap(c: Condition, fn: (field: unknown) => unknown): unknown {
  try {
    return mapFields(c, fn as (f: string) => string);
  } catch {
    return c;
  }
}

/** A stored value as an instant, when it is a JSON string that reads as a date (a day: its start), else NaN: condition_timestamptz's rule. */
const time = (v: unknown) => {
  const d = parseDateValue(v);
  return d ? (d.kind === 'day' ? d.start.getTime() : d.at.getTime()) : NaN;
};
/** JSON equality by type, as jsonb containment of a scalar decides it (5 is not "5"). */
const same = (a: unknown, b: unknown) => a !== undefined && a !== null && a === b;
/** A string in a string (substring) or in an array (element); other scalars only in arrays. */
const containsValue = (v: unknown, x: unknown) => (Array.isArray(v) ? v.some((e) => same(e, x)) : typeof x === 'string' && typeof v === 'string' && v.includes(x));

/** compareDate (core/segments/sql.ts) on an instant: a day value is a range, after it means from the next day on. */
function compareDateValue(at: number, op: Filter['operator'], d: DateValue): boolean {
  if (Number.isNaN(at)) return false;
  const day = d.kind === 'day';
  const lo = (day ? d.start : d.at).getTime();
  const hi = (day ? d.end : d.at).getTime();
  switch (op) {
    case 'equals': return day ? at >= lo && at < hi : at === lo;
    case 'greaterThan': return day ? at >= hi : at > hi;
    case 'greaterThanOrEqual': return at >= lo;
    case 'lessThan': return at < lo;
    case 'lessThanOrEqual': return day ? at < hi : at <= hi;
    default: return false;
  }
}

/**
 * One `event.data.<path>` filter against the triggering event's data, by the rules of
 * `data.<path>` (core/segments/compile-data.ts): values compare by JSON type, a number only with
 * numbers, a date value only with strings that read as dates; a missing key or null never matches
 * a negative or comparison operator.
 */
export function evalEventFilter(f: Filter, data: Record<string, unknown>, now = new Date()): boolean {
  const v = lookupVariable(data, f.field.slice(EVENT_DATA.length));
  const present = v !== undefined && v !== null;
  const date = typeof f.value === 'string' ? parseDateValue(f.value) : null;
  const equals = (x: unknown) => (date && x === f.value ? compareDateValue(time(v), 'equals', date) : same(v, x));
  const windowMs = () => Number(f.value) * UNIT_MS[f.unit ?? 'days'];
  switch (f.operator) {
    case 'exists': return present;
    case 'notExists': return !present;
    case 'equals': return equals(f.value);
    case 'notEquals': return present && !equals(f.value);
    case 'contains': return containsValue(v, f.value);
    case 'notContains': return (typeof v === 'string' || Array.isArray(v)) && !containsValue(v, f.value);
    case 'startsWith': return typeof v === 'string' && v.startsWith(String(f.value));
    case 'endsWith': return typeof v === 'string' && v.endsWith(String(f.value));
    case 'in': return (f.value as unknown[]).some((x) => same(v, x));
    case 'notIn': return present && !(f.value as unknown[]).some((x) => same(v, x));
    case 'greaterThan': case 'lessThan': case 'greaterThanOrEqual': case 'lessThanOrEqual': {
      if (typeof f.value === 'number') {
        if (typeof v !== 'number') return false;
        return { greaterThan: v > f.value, lessThan: v < f.value, greaterThanOrEqual: v >= f.value, lessThanOrEqual: v <= f.value }[f.operator];
      }
      return date !== null && compareDateValue(time(v), f.operator, date);
    }
    case 'within': return time(v) >= now.getTime() - windowMs() && time(v) <= now.getTime();
    case 'olderThan': return time(v) < now.getTime() - windowMs();
    default: return false; // event operators: refused by the schema on event.data fields
  }
}

export async function evaluateCondition(
  em: EntityManager,
  input: { projectId: string; contactId: string; condition: Condition; eventData: Record<string, unknown> },
): Promise<boolean> {
  const all = filtersOf(input.condition);
  const contactFilters = all.filter((f) => !isEventData(f));
  const answers = new Map<Filter, boolean>();
  if (contactFilters.length > 0) {
    const segments = await loadSegmentRefs(em, input.projectId, input.condition);
    // The filters run as one statement: their sizes add up (a step saved before a segment it names grew).
    assertCompiledSize({ logic: 'AND', groups: [{ filters: contactFilters }] }, segments, 'The CONDITION step');
    const params: unknown[] = [];
    const columns = contactFilters.map((f, i) => {
      const frag = compileCondition({ logic: 'AND', groups: [{ filters: [f] }] }, { projectId: input.projectId, alias: 'c', segments });
      params.push(input.projectId, input.contactId, ...frag.params);
      return `exists (select 1 from contacts c where c.project_id = ? and c.id = ? and (${frag.sql})) as f${i}`;
    });
    const row = await sqlOne<Record<string, boolean>>(em, `select ${columns.join(', ')}`, params);
    contactFilters.forEach((f, i) => answers.set(f, row[`f${i}`] === true));
  }
  const holds = (c: Condition): boolean => {
    const group = (g: Condition['groups'][number]) =>
      g.filters.every((f) => (isEventData(f) ? evalEventFilter(f, input.eventData) : answers.get(f)!)) && (!g.conditions || holds(g.conditions));
    return c.logic === 'AND' ? c.groups.every(group) : c.groups.some(group);
  };
  return holds(input.condition);
}
