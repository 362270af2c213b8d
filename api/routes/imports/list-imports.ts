import { createRoute } from '@hono/zod-openapi';
import { listImports, toImportDto } from '../../../core/imports/imports.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { ContactImportPage, ListImportsQuery } from './schema.js';

const route = createRoute({
  operationId: 'listContactImports',
  tags: ['Contacts'],
  method: 'get',
  path: '/contacts/imports',
  summary: 'List imports, newest first (keyset paginated)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListImportsQuery },
  responses: { 200: ok(ContactImportPage, 'A page of imports'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListImports = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listImports(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('imports', p.items.map(toImportDto), p.nextCursor, p.total)), 200);
  });
