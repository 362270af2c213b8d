import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../../core/errors.js';
import { errorResponses, ok, success } from '../../envelope.js';
import { processDsn } from '../../../core/bounces/bounces.js';
import { parseDsn } from '../../../core/bounces/dsn.js';
import type { App } from '../../types.js';
import { WEBHOOK_SECURITY, webhookAuth } from './auth.js';
import { BounceResults } from './schema.js';

const MAX_DSN_BYTES = 1024 * 1024;
const RawMessage = z.string().openapi({ description: 'The complete bounce message as received (headers and MIME body).' });

const route = createRoute({
  operationId: 'reportDsn',
  tags: ['Webhooks'],
  method: 'post',
  path: '/webhooks/bounces/dsn',
  summary: 'Report a raw bounce message: RFC 3464 DSN or RFC 5965 abuse report (webhook secret or secret key)',
  description:
    'For an MTA that forwards the bounces it receives (inbound SMTP itself is not part of this service). Status 5.x.x is a hard bounce, 4.x.x ' +
    'a soft one; a feedback report is a complaint. The bounced message is found by the VERP `+<emailId>` return path the report was sent to ' +
    'or the Message-ID of the returned message only (never by other headers quoted in it). Anyone can mail a bounce address, so a report acts only ' +
    'on a message of the project it matched, and on that message\'s recipient, whatever address the report names (one result). Otherwise effects as ' +
    '`POST /webhooks/bounces`. At most 1 MB. 422 `VALIDATION_ERROR`, nothing changed, when no bounce is found in it or it holds a NUL character, raw ' +
    'or encoded (`errors[].code` `invalid_dsn`), or when it matches no message of the project (`unmatched_dsn`).',
  security: WEBHOOK_SECURITY,
  middleware: [
    webhookAuth,
    bodyLimit({ maxSize: MAX_DSN_BYTES, onError: () => { throw new DomainError('PAYLOAD_TOO_LARGE', 'A bounce message is at most 1 MB'); } }),
  ] as const,
  request: {
    body: {
      required: true,
      content: { 'message/rfc822': { schema: RawMessage }, 'multipart/report': { schema: RawMessage }, 'text/plain': { schema: RawMessage } },
    },
  },
  responses: { 200: ok(BounceResults, 'The bounce, applied to the matched message'), ...errorResponses(400, 401, 403, 413, 422, 429) },
});

export const registerPostDsn = (app: App) =>
  app.openapi(route, async (c) => {
    const results = await processDsn(c.var.em, c.var.project.id, parseDsn(await c.req.text()));
    return c.json(success({ processed: results.length, results }), 200);
  });
