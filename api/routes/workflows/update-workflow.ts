import { createRoute } from '@hono/zod-openapi';
import { updateWorkflow } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { UpdateWorkflowBody, Workflow } from './schema.js';

const route = createRoute({
  operationId: 'updateWorkflow',
  tags: ['Workflows'],
  method: 'patch',
  path: '/workflows/{id}',
  summary: 'Update a workflow (a changed trigger or steps store a new version)',
  description:
    'Running executions keep the version they started with; new executions take the latest. Disabling stops new entries and lets running executions finish. ' +
    'The same checks as POST /workflows apply to a changed trigger or steps (422, 403 DOMAIN_NOT_VERIFIED). Concurrent updates apply one after the other: ' +
    'fields one of them leaves out keep what the other wrote.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(UpdateWorkflowBody) },
  responses: { 200: ok(Workflow, 'The updated workflow'), ...errorResponses(400, 401, 403, 404, 422, 429) },
});

export const registerUpdateWorkflow = (app: App) =>
  app.openapi(route, async (c) => {
    const w = await updateWorkflow(c.var.em, c.var.project.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(success(w), 200);
  });
