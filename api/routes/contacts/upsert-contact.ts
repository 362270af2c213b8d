import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { toContactDto, upsertContact } from '../../../core/contacts.js';
import type { App } from '../../types.js';
import { ContactWithMeta, UpsertContactBody } from './schema.js';

const route = createRoute({
  operationId: 'upsertContact',
  tags: ['Contacts'],
  method: 'post',
  path: '/contacts',
  summary: 'Create or update a contact (upsert by email)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(UpsertContactBody),
  responses: {
    201: ok(ContactWithMeta, 'Created: `_meta.isNew` is true'),
    200: ok(ContactWithMeta, 'Updated: `_meta.isUpdate` is true'),
    ...errorResponses(400, 401, 403, 422, 429),
  },
});

export const registerUpsertContact = (app: App) =>
  app.openapi(route, async (c) => {
    const { contact, isNew } = await upsertContact(c.var.em, c.var.project.id, c.req.valid('json'), { defaultSubscribed: true, subscriptionEvent: 'api' });
    return c.json(success({ ...toContactDto(contact), _meta: { isNew, isUpdate: !isNew } }), isNew ? 201 : 200);
  });
