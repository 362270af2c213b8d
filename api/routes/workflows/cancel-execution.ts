import { createRoute } from '@hono/zod-openapi';
import { cancelExecution } from '../../../core/automations/control.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { engineOf } from './engine.js';
import { ExecutionParams, ExecutionWithSteps } from './schema.js';

const route = createRoute({
  operationId: 'cancelWorkflowExecution',
  tags: ['Workflows'],
  method: 'post',
  path: '/workflows/{id}/executions/{executionId}/cancel',
  summary: 'Cancel a running or waiting execution',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: ExecutionParams },
  responses: { 200: ok(ExecutionWithSteps, 'Cancelled'), ...errorResponses(401, 403, 404, 409, 429, 503) },
});

export const registerCancelExecution = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, executionId } = c.req.valid('param');
    return c.json(success(await cancelExecution(c.var.em, engineOf(c.var.deps), c.var.project.id, id, executionId)), 200);
  });
