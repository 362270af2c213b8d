import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, IdParam, ok, success } from '../../envelope.js';
import { getEmail, toEmailDto } from '../../../core/emails/emails.js';
import type { App } from '../../types.js';
import { EmailRecord } from './schema.js';

const route = createRoute({
  operationId: 'getEmail',
  tags: ['Emails'],
  method: 'get',
  path: '/emails/{id}',
  summary: 'Get one sent email and its delivery status (ids come from POST /v1/send)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam },
  responses: { 200: ok(EmailRecord, 'The email record'), ...errorResponses(401, 403, 404, 429) },
});

export const registerGetEmail = (app: App) =>
  app.openapi(route, async (c) => {
    const email = await getEmail(c.var.em, c.var.project.id, c.req.valid('param').id);
    return c.json(success(toEmailDto(email)), 200);
  });
