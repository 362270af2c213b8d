import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '../../../core/errors.js';
import { errorResponses } from '../../envelope.js';
import { recordOpen } from '../../../core/tracking/engagement.js';
import { readOpenToken } from '../../../core/tracking/links.js';
import type { App } from '../../types.js';
import { NO_STORE, PIXEL_GIF, TokenParam } from './schema.js';

const route = createRoute({
  operationId: 'trackOpen',
  tags: ['Tracking'],
  method: 'get',
  path: '/t/o/{token}',
  summary: 'Open pixel (public, no key): records `email.opened` and answers a 1x1 GIF',
  description:
    'Embedded in tracked mail as `<img src="{PUBLIC_URL}/t/o/{token}.gif">`. The token is signed: a tampered or unknown token is a 404 and records nothing.',
  request: { params: TokenParam },
  responses: {
    200: { description: '1x1 transparent GIF', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } },
    ...errorResponses(404),
  },
});

export const registerOpenPixel = (app: App) =>
  app.openapi(route, async (c) => {
    const emailId = readOpenToken(c.var.deps.config, c.req.valid('param').token);
    if (!emailId) throw new DomainError('NOT_FOUND', 'Unknown tracking link');
    // A valid token whose email record is gone still gets the image: nothing to record, nothing to leak.
    await recordOpen(c.var.em, emailId, c.req.header('user-agent'));
    return c.body(new Uint8Array(PIXEL_GIF), 200, { 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL_GIF.length), ...NO_STORE });
  });
