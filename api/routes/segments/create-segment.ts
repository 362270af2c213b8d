import { withStatementTimeout } from '../../../core/statement-timeout.js';
import { createRoute } from '@hono/zod-openapi';
import { startSegmentRefresh } from '../../../core/segments/refresh.js';
import { createSegment } from '../../../core/segments/segments.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { toSegmentDto } from './dto.js';
import { CreateSegmentBody, Segment } from './schema.js';

const route = createRoute({
  operationId: 'createSegment',
  tags: ['Segments'],
  method: 'post',
  path: '/segments',
  summary: 'Create a DYNAMIC segment (a condition) or a STATIC one (members added by email)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(CreateSegmentBody),
  responses: { 201: ok(Segment, 'Created, with its member count'), ...errorResponses(400, 401, 403, 422, 429, 503) },
});

export const registerCreateSegment = (app: App) =>
  app.openapi(route, async (c) => {
    // Its member count runs over the condition: bounded as every such query of a request (CONDITION_QUERY_TIMEOUT_MS, 503).
    const segment = await withStatementTimeout(c.var.em, c.var.deps.config.conditionQueryTimeoutMs, (tx) => createSegment(tx, c.var.project.id, c.req.valid('json')));
    if (segment.type === 'DYNAMIC') await startSegmentRefresh(c.var.deps, segment.id);
    return c.json(success(toSegmentDto(segment)), 201);
  });
