import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { createTemplate, toTemplateDto } from '../../../core/templates/templates.js';
import type { App } from '../../types.js';
import { CreateTemplateBody, Template } from './schema.js';

const route = createRoute({
  operationId: 'createTemplate',
  tags: ['Templates'],
  method: 'post',
  path: '/templates',
  summary: 'Create a template',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(CreateTemplateBody),
  responses: { 201: ok(Template, 'Created'), ...errorResponses(400, 401, 403, 422, 429) },
});

export const registerCreateTemplate = (app: App) =>
  app.openapi(route, async (c) => {
    const t = await createTemplate(c.var.em, c.var.project.id, c.req.valid('json'));
    return c.json(success(toTemplateDto(t)), 201);
  });
