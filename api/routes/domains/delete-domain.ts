import { createRoute, z } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { stopDomainVerification } from '../../../core/domains/verification.js';
import { deleteDomain } from '../../../core/domains/domains.js';
import type { App } from '../../types.js';

const route = createRoute({
  operationId: 'deleteDomain',
  tags: ['Domains'],
  method: 'delete',
  path: '/domains/{id}',
  summary: 'Remove a sender domain and stop its DNS checks (409 while a campaign sends from it)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted'), ...errorResponses(401, 403, 404, 409, 429) },
});

export const registerDeleteDomain = (app: App) =>
  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    await deleteDomain(c.var.em, c.var.project.id, id, c.var.deps.extensions.domainUsage);
    await stopDomainVerification(c.var.deps.temporal, id);
    return c.json(success({ id, deleted: true as const }), 200);
  });
