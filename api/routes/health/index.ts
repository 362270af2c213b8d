import { createRoute, z } from '@hono/zod-openapi';
import type { App, AppDeps } from '../../types.js';
import { sqlRows } from '../../../db/sql.js';

const Health = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['up', 'down']),
    temporal: z.enum(['up', 'down']),
  })
  .openapi('Health');

const route = createRoute({
  operationId: 'getHealth',
  tags: ['System'],
  method: 'get',
  path: '/health',
  summary: 'Liveness of the database and Temporal (200 when both are reachable, 503 before)',
  responses: {
    200: { description: 'Both reachable', content: { 'application/json': { schema: Health } } },
    503: { description: 'At least one is unreachable', content: { 'application/json': { schema: Health } } },
  },
});

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

export async function checkHealth(deps: AppDeps) {
  const [db, temporal] = await Promise.allSettled([
    within(sqlRows(deps.orm.em, 'select 1', []), 2000),
    within(deps.temporal.workflowService.getSystemInfo({}), 2000),
  ]);
  const database = db.status === 'fulfilled' ? ('up' as const) : ('down' as const);
  const t = temporal.status === 'fulfilled' ? ('up' as const) : ('down' as const);
  return { status: database === 'up' && t === 'up' ? ('ok' as const) : ('unavailable' as const), database, temporal: t };
}

export const registerHealthRoutes = (app: App) =>
  app.openapi(route, async (c) => {
    const h = await checkHealth(c.var.deps);
    return h.status === 'ok' ? c.json(h, 200) : c.json(h, 503);
  });
