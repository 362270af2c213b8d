import { createRoute } from '@hono/zod-openapi';
import { getImport, toImportDto } from '../../../core/imports/imports.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { ContactImport } from './schema.js';

const route = createRoute({
  operationId: 'getContactImport',
  tags: ['Contacts'],
  method: 'get',
  path: '/contacts/imports/{id}',
  summary: 'An import: status, counts and the first 100 invalid rows',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(ContactImport, 'The import'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetImport = (app: App) =>
  app.openapi(route, async (c) => c.json(success(toImportDto(await getImport(c.var.em, c.var.project.id, c.req.valid('param').id))), 200));
