import type { Condition, Filter } from './condition.js';
import { compileData } from './compile-data.js';
import { compileColumnDate, compileEmail, compileSubscribed } from './compile-columns.js';
import { compileEvent, compileSegment } from './compile-relations.js';
import { parseField } from './fields.js';
import { join, raw, type Ctx, type SqlFragment } from './sql.js';

/** The recursive part of compileCondition (compile.ts): a condition, group by group, filter by filter. */
/** One filter that names no segment, compiled on its own (what compiledSize counts). */
export function compileFilterAlone(f: Filter): SqlFragment {
  const ctx: Ctx = { alias: 'c', projectId: '', now: new Date(0), seq: 0, visiting: [], node: (c) => compileNode(c, ctx) };
  return compileFilter(f, ctx);
}

export function compileNode(c: Condition, ctx: Ctx): SqlFragment {
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
