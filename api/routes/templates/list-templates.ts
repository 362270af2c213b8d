import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { listTemplates, toTemplateDto } from '../../../core/templates/templates.js';
import type { App } from '../../types.js';
import { ListTemplatesQuery, TemplatePage } from './schema.js';

const route = createRoute({
  operationId: 'listTemplates',
  tags: ['Templates'],
  method: 'get',
  path: '/templates',
  summary: 'List templates, newest first',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListTemplatesQuery },
  responses: { 200: ok(TemplatePage, 'A page of templates'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListTemplates = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listTemplates(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('templates', p.items.map(toTemplateDto), p.nextCursor, p.total)), 200);
  });
