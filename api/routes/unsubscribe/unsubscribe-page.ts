import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '../../../core/errors.js';
import { errorResponses } from '../../envelope.js';
import { findEmailRef } from '../../../core/tracking/engagement.js';
import { readUnsubscribeToken } from '../../../core/tracking/links.js';
import type { App } from '../../types.js';
import { TokenParam } from '../tracking/schema.js';
import { confirmPage, PAGE_HEADERS } from './page.js';

const route = createRoute({
  operationId: 'unsubscribePage',
  tags: ['Tracking'],
  method: 'get',
  path: '/u/{token}',
  summary: 'Unsubscribe page (public, no key): a confirm button; changes nothing',
  description:
    'The visible unsubscribe link of marketing mail. Link scanners prefetch URLs, so a GET only shows a form that POSTs to the same URL.',
  request: { params: TokenParam },
  responses: {
    200: { description: 'HTML page with a confirm form', content: { 'text/html': { schema: { type: 'string' } } } },
    ...errorResponses(404),
  },
});

export const registerUnsubscribePage = (app: App) =>
  app.openapi(route, async (c) => {
    const emailId = readUnsubscribeToken(c.var.deps.config, c.req.valid('param').token);
    const ref = emailId ? await findEmailRef(c.var.em, emailId) : null;
    if (!ref) throw new DomainError('NOT_FOUND', 'Unknown unsubscribe link');
    return c.html(confirmPage(ref.projectName, ref.toEmail), 200, PAGE_HEADERS);
  });
