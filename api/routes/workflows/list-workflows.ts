import { createRoute } from '@hono/zod-openapi';
import { listWorkflows } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { ListWorkflowsQuery, WorkflowPage } from './schema.js';

const route = createRoute({
  operationId: 'listWorkflows',
  tags: ['Workflows'],
  method: 'get',
  path: '/workflows',
  summary: 'List automation workflows, newest first',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListWorkflowsQuery },
  responses: { 200: ok(WorkflowPage, 'A page of workflows (each with its latest version)'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListWorkflows = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listWorkflows(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('workflows', p.items, p.nextCursor, p.total)), 200);
  });
