import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../../core/errors.js';
import { secretKey } from '../../middleware/auth.js';
import { altErrorResponses, jsonBody, ok, success } from '../../envelope.js';
import { runIdempotent } from '../../idempotency.js';
import { sendEmails } from '../../../core/emails/send.js';
import type { App } from '../../types.js';
import { validationHook } from '../../validation.js';
import { SendEmailBody, SendHeaders, SendResult } from './schema.js';

/** 10 MB of attachments is ~14 MB of base64 in JSON; leave room for the rest of the body. */
export const SEND_BODY_LIMIT = 15 * 1024 * 1024;

const sendBodyLimit = bodyLimit({
  maxSize: SEND_BODY_LIMIT,
  onError: () => {
    throw new DomainError('PAYLOAD_TOO_LARGE', `Request body exceeds ${SEND_BODY_LIMIT} bytes`, {
      suggestion: 'Attachments may total at most 10 MB (decoded); send fewer or smaller files.',
    });
  },
});

const route = createRoute({
  operationId: 'sendEmail',
  tags: ['Public'],
  method: 'post',
  path: '/v1/send',
  summary: 'Send transactional email to up to 50 recipients (inline content or a template)',
  description:
    'Upserts each recipient as a contact (new ones unsubscribed unless `subscribed` is true), writes one email record per recipient ' +
    'and queues delivery. Refused with 422, nothing sent, when a recipient is suppressed (bounce, complaint, manual), or, for a ' +
    'MARKETING template, when a recipient opted out (unsubscribe link, complaint, `subscribed` turned off), never subscribed and the request ' +
    'does not say `subscribed: true` (which records their subscription), or already got the project\'s frequency cap of marketing mail ' +
    '(`frequencyCap` in /project/settings; the message names the capped recipients, nothing is counted). Marketing mail sent here counts ' +
    'toward that cap; quiet hours do not hold it. ' +
    'Errors use the alternate shape `{code, error, message, time}`. With `Idempotency-Key`, a retry with the ' +
    'same body within 24 h returns the first response (header `Idempotent-Replayed: true`) without sending again.',
  security: [{ secretKey: [] }],
  middleware: [secretKey, sendBodyLimit] as const,
  request: { headers: SendHeaders, ...jsonBody(SendEmailBody) },
  responses: { 200: ok(SendResult, 'Queued for delivery'), ...altErrorResponses(400, 401, 403, 404, 409, 413, 422, 429) },
});

/** NUL in `body` and `data` is removed while rendering (services/render.ts), so it is allowed here. */
const sendValidationHook = validationHook({ allowNul: true });

export const registerSendEmail = (app: App) =>
  app.openapi(route, async (c) => {
    const input = c.req.valid('json');
    const projectId = c.var.project.id;
    const outcome = await runIdempotent(c.var.em, projectId, c.req.valid('header')['idempotency-key'], input, (save) =>
      sendEmails(c.var.em, c.var.deps, projectId, input, save),
    );
    if (outcome.replayed) {
      return c.json(success(outcome.response as typeof SendResult._output), outcome.status as 200, { 'Idempotent-Replayed': 'true' });
    }
    return c.json(success(outcome.response), 200);
  }, sendValidationHook);
