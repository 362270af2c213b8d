import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, page, success } from '../../envelope.js';
import { listEvents } from '../../../core/events/events.js';
import type { App } from '../../types.js';
import { EventPage, ListEventsQuery } from './schema.js';

const route = createRoute({
  operationId: 'listEvents',
  tags: ['Events'],
  method: 'get',
  path: '/events',
  summary: 'List events, newest first (keyset paginated, filterable)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ListEventsQuery },
  responses: { 200: ok(EventPage, 'A page of events'), ...errorResponses(401, 403, 422, 429) },
});

export const registerListEvents = (app: App) =>
  app.openapi(route, async (c) => {
    const p = await listEvents(c.var.em, c.var.project.id, c.req.valid('query'));
    return c.json(success({ ...page('events', p.items, p.nextCursor, p.total), totalCapped: p.totalCapped }), 200);
  });
