import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { processBounces } from '../../../core/bounces/bounces.js';
import type { App } from '../../types.js';
import { WEBHOOK_SECURITY, webhookAuth } from './auth.js';
import { BounceResults, BounceWebhookBody } from './schema.js';

const route = createRoute({
  operationId: 'reportBounces',
  tags: ['Webhooks'],
  method: 'post',
  path: '/webhooks/bounces',
  summary: 'Report bounces and complaints (authenticated by the project webhook secret or a secret key)',
  description:
    'For mail providers and bounce processors. A hard bounce or complaint puts the address on the suppression list and records `email.bounced` ' +
    '(data.type `hard`) or `email.complained`; a hard bounce also marks the matched email record `BOUNCED` (a campaign message: counted in GET /campaigns/{id}/stats). A soft bounce records `email.bounced` ' +
    '(data.type `soft`) only. Reports are matched to the sent email by `emailId` or `messageId`; one naming a message sent to another address than its `email` ' +
    'is a 422 `VALIDATION_ERROR` (`errors[].code` `recipient_mismatch`). A batch is applied all or nothing.',
  security: WEBHOOK_SECURITY,
  middleware: [webhookAuth] as const,
  request: jsonBody(BounceWebhookBody),
  responses: { 200: ok(BounceResults, 'Every report applied, in order'), ...errorResponses(400, 401, 403, 422, 429) },
});

export const registerPostBounces = (app: App) =>
  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const reports = Array.isArray(body) ? body : [body];
    const results = await processBounces(c.var.em, c.var.project.id, reports, 'webhook', { batch: Array.isArray(body) });
    return c.json(success({ processed: results.length, results }), 200);
  });
