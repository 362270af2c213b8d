import { createRoute } from '@hono/zod-openapi';
import { startManualExecution } from '../../../core/automations/control.js';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import type { App } from '../../types.js';
import { engineOf } from './engine.js';
import { ExecutionWithSteps, StartExecutionBody } from './schema.js';

const route = createRoute({
  operationId: 'startWorkflowExecution',
  tags: ['Workflows'],
  method: 'post',
  path: '/workflows/{id}/executions',
  summary: 'Start an execution for one contact by hand (also for a disabled workflow)',
  description: 'The re-entry rules apply (409 when the contact may not enter). `data` plays the part of the triggering event\'s data.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(StartExecutionBody) },
  responses: { 201: ok(ExecutionWithSteps, 'Started'), ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503) },
});

export const registerStartExecution = (app: App) =>
  app.openapi(route, async (c) => {
    const x = await startManualExecution(c.var.em, engineOf(c.var.deps), c.var.project.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(success(x), 201);
  });
