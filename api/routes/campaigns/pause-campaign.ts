import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { toCampaignDto } from '../../../core/campaigns/campaigns.js';
import { pauseCampaign } from '../../../core/campaigns/sending.js';
import type { App } from '../../types.js';
import { Campaign } from './schema.js';

const route = createRoute({
  operationId: 'pauseCampaign',
  tags: ['Campaigns'],
  method: 'post',
  path: '/campaigns/{id}/pause',
  summary: 'Pause a SENDING campaign',
  description:
    'Stops a campaign while it is sending. Allowed only when its status is SENDING (any other status is a 409). ' +
    'Once the response arrives, no further message is handed to the mail server; messages already sent stay sent. ' +
    'The response is the campaign with status PAUSED. POST /campaigns/{id}/resume goes on, POST /campaigns/{id}/cancel stops it for good.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Campaign, 'PAUSED'), ...errorResponses(401, 403, 404, 409, 429) },
});

export const registerPauseCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await pauseCampaign(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toCampaignDto(campaign)), 200);
  });
