import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { toCampaignDto } from '../../../core/campaigns/campaigns.js';
import { cancelCampaign } from '../../../core/campaigns/sending.js';
import type { App } from '../../types.js';
import { Campaign } from './schema.js';

const route = createRoute({
  operationId: 'cancelCampaign',
  tags: ['Campaigns'],
  method: 'post',
  path: '/campaigns/{id}/cancel',
  summary: 'Cancel a SCHEDULED, SENDING or PAUSED campaign',
  description: 'From the response on, no further message of the campaign is handed to the mail server (messages already on the wire may finish). The counts keep what was sent before.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(Campaign, 'CANCELLED'), ...errorResponses(401, 403, 404, 409, 429) },
});

export const registerCancelCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await cancelCampaign(c.var.em, c.var.deps, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toCampaignDto(campaign)), 200);
  });
