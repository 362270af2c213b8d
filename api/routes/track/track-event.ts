import { createRoute, type z } from '@hono/zod-openapi';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { KeyKind, Project } from '../../../db/entities/index.js';
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

/** The 200 answer's body of a track call by this key (also answered by api/track-fast-path.ts). */
export async function trackAnswer(em: EntityManager, project: Project, keyKind: KeyKind, body: z.output<typeof TrackBody>) {
  const { subscribed, authority } = trackAuthority(keyKind, project.settings, body.subscribed);
  const r = await trackEvent(em, project.id, { ...body, subscribed, subscribedIfNew: body.subscribed }, authority);
  // Automations see this event (and the subscription event) through the trigger on `events` (core/automations/dispatch.ts).
  return success({ contact: r.contactId, event: r.eventId, timestamp: r.createdAt.toISOString() });
}

export const registerTrackEvent = (app: App) =>
  app.openapi(route, async (c) => c.json(await trackAnswer(c.get('em'), c.get('project'), c.get('apiKey').kind, c.req.valid('json')), 200));
