import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { listCampaigns, toCampaignDto } from '../../../core/campaigns/campaigns.js';
import type { App } from '../../types.js';
import { CampaignPage, ListCampaignsQuery } from './schema.js';

const route = createRoute({
  operationId: 'listCampaigns',
  tags: ['Campaigns'],
  method: 'get',
  path: '/campaigns',
  summary: 'List campaigns, newest first (`?status=` filters)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListCampaignsQuery },
  responses: { 200: ok(CampaignPage, 'A page of campaigns'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListCampaigns = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listCampaigns(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success(page('campaigns', p.items.map(toCampaignDto), p.nextCursor, p.total)), 200);
  });
