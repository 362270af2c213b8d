import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { createCampaign, toCreatedCampaignDto } from '../../../core/campaigns/campaigns.js';
import type { App } from '../../types.js';
import { CreateCampaignBody, CreatedCampaign } from './schema.js';

const route = createRoute({
  operationId: 'createCampaign',
  tags: ['Campaigns'],
  method: 'post',
  path: '/campaigns',
  summary: 'Create a campaign (DRAFT)',
  description: '`from` must be on a VERIFIED sender domain (403 otherwise); a SEGMENT audience needs an existing segment.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(CreateCampaignBody),
  responses: { 201: ok(CreatedCampaign, 'Created, DRAFT'), ...errorResponses(400, 401, 403, 404, 422, 429) },
});

export const registerCreateCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await createCampaign(c.var.em, c.var.project.id, c.req.valid('json'));
    return c.json(success(toCreatedCampaignDto(campaign)), 201);
  });
