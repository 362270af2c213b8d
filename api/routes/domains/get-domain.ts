import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { getDomain, toDomainDto } from '../../../core/domains/domains.js';
import type { App } from '../../types.js';
import { SenderDomain } from './schema.js';

const route = createRoute({
  operationId: 'getDomain',
  tags: ['Domains'],
  method: 'get',
  path: '/domains/{id}',
  summary: 'Get one sender domain with the status of each DNS record',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(SenderDomain, 'The domain'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetDomain = (app: App) =>
  app.openapi(route, async (c) => {
    const domain = await getDomain(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toDomainDto(domain)), 200);
  });
