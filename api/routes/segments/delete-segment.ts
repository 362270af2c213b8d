import { createRoute, z } from '@hono/zod-openapi';
import { stopSegmentRefresh } from '../../../core/segments/refresh.js';
import { deleteSegment } from '../../../core/segments/segments.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';

const route = createRoute({
  operationId: 'deleteSegment',
  tags: ['Segments'],
  method: 'delete',
  path: '/segments/{id}',
  summary: 'Delete a segment (409 while another segment, a draft, scheduled or sending campaign, or an automation workflow uses it)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted'), ...errorResponses(401, 403, 404, 409, 429) },
});

export const registerDeleteSegment = (app: App) =>
  app.openapi(route, async (c) => {
    const segment = await deleteSegment(c.var.em, c.var.project.id, c.req.valid('param').id);
    if (segment.type === 'DYNAMIC') await stopSegmentRefresh(c.var.deps.temporal, segment.id);
    return c.json(success({ id: segment.id, deleted: true as const }), 200);
  });
