import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { listDomains, toDomainDto } from '../../../core/domains/domains.js';
import type { App } from '../../types.js';
import { DomainPage, ListDomainsQuery } from './schema.js';

const route = createRoute({
  operationId: 'listDomains',
  tags: ['Domains'],
  method: 'get',
  path: '/domains',
  summary: 'List sender domains, newest first (`?status=VERIFIED` for the verified ones)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListDomainsQuery },
  responses: { 200: ok(DomainPage, 'A page of domains'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListDomains = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listDomains(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('domains', p.items.map(toDomainDto), p.nextCursor, p.total)), 200);
  });
