import { withStatementTimeout } from '../../../core/statement-timeout.js';
import { createRoute } from '@hono/zod-openapi';
import { startSegmentRefresh } from '../../../core/segments/refresh.js';
import { updateSegment } from '../../../core/segments/segments.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { toSegmentDto } from './dto.js';
import { Segment, UpdateSegmentBody } from './schema.js';

const route = createRoute({
  operationId: 'updateSegment',
  tags: ['Segments'],
  method: 'patch',
  path: '/segments/{id}',
  summary: 'Update a segment (name, description, condition, trackMembership; never its type)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(UpdateSegmentBody) },
  responses: { 200: ok(Segment, 'The updated segment'), ...errorResponses(400, 401, 403, 404, 422, 429, 503) },
});

export const registerUpdateSegment = (app: App) =>
  app.openapi(route, async (c) => {
    // A new condition's member count runs over it: bounded as every such query of a request (CONDITION_QUERY_TIMEOUT_MS, 503).
    const segment = await withStatementTimeout(c.var.em, c.var.deps.config.conditionQueryTimeoutMs, (tx) => updateSegment(tx, c.var.project.id, c.req.valid('param').id, c.req.valid('json')));
    // Same workflow id: a running one is kept; a missing one (Temporal was down at create) starts.
    if (segment.type === 'DYNAMIC') await startSegmentRefresh(c.var.deps, segment.id);
    return c.json(success(toSegmentDto(segment)), 200);
  });
