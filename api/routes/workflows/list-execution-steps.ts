import { createRoute } from '@hono/zod-openapi';
import { listExecutionSteps } from '../../../core/automations/executions.js';
import { findWorkflow } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, PageQuery, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { ExecutionParams, ExecutionStepPage } from './schema.js';

const route = createRoute({
  operationId: 'listWorkflowExecutionSteps',
  tags: ['Workflows'],
  method: 'get',
  path: '/workflows/{id}/executions/{executionId}/steps',
  summary: "List an execution's step records in run order, page by page",
  description: 'The execution detail inlines the first 100; a loop can run many more. Oldest first: each page continues the run.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: ExecutionParams, query: PageQuery },
  responses: { 200: ok(ExecutionStepPage, 'A page of step records'), ...errorResponses(401, 403, 404, 422, 429) },
});

export const registerListExecutionSteps = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, executionId } = c.req.valid('param');
    const w = await findWorkflow(c.var.em, c.var.project.id, id);
    const p = await listExecutionSteps(c.var.em, w.id, executionId, c.req.valid('query'));
    return c.json(success(page('steps', p.items, p.nextCursor, p.total)), 200);
  });
