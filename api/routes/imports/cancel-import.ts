import { createRoute } from '@hono/zod-openapi';
import { cancelImport, toImportDto } from '../../../core/imports/imports.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { ContactImport } from './schema.js';

const route = createRoute({
  operationId: 'cancelContactImport',
  tags: ['Contacts'],
  method: 'post',
  path: '/contacts/imports/{id}/cancel',
  summary: 'Cancel a QUEUED or RUNNING import between two batches',
  description: 'Answers once the batch under way (if any) has committed: what it wrote stays, and nothing more is written. 409 when the import has ended.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(ContactImport, 'CANCELLED'), ...errorResponses(401, 403, 404, 409, 429) },
});

export const registerCancelImport = (app: App) =>
  app.openapi(route, async (c) => c.json(success(toImportDto(await cancelImport(c.var.em, c.var.project.id, c.req.valid('param').id))), 200));
