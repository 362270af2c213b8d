import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import { sendCampaignTest, TEST_SEND_MAX_RECIPIENTS } from '../../../core/campaigns/test-send.js';
import type { App } from '../../types.js';
import { TestCampaignBody, TestCampaignResult } from './schema.js';

const route = createRoute({
  operationId: 'testCampaign',
  tags: ['Campaigns'],
  method: 'post',
  path: '/campaigns/{id}/test',
  summary: `Send a test of the campaign to up to ${TEST_SEND_MAX_RECIPIENTS} addresses`,
  description:
    "Any status. Subject prefixed `[TEST] `; rendered with the contact's data when the address is a contact; sent like any email (DKIM, " +
    "tracking, and the project's send rate: test mails are paced with all its other mail) and never counted in the campaign's stats. " +
    `At most ${TEST_SEND_MAX_RECIPIENTS} addresses per call. Refused like /v1/send: a suppressed address is a 422 RECIPIENT_SUPPRESSED and, ` +
    'for a MARKETING campaign, a contact who unsubscribed a 422 RECIPIENT_UNSUBSCRIBED; nothing is sent then.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(TestCampaignBody) },
  responses: { 200: ok(TestCampaignResult, 'Queued for delivery'), ...errorResponses(400, 401, 403, 404, 422, 429) },
});

export const registerTestCampaign = (app: App) =>
  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const result = await sendCampaignTest(c.var.em, c.var.deps, c.var.project.id, c.req.valid('param').id, body.emails ?? [body.email!]);
    return c.json(success(result), 200);
  });
