import { createRoute } from '@hono/zod-openapi';
import { toContactDto } from '../../../core/contacts.js';
import { listSegmentContacts } from '../../../core/segments/members.js';
import { withStatementTimeout } from '../../../core/statement-timeout.js';
import { errorResponses, IdParam, ok, page, PageQuery, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { ContactPage } from '../contacts/schema.js';

const route = createRoute({
  operationId: 'listSegmentContacts',
  tags: ['Segments'],
  method: 'get',
  path: '/segments/{id}/contacts',
  summary: "List a segment's members, newest first (live for DYNAMIC; `total` is the cached member count)",
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, query: PageQuery },
  responses: { 200: ok(ContactPage, 'A page of member contacts'), ...errorResponses(401, 403, 404, 422, 429, 503) },
});

export const registerListSegmentContacts = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await withStatementTimeout(c.var.em, c.var.deps.config.conditionQueryTimeoutMs, (tx) =>
      listSegmentContacts(tx, c.var.project.id, c.req.valid('param').id, c.req.valid('query')),
    );
    return c.json(success(page('contacts', p.items.map(toContactDto), p.nextCursor, p.total)), 200);
  });
