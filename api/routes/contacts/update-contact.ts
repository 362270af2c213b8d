import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import { toContactDto, updateContact } from '../../../core/contacts.js';
import type { App } from '../../types.js';
import { Contact, UpdateContactBody } from './schema.js';

const route = createRoute({
  operationId: 'updateContact',
  tags: ['Contacts'],
  method: 'patch',
  path: '/contacts/{id}',
  summary: 'Update a contact (data is merged; null removes a key)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(UpdateContactBody) },
  responses: { 200: ok(Contact, 'The updated contact'), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
});

export const registerUpdateContact = (app: App) =>
  app.openapi(route, async (c) => {
    const contact = await updateContact(c.var.em, c.var.project.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(success(toContactDto(contact)), 200);
  });
