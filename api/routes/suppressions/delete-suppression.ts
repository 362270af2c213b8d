import { createRoute, z } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, success } from '../../envelope.js';
import { liftSuppression } from '../../../core/suppressions.js';
import type { App } from '../../types.js';
import { EmailParam } from './schema.js';

const route = createRoute({
  operationId: 'deleteSuppression',
  tags: ['Suppressions'],
  method: 'delete',
  path: '/suppressions/{email}',
  summary: 'Remove an address from the suppression list: mail to it is allowed again',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: EmailParam },
  responses: {
    200: ok(z.object({ email: z.string(), deleted: z.literal(true) }), 'Removed'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const registerDeleteSuppression = (app: App) =>
  app.openapi(route, async (c) => {
    const { email } = c.req.valid('param');
    await liftSuppression(c.var.em, c.var.project.id, email);
    return c.json(success({ email, deleted: true as const }), 200);
  });
