import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { compileCondition } from '../segments/compile.js';
import { ConditionSchema, type Condition, type Filter } from '../segments/condition.js';
import { parseDateValue, UNIT_MS } from '../segments/fields.js';
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

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
const time = (v: unknown) => {
  const d = parseDateValue(v);
  return d ? (d.kind === 'day' ? d.start.getTime() : d.at.getTime()) : NaN;
};
/** Numbers compare as numbers, dates (ISO) as instants. */
const compare = (a: unknown, b: unknown) => (typeof b === 'number' ? num(a) - num(b) : time(a) - time(b));
const same = (a: unknown, b: unknown) => a !== undefined && a !== null && (a === b || String(a) === String(b));

/** One `event.data.<path>` filter against the triggering event's data. */
export function evalEventFilter(f: Filter, data: Record<string, unknown>, now = new Date()): boolean {
  const v = lookupVariable(data, f.field.slice(EVENT_DATA.length));
  const present = v !== undefined && v !== null;
  const values = Array.isArray(f.value) ? f.value : [f.value];
  switch (f.operator) {
    case 'exists': return present;
    case 'notExists': return !present;
    case 'equals': return same(v, f.value);
    case 'notEquals': return present && !same(v, f.value);
    case 'contains': return Array.isArray(v) ? v.some((x) => same(x, f.value)) : typeof v === 'string' && v.includes(String(f.value));
    case 'notContains': return present && !(Array.isArray(v) ? v.some((x) => same(x, f.value)) : String(v).includes(String(f.value)));
    case 'startsWith': return typeof v === 'string' && v.startsWith(String(f.value));
    case 'endsWith': return typeof v === 'string' && v.endsWith(String(f.value));
    case 'in': return values.some((x) => same(v, x));
    case 'notIn': return present && !values.some((x) => same(v, x));
    case 'greaterThan': return present && compare(v, f.value) > 0;
    case 'lessThan': return present && compare(v, f.value) < 0;
    case 'greaterThanOrEqual': return present && compare(v, f.value) >= 0;
    case 'lessThanOrEqual': return present && compare(v, f.value) <= 0;
    case 'within': return present && now.getTime() - time(v) <= num(f.value) * UNIT_MS[f.unit ?? 'days'] && time(v) <= now.getTime();
    case 'olderThan': return present && now.getTime() - time(v) > num(f.value) * UNIT_MS[f.unit ?? 'days'];
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
