import { ApplicationFailure, Context } from '@temporalio/activity';
import { withLogContext } from '../../core/log.js';
import { DomainError } from '../../core/errors.js';

/**
 * A rule that failed for good (a deleted template, a 404, a 422) fails the same way on every
 * attempt: Temporal should not retry it. Retryable domain errors and everything else (database,
 * network) are left as they are, for the activity's retry policy.
 */
export function toActivityFailure(err: unknown): unknown {
  if (!(err instanceof DomainError) || err.retryable) return err;
  return ApplicationFailure.create({
    message: err.message,
    type: err.code,
    nonRetryable: true,
    details: [{ code: err.code, errors: err.errors ?? [], suggestion: err.suggestion ?? null }],
  });
}

type AsyncFn = (...args: never[]) => Promise<unknown>;

/** The current activity's ids for every line it logs; none outside an activity (a unit test calling it directly). */
function activityLogFields(): Record<string, unknown> {
  try {
    const info = Context.current().info;
    return { workflowId: info.workflowExecution?.workflowId, activityId: info.activityId, activity: info.activityType, attempt: info.attempt };
  } catch {
    return {};
  }
}

/**
 * The same activities, each logging with its workflow and activity ids and turning a
 * non-retryable DomainError into a non-retryable failure.
 */
export function withDomainFailures<T extends Record<string, AsyncFn>>(activities: T): T {
  const wrapped: Record<string, AsyncFn> = {};
  for (const [name, fn] of Object.entries(activities)) {
    wrapped[name] = (...args) =>
      withLogContext(activityLogFields(), async () => {
        try {
          return await fn(...args);
        } catch (err) {
          throw toActivityFailure(err);
        }
      });
  }
  return wrapped as T;
}
