import type { ServiceDeps } from '../deps.js';

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
  matches(deps: ServiceDeps, event: RecordedEvent): boolean | Promise<boolean>;
  start(deps: ServiceDeps, event: RecordedEvent): Promise<void>;
}

/** The registry the workflows (automations) feature fills at startup; empty until then. */
export const automationMatchers: AutomationMatcher[] = [];

/**
 * The automation trigger point, called after an event is stored. Returns at once when no matcher
 * is registered (the hot `/v1/track` path pays nothing). A failing matcher is logged, not thrown:
 * the event is already stored, and failing the request would make clients retry and record it twice.
 */
export async function onEventRecorded(deps: ServiceDeps, event: RecordedEvent): Promise<void> {
  if (automationMatchers.length === 0) return;
  for (const matcher of automationMatchers) {
    try {
      if (await matcher.matches(deps, event)) await matcher.start(deps, event);
    } catch (err) {
      console.error(`[automations] ${matcher.name} failed for event ${event.eventId} (${event.eventName}):`, err);
    }
  }
}
