import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, success } from '../../envelope.js';
import { listEventNames } from '../../../core/events/events.js';
import type { App } from '../../types.js';
import { EventNames } from './schema.js';

const route = createRoute({
  operationId: 'listEventNames',
  tags: ['Events'],
  method: 'get',
  path: '/events/names',
  summary: 'List the distinct event names with their counts and last occurrence',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  responses: { 200: ok(EventNames, 'Event names, alphabetical'), ...errorResponses(401, 403, 429) },
});

export const registerListEventNames = (app: App) =>
  app.openapi(route, async (c) => {
    const names = await listEventNames(c.var.em, c.var.project.id);
    return c.json(success({ names, items: names }), 200);
  });
