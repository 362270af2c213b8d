import { createRoute } from '@hono/zod-openapi';
import { getWorkflow } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { GetWorkflowQuery, Workflow } from './schema.js';

const route = createRoute({
  operationId: 'getWorkflow',
  tags: ['Workflows'],
  method: 'get',
  path: '/workflows/{id}',
  summary: 'Get a workflow: its latest version, or ?version=N',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, query: GetWorkflowQuery },
  responses: { 200: ok(Workflow, 'The workflow'), ...errorResponses(401, 403, 404, 422, 429) },
});

export const registerGetWorkflow = (app: App) =>
  app.openapi(route, async (c) => {
    const w = await getWorkflow(c.var.em, c.var.project.id, c.req.valid('param').id, c.req.valid('query').version);
    return c.json(success(w), 200);
  });
