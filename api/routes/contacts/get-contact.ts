import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { getContact, toContactDto } from '../../../core/contacts.js';
import type { App } from '../../types.js';
import { Contact } from './schema.js';

const route = createRoute({
  operationId: 'getContact',
  tags: ['Contacts'],
  method: 'get',
  path: '/contacts/{id}',
  summary: 'Get one contact',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Contact, 'The contact'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetContact = (app: App) =>
  app.openapi(route, async (c) => {
    const contact = await getContact(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toContactDto(contact)), 200);
  });
