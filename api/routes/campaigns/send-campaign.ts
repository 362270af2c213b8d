import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { toCampaignDto } from '../../../core/campaigns/campaigns.js';
import { sendCampaign } from '../../../core/campaigns/sending.js';
import type { App } from '../../types.js';
import { Campaign, SendCampaignBody } from './schema.js';

const route = createRoute({
  operationId: 'sendCampaign',
  tags: ['Campaigns'],
  method: 'post',
  path: '/campaigns/{id}/send',
  summary: 'Send now, schedule (`scheduledAt`), or send at a local time in each recipient\'s zone (`localTime`); on a SCHEDULED campaign, move its time',
  description: 'DRAFT or SCHEDULED only (409 otherwise, and 409 when the audience has no contact). The campaign is then SCHEDULED until its time, SENDING while it goes out, SENT at the end.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, body: { required: false, content: { 'application/json': { schema: SendCampaignBody } } } },
  responses: { 200: ok(Campaign, 'Scheduled'), ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503) },
});

export const registerSendCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const { scheduledAt, localTime } = c.req.valid('json') ?? {};
    const campaign = await sendCampaign(c.var.em, c.var.deps, c.var.project.id, c.req.valid('param').id, scheduledAt ? new Date(scheduledAt) : undefined, localTime);
    return c.json(success(toCampaignDto(campaign)), 200);
  });
