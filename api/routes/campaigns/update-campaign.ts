import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import { toCampaignDto, updateCampaign } from '../../../core/campaigns/campaigns.js';
import type { App } from '../../types.js';
import { Campaign, UpdateCampaignBody } from './schema.js';

const route = createRoute({
  operationId: 'updateCampaign',
  tags: ['Campaigns'],
  method: 'patch',
  path: '/campaigns/{id}',
  summary: 'Update a DRAFT or SCHEDULED campaign (partial)',
  description: 'The content is frozen once sending starts: any other status is a 409.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(UpdateCampaignBody) },
  responses: { 200: ok(Campaign, 'The updated campaign'), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
});

export const registerUpdateCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const campaign = await updateCampaign(c.var.em, c.var.project.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(success(toCampaignDto(campaign)), 200);
  });
