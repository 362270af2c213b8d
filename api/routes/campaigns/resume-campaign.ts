import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { toCampaignDto } from '../../../core/campaigns/campaigns.js';
import { resumeCampaign } from '../../../core/campaigns/sending.js';
import type { App } from '../../types.js';
import { Campaign } from './schema.js';

const route = createRoute({
  operationId: 'resumeCampaign',
  tags: ['Campaigns'],
  method: 'post',
  path: '/campaigns/{id}/resume',
  summary: 'Resume a PAUSED campaign (extension)',
  description: 'Not in the original API: an extension. Sending goes on where it stopped; nobody gets the campaign twice.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Campaign, 'SENDING'), ...errorResponses(401, 403, 404, 409, 429, 503) },
});

export const registerResumeCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await resumeCampaign(c.var.em, c.var.deps, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toCampaignDto(campaign)), 200);
  });
