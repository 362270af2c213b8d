import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '../config.js';
import { log } from '../log.js';

/** What a matcher may use (the API's and the worker's dependencies both have it). */
export interface TriggerDeps {
  orm: MikroORM;
  config: Config;
  temporal: Client;
}

/** A recorded event that may start automations. Ids only: matchers load what they need. */
export interface RecordedEvent {
  projectId: string;
  contactId: string;
  eventName: string;
  eventId: string;
}

/**
 * One kind of automation trigger. `matches` is called for every tracked event, so it must be
 * cheap (an in-memory index of trigger names per project, refreshed on change); `start` runs only
 * when it matched and is the only place that may talk to Temporal.
 */
export interface AutomationMatcher {
  name: string;
  matches(deps: TriggerDeps, event: RecordedEvent): boolean | Promise<boolean>;
  start(deps: TriggerDeps, event: RecordedEvent): Promise<void>;
}

/**
 * The automation trigger point, called after an event is stored, with the matchers wired in where
 * the app or worker is assembled (deps.extensions). Returns at once when there are none (the hot `/v1/track` path pays nothing). A failing matcher is logged, not thrown:
 * the event is already stored, and failing the request would make clients retry and record it twice.
 */
export async function onEventRecorded(
  deps: TriggerDeps,
  matchers: readonly AutomationMatcher[],
  event: RecordedEvent,
): Promise<void> {
  if (matchers.length === 0) return;
  for (const matcher of matchers) {
    try {
      if (await matcher.matches(deps, event)) await matcher.start(deps, event);
    } catch (err) {
      log.error({ err, matcher: matcher.name, eventId: event.eventId, eventName: event.eventName }, 'automation matcher failed');
    }
  }
}
