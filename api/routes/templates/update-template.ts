import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import { toTemplateDto, updateTemplate } from '../../../core/templates/templates.js';
import type { App } from '../../types.js';
import { Template, UpdateTemplateBody } from './schema.js';

const route = createRoute({
  operationId: 'updateTemplate',
  tags: ['Templates'],
  method: 'patch',
  path: '/templates/{id}',
  summary: 'Update a template (partial; null clears from/fromName/replyTo)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(UpdateTemplateBody) },
  responses: { 200: ok(Template, 'The updated template'), ...errorResponses(400, 401, 403, 404, 422, 429) },
});

export const registerUpdateTemplate = (app: App) =>
  app.openapi(route, async (c) => {
    const t = await updateTemplate(c.var.em, c.var.project.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(success(toTemplateDto(t)), 200);
  });
