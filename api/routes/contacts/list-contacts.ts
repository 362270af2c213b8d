import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { listContacts, toContactDto } from '../../../core/contacts.js';
import type { App } from '../../types.js';
import { ContactPage, ListContactsQuery } from './schema.js';

const route = createRoute({
  operationId: 'listContacts',
  tags: ['Contacts'],
  method: 'get',
  path: '/contacts',
  summary: 'List contacts, newest first (keyset paginated)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListContactsQuery },
  responses: { 200: ok(ContactPage, 'A page of contacts'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListContacts = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listContacts(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('contacts', p.items.map(toContactDto), p.nextCursor, p.total)), 200);
  });
