import { createRoute } from '@hono/zod-openapi';
import { anyKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { trackEvent } from '../../../core/events/track.js';
import { trackAuthority } from '../../../core/consent/public-key-policy.js';
import type { App } from '../../types.js';
import { TrackBody, TrackResult } from './schema.js';

/** Either key works; typed explicitly (two differently-keyed objects defeat createRoute's inference). */
const security: Record<string, string[]>[] = [{ publicKey: [] }, { secretKey: [] }];

const route = createRoute({
  operationId: 'trackEvent',
  tags: ['Public'],
  method: 'post',
  path: '/v1/track',
  summary: 'Track an event for a contact (creates or updates the contact)',
  security,
  middleware: [anyKey] as const,
  request: jsonBody(TrackBody),
  responses: { 200: ok(TrackResult, 'The contact and event ids'), ...errorResponses(400, 401, 403, 422, 429) },
});

export const registerTrackEvent = (app: App) =>
  app.openapi(route, async (c) => {
    const project = c.get('project');
    const body = c.req.valid('json');
    const { subscribed, authority } = trackAuthority(c.get('apiKey').kind, project.settings, body.subscribed);
    const r = await trackEvent(c.get('em'), project.id, { ...body, subscribed, subscribedIfNew: body.subscribed }, authority);
    // Automations see this event (and the subscription event) through the trigger on `events` (core/automations/dispatch.ts).
    return c.json(success({ contact: r.contactId, event: r.eventId, timestamp: r.createdAt.toISOString() }), 200);
  });
