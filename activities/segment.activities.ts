import type { SegmentRefreshPass } from '../core/segments/refresh.js';
import { refreshSegment } from '../core/segments/tracking.js';
import type { ActivityDeps } from './deps.js';

/** One pass of a segment's refresh workflow: count, and with tracking, entry/exit events. */
export function createSegmentActivities(deps: ActivityDeps) {
  return {
    /** Also returns the configured interval, so a changed SEGMENT_REFRESH_INTERVAL_SECONDS reaches running workflows. */
    async refreshSegment(input: { segmentId: string }): Promise<SegmentRefreshPass> {
      const result = await refreshSegment(deps.orm.em.fork(), input.segmentId);
      return { ...result, intervalMs: deps.config.segmentRefreshIntervalMs };
    },
  };
}
