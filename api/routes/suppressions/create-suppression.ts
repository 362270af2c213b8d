import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { suppress, toSuppressionDto } from '../../../core/suppressions.js';
import type { App } from '../../types.js';
import { CreateSuppressionBody, Suppression } from './schema.js';

const route = createRoute({
  operationId: 'createSuppression',
  tags: ['Suppressions'],
  method: 'post',
  path: '/suppressions',
  summary: 'Suppress an address (idempotent: an existing entry takes the new reason)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(CreateSuppressionBody),
  responses: {
    201: ok(Suppression, 'Added'),
    200: ok(Suppression, 'Already suppressed (reason updated)'),
    ...errorResponses(400, 401, 403, 422, 429),
  },
});

export const registerCreateSuppression = (app: App) =>
  app.openapi(route, async (c) => {
    const { email, reason } = c.req.valid('json');
    const { suppression, isNew } = await suppress(c.var.em, c.var.project.id, email, reason, 'api');
    return c.json(success(toSuppressionDto(suppression)), isNew ? 201 : 200);
  });
