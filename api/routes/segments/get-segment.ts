import { createRoute } from '@hono/zod-openapi';
import { withFreshCount } from '../../../core/segments/counts.js';
import { getSegment } from '../../../core/segments/segments.js';
import { withStatementTimeout } from '../../../core/statement-timeout.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { toSegmentDto } from './dto.js';
import { Segment } from './schema.js';

const route = createRoute({
  operationId: 'getSegment',
  tags: ['Segments'],
  method: 'get',
  path: '/segments/{id}',
  summary: 'Get one segment (its member count is recounted when older than SEGMENT_COUNT_TTL_SECONDS)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Segment, 'The segment'), ...errorResponses(401, 403, 404, 429, 503) },
});

export const registerGetSegment = (app: App) =>
  app.openapi(route, async (c) => {
    const { config } = c.var.deps;
    const segment = await withStatementTimeout(c.var.em, config.conditionQueryTimeoutMs, async (tx) =>
      withFreshCount(tx, await getSegment(tx, c.var.project.id, c.req.valid('param').id), config.segmentCountTtlMs),
    );
    return c.json(success(toSegmentDto(segment)), 200);
  });
