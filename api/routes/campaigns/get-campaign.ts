import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { getCampaign, toCampaignDto } from '../../../core/campaigns/campaigns.js';
import { campaignSchedule } from '../../../core/schedule/waves.js';
import type { App } from '../../types.js';
import { Campaign } from './schema.js';

const route = createRoute({
  operationId: 'getCampaign',
  tags: ['Campaigns'],
  method: 'get',
  path: '/campaigns/{id}',
  summary: 'Get one campaign with its counts',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Campaign, 'The campaign'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await getCampaign(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success({ ...toCampaignDto(campaign), schedule: await campaignSchedule(c.var.em, campaign) }), 200);
  });
