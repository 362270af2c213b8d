import { refreshSegment } from '../core/segments/tracking.js';
import type { ActivityDeps } from './deps.js';

/** One pass of a segment's refresh workflow: count, and with tracking, entry/exit events. */
export function createSegmentActivities(deps: ActivityDeps) {
  return {
    async refreshSegment(input: { segmentId: string }) {
      return refreshSegment(deps.orm.em.fork(), input.segmentId);
    },
  };
}
