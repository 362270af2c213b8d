import { createRoute } from '@hono/zod-openapi';
import { listExecutions } from '../../../core/automations/executions.js';
import { findWorkflow } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, page, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { ExecutionPage, ListExecutionsQuery } from './schema.js';

const route = createRoute({
  operationId: 'listWorkflowExecutions',
  tags: ['Workflows'],
  method: 'get',
  path: '/workflows/{id}/executions',
  summary: 'List the executions of a workflow, newest first (filters: status, contactId)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, query: ListExecutionsQuery },
  responses: { 200: ok(ExecutionPage, 'A page of executions'), ...errorResponses(401, 403, 404, 422, 429) },
});

export const registerListExecutions = (app: App) =>
  app.openapi(route, async (c) => {
    const w = await findWorkflow(c.var.em, c.var.project.id, c.req.valid('param').id);
    const p = await listExecutions(c.var.em, w.id, c.req.valid('query'));
    return c.json(success(page('executions', p.items, p.nextCursor, p.total)), 200);
  });
