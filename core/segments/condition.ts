import { z } from 'zod';
import { filterIssues } from './filter-rules.js';
import { TIME_UNITS, type Operator, type TimeUnit } from './fields.js';

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
    field: z.string().max(2000),
    // A plain string so an unknown operator gets the message listing what this field allows.
    operator: z.string().max(50),
    value: z.union([ScalarValue, z.array(ScalarValue).max(1000)]).optional(),
    unit: z.enum(TIME_UNITS).optional(),
  })
  .superRefine((f, ctx) => {
    for (const issue of filterIssues(f)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

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
  });

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
    logic: z.enum(['AND', 'OR']),
    get groups() {
      return GroupsSchema;
    },
  })
  .superRefine((c, ctx) => {
    const { depth, filters } = measure(c as Condition);
    if (depth === MAX_CONDITION_DEPTH + 1) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: `Conditions nest at most ${MAX_CONDITION_DEPTH} levels deep` });
    }
    const nestedOver = c.groups.some((g) => g.conditions && measure(g.conditions as Condition).filters > MAX_CONDITION_FILTERS);
    if (filters > MAX_CONDITION_FILTERS && !nestedOver) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: `A condition holds at most ${MAX_CONDITION_FILTERS} filters in all` });
    }
  });

// The refinement checks `operator` as an Operator, which the inferred type cannot see.
export const ConditionSchema = ConditionNode as unknown as z.ZodType<Condition>;

/**
 * The parts of ConditionSchema, for the API to document (api/core-schemas.ts names them in the
 * OpenAPI document); validate with ConditionSchema.
 */
export const CONDITION_PARTS = { filter: FilterSchema, group: ConditionGroupSchema, condition: ConditionNode } as const;
