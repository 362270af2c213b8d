import { createRoute } from '@hono/zod-openapi';
import { getExecution } from '../../../core/automations/executions.js';
import { findWorkflow } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { ExecutionParams, ExecutionWithSteps } from './schema.js';

const route = createRoute({
  operationId: 'getWorkflowExecution',
  tags: ['Workflows'],
  method: 'get',
  path: '/workflows/{id}/executions/{executionId}',
  summary: 'Get one execution with its first 100 step records (GET .../steps pages on)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: ExecutionParams },
  responses: { 200: ok(ExecutionWithSteps, 'The execution'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetExecution = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, executionId } = c.req.valid('param');
    const w = await findWorkflow(c.var.em, c.var.project.id, id);
    return c.json(success(await getExecution(c.var.em, w.id, executionId)), 200);
  });
