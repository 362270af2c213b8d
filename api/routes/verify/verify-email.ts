import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { altErrorResponses, jsonBody, ok, success } from '../../envelope.js';
import { verifyEmail } from '../../../core/verify/index.js';
import type { App } from '../../types.js';
import { validationHook } from '../../validation.js';
import { VerificationResult, VerifyEmailBody } from './schema.js';

const route = createRoute({
  operationId: 'verifyEmail',
  tags: ['Public'],
  method: 'post',
  path: '/v1/verify',
  summary: 'Verify an email address (syntax, DNS, disposable, alias, personal provider, typo)',
  description:
    'A malformed address is not an error: the answer is `valid: false` with the reasons. DNS failures (timeout, SERVFAIL) also give `valid: false` with a reason saying the lookup failed. Errors use the alternate shape `{code, error, message, time}`.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(VerifyEmailBody),
  responses: { 200: ok(VerificationResult, 'The verification result'), ...altErrorResponses(400, 401, 403, 422, 429) },
});

/** Nothing is stored: an address with NUL or an unpaired surrogate is answered `valid: false`, like any malformed one. */
const verifyValidationHook = validationHook({ allowNul: true, allowLoneSurrogates: true });

export const registerVerifyEmail = (app: App) =>
  app.openapi(route, async (c) => {
    const result = await verifyEmail(c.req.valid('json').email, { dns: c.var.deps.dns });
    return c.json(success(result), 200);
  }, verifyValidationHook);
