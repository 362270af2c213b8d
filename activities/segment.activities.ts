import { ApplicationFailure } from '@temporalio/activity';
import { DomainError } from '../core/errors.js';
import { truncateText } from '../core/log.js';
import type { SegmentRefreshPass } from '../core/segments/refresh.js';
import { refreshSegment } from '../core/segments/tracking.js';
import type { ActivityDeps } from './deps.js';

/** Longest failure message a pass reports to Temporal (a driver error may quote megabytes of SQL; a payload is at most 2 MB). */
const MAX_FAILURE_MESSAGE = 2000;

/**
 * A pass that cannot succeed as the segment stands (its condition is over the size bound: a
 * DomainError that is not retryable) fails for good, with a short message: the workflow skips the
 * pass and tries again at the next interval. Anything else (the database) stays retryable, its
 * message cut short so the failure fits in Temporal's payload limit.
 */
function shortFailure(e: unknown): unknown {
  if (e instanceof DomainError && !e.retryable) {
    return ApplicationFailure.create({ message: truncateText(e.message, MAX_FAILURE_MESSAGE), type: e.code, nonRetryable: true });
  }
  if (e instanceof Error && e.message.length > MAX_FAILURE_MESSAGE) {
    return ApplicationFailure.create({ message: truncateText(e.message, MAX_FAILURE_MESSAGE), type: e.name, nonRetryable: false });
  }
  return e;
}

/** One pass of a segment's refresh workflow: count, and with tracking, entry/exit events. */
export function createSegmentActivities(deps: ActivityDeps) {
  return {
    /** Also returns the configured interval, so a changed SEGMENT_REFRESH_INTERVAL_SECONDS reaches running workflows. */
    async refreshSegment(input: { segmentId: string }): Promise<SegmentRefreshPass> {
      try {
        const result = await refreshSegment(deps.orm.em.fork(), input.segmentId);
        return { ...result, intervalMs: deps.config.segmentRefreshIntervalMs };
      } catch (e) {
        throw shortFailure(e);
      }
    },
  };
}
