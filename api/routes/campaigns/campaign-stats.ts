import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { getCampaign } from '../../../core/campaigns/campaigns.js';
import { campaignStats } from '../../../core/campaigns/stats.js';
import type { App } from '../../types.js';
import { CampaignStats } from './schema.js';

const route = createRoute({
  operationId: 'getCampaignStats',
  tags: ['Campaigns'],
  method: 'get',
  path: '/campaigns/{id}/stats',
  summary: 'Campaign analytics: counts and rates',
  description: "Correct while sending and after; opens and clicks count contacts, unsubscribes those through this campaign's link. Test sends are not counted.",
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(CampaignStats, 'The stats'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetCampaignStats = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await getCampaign(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(campaignStats(campaign)), 200);
  });
