import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { startDomainVerification } from '../../../core/domains/verification.js';
import { createDomain, toDomainDto } from '../../../core/domains/domains.js';
import type { App } from '../../types.js';
import { CreateDomainBody, SenderDomain } from './schema.js';

const route = createRoute({
  operationId: 'createDomain',
  tags: ['Domains'],
  method: 'post',
  path: '/domains',
  summary: 'Add a sender domain: returns the DNS records to publish (DKIM, SPF, DMARC) and starts checking DNS',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(CreateDomainBody),
  responses: { 201: ok(SenderDomain, 'Added, PENDING until its records are found'), ...errorResponses(400, 401, 403, 409, 422, 429, 503) },
});

export const registerCreateDomain = (app: App) =>
  app.openapi(route, async (c) => {
    const { config, temporal } = c.var.deps;
    const domain = await createDomain(c.var.em, c.var.project.id, c.req.valid('json').domain, config.secretKey);
    await startDomainVerification({ temporal, config }, domain.id);
    return c.json(success(toDomainDto(domain)), 201);
  });
