import { z } from '@hono/zod-openapi';
import { filterIssues } from './filter-rules.js';
import { FIELD_HELP, OPERATORS, SIZE_HELP, TIME_UNITS, type Operator, type TimeUnit } from './fields.js';

/** Nesting and size limits of one condition. */
export const MAX_CONDITION_DEPTH = 5;
export const MAX_CONDITION_FILTERS = 100;

export type Scalar = string | number | boolean;
export interface Filter {
  field: string;
  operator: Operator;
  value?: Scalar | Scalar[];
  unit?: TimeUnit;
}
export interface ConditionGroup {
  filters: Filter[];
  conditions?: Condition;
}
export interface Condition {
  logic: 'AND' | 'OR';
  groups: ConditionGroup[];
}

export const CONDITION_EXAMPLE: Condition = {
  logic: 'AND',
  groups: [
    {
      filters: [
        { field: 'data.plan', operator: 'equals', value: 'pro' },
        { field: 'event.signup', operator: 'triggeredWithin', value: 7, unit: 'days' },
      ],
    },
    {
      filters: [{ field: 'email', operator: 'contains', value: '@acme.com' }],
      conditions: { logic: 'OR', groups: [{ filters: [{ field: 'subscribed', operator: 'equals', value: true }] }] },
    },
  ],
};

const ScalarValue = z.union([z.string().max(1000), z.number(), z.boolean()]);

const FilterSchema = z
  .object({
    field: z.string().max(2000).openapi({ description: `What to test: ${FIELD_HELP}.`, example: 'data.plan' }),
    // A plain string so an unknown operator gets the message listing what this field allows.
    operator: z.string().max(50).openapi({ enum: [...OPERATORS], example: 'equals' }),
    value: z.union([ScalarValue, z.array(ScalarValue).max(1000)]).optional().openapi({
      description: 'Compared value: a string, number, boolean or ISO date; an array for `in`/`notIn`; a number of `unit`s for windows.',
    }),
    unit: z.enum(TIME_UNITS).optional().openapi({ description: 'Window unit of within, olderThan and the triggered* operators.' }),
  })
  .superRefine((f, ctx) => {
    for (const issue of filterIssues(f)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  })
  .openapi('ConditionFilter');

/** Depth of nesting below and including `c`, and the number of filters in it. */
function measure(c: Condition): { depth: number; filters: number } {
  let depth = 1;
  let filters = 0;
  for (const g of c.groups) {
    filters += g.filters.length;
    if (g.conditions) {
      const inner = measure(g.conditions);
      depth = Math.max(depth, inner.depth + 1);
      filters += inner.filters;
    }
  }
  return { depth, filters };
}

const ConditionGroupSchema = z
  .object({
    filters: z.array(FilterSchema).max(MAX_CONDITION_FILTERS).default([]),
    get conditions(): z.ZodOptional<typeof ConditionNode> {
      return ConditionNode.optional();
    },
  })
  .superRefine((g, ctx) => {
    if (g.filters.length === 0 && !g.conditions) {
      ctx.addIssue({ code: 'custom', path: ['filters'], message: 'A group needs at least one filter or a nested `conditions`' });
    }
  })
  .openapi('ConditionGroup');

/**
 * Input nested deeper than this is refused before it is parsed: the schema recurses a few frames
 * per level, and a few hundred levels exhaust the stack. Up to here the depth rule below names
 * the offending condition by its path; deeper input is refused at the top.
 */
const MAX_PARSED_DEPTH = 2 * MAX_CONDITION_DEPTH;

/** Levels of `groups` (through `conditions`) in raw input, counted level by level without recursion, up to `limit + 1`. */
function rawDepth(groups: unknown, limit: number): number {
  let level = Array.isArray(groups) ? groups : [];
  let depth = 1;
  while (depth <= limit) {
    const next: unknown[] = [];
    for (const g of level) {
      const inner = (g as { conditions?: { groups?: unknown } } | null)?.conditions?.groups;
      if (Array.isArray(inner)) for (const x of inner) next.push(x);
    }
    if (next.length === 0) return depth;
    level = next;
    depth++;
  }
  return depth;
}

const GroupsSchema = z.preprocess((groups, ctx) => {
  if (rawDepth(groups, MAX_PARSED_DEPTH) > MAX_PARSED_DEPTH) {
    ctx.addIssue({ code: 'custom', message: `Conditions nest at most ${MAX_CONDITION_DEPTH} levels deep`, input: groups });
  }
  return groups;
}, z.array(ConditionGroupSchema).min(1).max(MAX_CONDITION_FILTERS));

/*
 * Every nested condition runs this check too; each limit is reported once, at the innermost
 * condition that breaks it (depth exactly one over the limit, or the smallest subtree with too
 * many filters), so a nested offender is named by its own path.
 */
const ConditionNode = z
  .object({
    logic: z.enum(['AND', 'OR']).openapi({ description: 'How the groups combine; filters inside a group are AND-ed.' }),
    get groups() {
      return GroupsSchema;
    },
  })
  .superRefine((c, ctx) => {
    const { depth, filters } = measure(c as Condition);
    if (depth === MAX_CONDITION_DEPTH + 1) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: `Conditions nest at most ${MAX_CONDITION_DEPTH} levels deep` });
    }
    const nestedOver = c.groups.some((g) => g.conditions && measure(g.conditions).filters > MAX_CONDITION_FILTERS);
    if (filters > MAX_CONDITION_FILTERS && !nestedOver) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: `A condition holds at most ${MAX_CONDITION_FILTERS} filters in all` });
    }
  })
  .openapi('Condition', {
    description:
      '`logic` (AND|OR) combines `groups`; the filters of a group are AND-ed, and its optional nested `conditions` is AND-ed with them. ' +
      `At most ${MAX_CONDITION_DEPTH} levels and ${MAX_CONDITION_FILTERS} filters. ${SIZE_HELP} (a larger one is a 422 naming the limit). Fields: ${FIELD_HELP}. ` +
      'Dates compare as `YYYY-MM-DD` (the whole UTC day) or ISO datetimes; a missing attribute never matches a negative or comparison operator; ' +
      '`exists`/`notExists` treat JSON null as missing. Event and email-activity fields take triggered, notTriggered, triggeredWithin, ' +
      'triggeredOlderThan and notTriggeredWithin; `segment.<id>` takes equals/notEquals true|false, exists or notExists.',
    example: CONDITION_EXAMPLE,
  }) as unknown as z.ZodType<Condition>; // operator is checked as an Operator by the filter refinement

export const ConditionSchema: z.ZodType<Condition> = ConditionNode;
