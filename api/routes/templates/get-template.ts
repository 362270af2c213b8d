import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { getTemplate, toTemplateDto } from '../../../core/templates/templates.js';
import type { App } from '../../types.js';
import { Template } from './schema.js';

const route = createRoute({
  operationId: 'getTemplate',
  tags: ['Templates'],
  method: 'get',
  path: '/templates/{id}',
  summary: 'Get one template',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Template, 'The template'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetTemplate = (app: App) =>
  app.openapi(route, async (c) => {
    const t = await getTemplate(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toTemplateDto(t)), 200);
  });
