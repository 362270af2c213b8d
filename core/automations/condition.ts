import type { EntityManager } from '@mikro-orm/postgresql';
import { lookupVariable } from '../templates/render.js';
import { compileCondition } from '../segments/compile.js';
import type { Condition, Filter } from '../segments/condition.js';

/*
 * CONDITION steps: the segments' condition language, evaluated for one contact. Filters on
 * `event.data.<path>` read the triggering event's data (in JS); every other filter is compiled by
 * the segments compiler and all of them are answered by one query. The tree is combined here:
 * a group holds when all its filters and nested conditions hold; `logic` joins the groups.
 */

const EVENT_PREFIX = 'event.data.';

function contactFilters(c: Condition, out: Filter[]) {
  for (const g of c.groups) {
    for (const f of g.filters) if (!f.field.startsWith(EVENT_PREFIX)) out.push(f);
    for (const inner of g.conditions ?? []) contactFilters(inner, out);
  }
  return out;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** One filter against a value from the event's data. */
export function evalEventFilter(f: Filter, data: Record<string, unknown>): boolean {
  const v = lookupVariable(data, f.field.slice(EVENT_PREFIX.length));
  switch (f.operator) {
    case 'equals':
      return v === f.value || (v !== undefined && v !== null && String(v) === String(f.value));
    case 'notEquals':
      return !evalEventFilter({ ...f, operator: 'equals' }, data);
    case 'contains':
      return Array.isArray(v) ? v.includes(f.value) : typeof v === 'string' && v.includes(String(f.value));
    case 'notContains':
      return !evalEventFilter({ ...f, operator: 'contains' }, data);
    case 'exists':
      return v !== undefined && v !== null;
    case 'notExists':
      return v === undefined || v === null;
    case 'greaterThan':
    case 'gt':
      return num(v) > num(f.value);
    case 'lessThan':
    case 'lt':
      return num(v) < num(f.value);
    default:
      return false;
  }
}

export async function evaluateCondition(
  em: EntityManager,
  input: { projectId: string; contactId: string; condition: Condition; eventData: Record<string, unknown> },
): Promise<boolean> {
  const filters = contactFilters(input.condition, []);
  const answers = new Map<Filter, boolean>();
  if (filters.length > 0) {
    const params: unknown[] = [];
    const columns = filters.map((f, i) => {
      const frag = compileCondition({ logic: 'AND', groups: [{ filters: [f] }] }, { projectId: input.projectId, alias: 'c' });
      params.push(input.projectId, input.contactId, ...frag.params);
      return `exists (select 1 from contacts c where c.project_id = ? and c.id = ? and (${frag.sql})) as f${i}`;
    });
    const [row] = await em.getConnection().execute<Record<string, boolean>[]>(`select ${columns.join(', ')}`, params, 'all');
    filters.forEach((f, i) => answers.set(f, row[`f${i}`] === true));
  }
  const holds = (c: Condition): boolean => {
    const group = (g: Condition['groups'][number]) =>
      g.filters.every((f) => (f.field.startsWith(EVENT_PREFIX) ? evalEventFilter(f, input.eventData) : answers.get(f)!)) &&
      (g.conditions ?? []).every(holds);
    return c.logic === 'AND' ? c.groups.every(group) : c.groups.some(group);
  };
  return holds(input.condition);
}
