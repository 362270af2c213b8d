import { createRoute } from '@hono/zod-openapi';
import { createWorkflow } from '../../../core/automations/workflows.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { CreateWorkflowBody, Workflow } from './schema.js';

const route = createRoute({
  operationId: 'createWorkflow',
  tags: ['Workflows'],
  method: 'post',
  path: '/workflows',
  summary: 'Create an automation workflow (version 1)',
  description:
    'A trigger and a graph of steps. 422 lists every problem with its field path: duplicate step ids, transitions to missing steps, ' +
    'unreachable steps, loops without a DELAY or WAIT step, templates or segments missing from the project, more than 100 steps. ' +
    'A SEND_EMAIL step sending from a domain this project has not verified (its `from`, or its template\'s) is a 403 DOMAIN_NOT_VERIFIED, as for campaigns. ' +
    'Enabled with a SEGMENT_ENTRY / SEGMENT_EXIT trigger on a DYNAMIC segment, it turns the segment\'s trackMembership on (see WorkflowTrigger).',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(CreateWorkflowBody),
  responses: { 201: ok(Workflow, 'Created'), ...errorResponses(400, 401, 403, 422, 429) },
});

export const registerCreateWorkflow = (app: App) =>
  app.openapi(route, async (c) => {
    const w = await createWorkflow(c.var.em, c.var.project.id, c.req.valid('json'));
    return c.json(success(w), 201);
  });
