// STUB until the segments branch lands (issue 10 owns this file): the shared signature from TEAM.md, `data.<key> equals` only.
import type { Condition } from './condition.js';

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export function compileCondition(condition: Condition, opts: { projectId: string; alias?: string; now?: Date }): SqlFragment {
  const a = opts.alias ?? 'c';
  const params: unknown[] = [];
  const groups = condition.groups.map((g) => {
    const parts = g.filters.map((f) => {
      params.push(f.field.replace(/^data\./, ''), String(f.value));
      return f.operator === 'notEquals' ? `(${a}.data->>?) is distinct from ?` : `(${a}.data->>?) = ?`;
    });
    for (const c of g.conditions ?? []) {
      const inner = compileCondition(c, opts);
      parts.push(`(${inner.sql})`);
      params.push(...inner.params);
    }
    return parts.length ? `(${parts.join(' and ')})` : 'true';
  });
  return { sql: groups.join(condition.logic === 'AND' ? ' and ' : ' or '), params };
}
