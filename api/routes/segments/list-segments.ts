import { createRoute } from '@hono/zod-openapi';
import { listSegments } from '../../../core/segments/segments.js';
import { errorResponses, ok, page, PageQuery, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { toSegmentDto } from './dto.js';
import { SegmentPage } from './schema.js';

const route = createRoute({
  operationId: 'listSegments',
  tags: ['Segments'],
  method: 'get',
  path: '/segments',
  summary: 'List segments, newest first (keyset paginated), with their cached member counts',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: PageQuery },
  responses: { 200: ok(SegmentPage, 'A page of segments'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListSegments = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listSegments(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('segments', p.items.map(toSegmentDto), p.nextCursor, p.total)), 200);
  });
