import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { listSuppressions, toSuppressionDto } from '../../../core/suppressions.js';
import type { App } from '../../types.js';
import { ListSuppressionsQuery, SuppressionPage } from './schema.js';

const route = createRoute({
  operationId: 'listSuppressions',
  tags: ['Suppressions'],
  method: 'get',
  path: '/suppressions',
  summary: 'List suppressed addresses, newest first (keyset paginated)',
  description: 'Mail to a suppressed address is refused (`RECIPIENT_SUPPRESSED`) and skipped by campaigns.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListSuppressionsQuery },
  responses: { 200: ok(SuppressionPage, 'A page of suppressions'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListSuppressions = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listSuppressions(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('suppressions', p.items.map(toSuppressionDto), p.nextCursor, p.total)), 200);
  });
