import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { verifyDomainNow } from '../../../core/domains/verification.js';
import { toDomainDto } from '../../../core/domains/domains.js';
import type { App } from '../../types.js';
import { SenderDomain } from './schema.js';

const route = createRoute({
  operationId: 'verifyDomain',
  tags: ['Domains'],
  method: 'post',
  path: '/domains/{id}/verify',
  summary: 'Check the DNS records now (a FAILED domain starts a new 72 h checking period)',
  description: 'Answers after the check with the updated domain; the background checks start again from their shortest interval.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(SenderDomain, 'The domain after the check'), ...errorResponses(401, 403, 404, 429) },
});

export const registerVerifyDomain = (app: App) =>
  app.openapi(route, async (c) => {
    const domain = await verifyDomainNow(c.var.deps, c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toDomainDto(domain)), 200);
  });
