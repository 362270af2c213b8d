import { createRoute, z } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { deleteContact } from '../../../core/contact-delete.js';
import type { App } from '../../types.js';

const route = createRoute({
  operationId: 'deleteContact',
  tags: ['Contacts'],
  method: 'delete',
  path: '/contacts/{id}',
  summary: 'Delete a contact (its events stay, detached)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted'), ...errorResponses(401, 403, 404, 429) },
});

export const registerDeleteContact = (app: App) =>
  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    await deleteContact(c.var.em, c.var.project.id, id);
    return c.json(success({ id, deleted: true as const }), 200);
  });
