import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '../../../core/errors.js';
import { errorResponses } from '../../envelope.js';
import { unsubscribeRecipient } from '../../../core/tracking/engagement.js';
import { readUnsubscribeToken } from '../../../core/tracking/links.js';
import type { App } from '../../types.js';
import { TokenParam } from '../tracking/schema.js';
import { donePage, PAGE_HEADERS } from './page.js';

const route = createRoute({
  operationId: 'unsubscribeOneClick',
  tags: ['Tracking'],
  method: 'post',
  path: '/u/{token}',
  summary: 'Unsubscribe (public, no key; RFC 8058 one-click)',
  description:
    'The target of `List-Unsubscribe` / `List-Unsubscribe-Post: List-Unsubscribe=One-Click` and of the confirm form. ' +
    'Accepts the form body `List-Unsubscribe=One-Click`, any other body, or none (`curl -X POST <url>` works); no cookies, no redirect. ' +
    'Sets the contact `subscribed=false` and records `contact.unsubscribed` once; repeating it is harmless.',
  // The body (`List-Unsubscribe=One-Click`, anything else, or none) is never read: declaring none keeps any content type acceptable.
  request: { params: TokenParam },
  responses: {
    200: { description: 'HTML confirmation', content: { 'text/html': { schema: { type: 'string' } } } },
    ...errorResponses(404),
  },
});

export const registerUnsubscribeOneClick = (app: App) =>
  app.openapi(route, async (c) => {
    const emailId = readUnsubscribeToken(c.var.deps.config, c.req.valid('param').token);
    const result = emailId ? await unsubscribeRecipient(c.var.em, emailId) : null;
    if (!emailId || !result) throw new DomainError('NOT_FOUND', 'Unknown unsubscribe link');
    return c.html(donePage(result.ref.projectName), 200, PAGE_HEADERS);
  });
