import { ApplicationFailure } from '@temporalio/activity';
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

/** The same activities, each turning a non-retryable DomainError into a non-retryable failure. */
export function withDomainFailures<T extends Record<string, AsyncFn>>(activities: T): T {
  const wrapped: Record<string, AsyncFn> = {};
  for (const [name, fn] of Object.entries(activities)) {
    wrapped[name] = async (...args) => {
      try {
        return await fn(...args);
      } catch (err) {
        throw toActivityFailure(err);
      }
    };
  }
  return wrapped as T;
}
