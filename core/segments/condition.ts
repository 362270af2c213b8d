// STUB until the segments branch lands (issue 10 owns this file): the shared signature from TEAM.md, minimal.
import { z } from '@hono/zod-openapi';

export interface Filter {
  field: string;
  operator: string;
  value?: unknown;
}
export interface Condition {
  logic: 'AND' | 'OR';
  groups: { filters: Filter[]; conditions?: Condition[] }[];
}

const FilterSchema = z.object({ field: z.string().min(1).max(200), operator: z.string().min(1).max(40), value: z.unknown().optional() });
export const ConditionSchema: z.ZodType<Condition> = z
  .object({
    logic: z.enum(['AND', 'OR']),
    groups: z.array(z.object({ filters: z.array(FilterSchema).max(50), conditions: z.array(z.lazy(() => ConditionSchema)).max(10).optional() })).min(1).max(20),
  })
  .openapi('Condition') as z.ZodType<Condition>;
