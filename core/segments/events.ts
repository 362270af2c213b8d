import type { EntityManager } from '@mikro-orm/postgresql';
import type { Segment } from '../../db/entities/index.js';
import { recordEvent } from '../events/events.js';

export type MembershipChange = 'entry' | 'exit';

/** `segment.<id>.entry` / `segment.<id>.exit`: the names automations trigger on. */
export const segmentEventName = (segmentId: string, change: MembershipChange) => `segment.${segmentId}.${change}`;

/**
 * Records one membership event per contact, through recordEvent, in the caller's transaction: the
 * membership change and its events commit together, so each entry or exit is recorded once.
 */
export async function recordSegmentEvents(em: EntityManager, segment: Segment, change: MembershipChange, contactIds: string[]): Promise<void> {
  const name = segmentEventName(segment.id, change);
  for (const contactId of contactIds) {
    await recordEvent(em, { projectId: segment.projectId, name, contactId, data: { segmentId: segment.id, segmentName: segment.name } });
  }
}
