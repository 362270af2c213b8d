import { createRoute, z } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { deleteTemplate } from '../../../core/templates/templates.js';
import type { App } from '../../types.js';

const route = createRoute({
  operationId: 'deleteTemplate',
  tags: ['Templates'],
  method: 'delete',
  path: '/templates/{id}',
  summary: 'Delete a template (409 while an automation workflow uses it)',
  description:
    'Refused (409, naming them) while the latest version of an automation workflow sends it. Campaigns do not refer to templates: a campaign holds its own subject and body, so deleting a template never changes one.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted'), ...errorResponses(401, 403, 404, 409, 429) },
});

export const registerDeleteTemplate = (app: App) =>
  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    await deleteTemplate(c.var.em, c.var.project.id, id, c.var.deps.extensions.templateUsage);
    return c.json(success({ id, deleted: true as const }), 200);
  });
