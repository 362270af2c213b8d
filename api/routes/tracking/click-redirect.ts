import { createRoute, z } from '@hono/zod-openapi';
import { DomainError } from '../../../core/errors.js';
import { errorResponses } from '../../envelope.js';
import { recordClick } from '../../../core/tracking/engagement.js';
import { readClickToken } from '../../../core/tracking/links.js';
import type { App } from '../../types.js';
import { NO_STORE, TokenParam } from './schema.js';

const route = createRoute({
  operationId: 'trackClick',
  tags: ['Tracking'],
  method: 'get',
  path: '/t/c/{token}',
  summary: 'Click redirect (public, no key): records `email.clicked` and redirects to the original link',
  description:
    'Links of tracked mail point here. The token signs the email id and the original URL, so the redirect only ever goes to a URL that was in the message (never an open redirect); a tampered token is a 404 and records nothing.',
  request: { params: TokenParam },
  responses: {
    302: { description: 'Redirect to the original link', headers: z.object({ Location: z.string().url() }) },
    ...errorResponses(404),
  },
});

export const registerClickRedirect = (app: App) =>
  app.openapi(route, async (c) => {
    const link = readClickToken(c.var.deps.config, c.req.valid('param').token);
    if (!link) throw new DomainError('NOT_FOUND', 'Unknown tracking link');
    await recordClick(c.var.em, link.emailId, link.url, c.req.header('user-agent'));
    for (const [k, v] of Object.entries({ ...NO_STORE, 'Referrer-Policy': 'no-referrer' })) c.header(k, v);
    return c.redirect(link.url, 302);
  });
