import { createRoute, z } from '@hono/zod-openapi';
import { deleteWorkflow } from '../../../core/automations/control.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { engineOf } from './engine.js';

const route = createRoute({
  operationId: 'deleteWorkflow',
  tags: ['Workflows'],
  method: 'delete',
  path: '/workflows/{id}',
  summary: 'Delete a workflow: its running and waiting executions are cancelled',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted'), ...errorResponses(401, 403, 404, 429, 503) },
});

export const registerDeleteWorkflow = (app: App) =>
  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    await deleteWorkflow(c.var.em, engineOf(c.var.deps), c.var.project.id, id);
    return c.json(success({ id, deleted: true as const }), 200);
  });
