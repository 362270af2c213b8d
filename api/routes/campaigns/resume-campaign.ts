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
  summary: 'Resume a PAUSED campaign',
  description:
    'Goes on sending a paused campaign from where it stopped; no recipient gets the campaign twice. ' +
    'Allowed only when its status is PAUSED (any other status is a 409). The response is the campaign with status SENDING. ' +
    'A 503 means the campaign is SENDING again but its sender could not be woken: pause and resume it again once the service is reachable.',
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
