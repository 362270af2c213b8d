/**
 * The one table from error code to HTTP status. The API renders errors and documents its error
 * responses from it (api/error-handler.ts, api/envelope.ts); a code never maps to two statuses.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_CONTENT_TYPE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PROJECT_DISABLED: 403,
  DOMAIN_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_ERROR: 422,
  RECIPIENT_SUPPRESSED: 422,
  RECIPIENT_UNSUBSCRIBED: 422,
  RECIPIENT_CAPPED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** Codes worth another attempt as they are (a busy dependency, a rate limit); every other code fails the same way again. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);

/** What to do about an error, when the place that raised it has nothing more specific to say. */
const DEFAULT_SUGGESTION: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Check the request against GET /openapi.json.',
  MALFORMED_JSON: 'Send a valid JSON body with Content-Type: application/json.',
  UNSUPPORTED_CONTENT_TYPE: 'Send the body as JSON with the header Content-Type: application/json.',
  UNAUTHORIZED: 'Send a valid key as Authorization: Bearer sk_... (or pk_... for POST /v1/track).',
  FORBIDDEN: 'Use a secret key (sk_...) of an enabled project; public keys only work on POST /v1/track.',
  PROJECT_DISABLED: 'The project is disabled; an operator can enable it with `npm run cli -- projects enable ID`.',
  DOMAIN_NOT_VERIFIED: 'Add the domain with POST /domains, publish its DNS records, and wait until it is VERIFIED.',
  NOT_FOUND: 'Check the id or path; resources of other projects are not visible.',
  CONFLICT: 'The resource is in a state that does not allow this; read it again and retry.',
  IDEMPOTENCY_CONFLICT: 'Use a new Idempotency-Key for a different request body.',
  PAYLOAD_TOO_LARGE: 'Send a smaller request body.',
  VALIDATION_ERROR: 'Fix the fields listed in `errors` and retry.',
  RECIPIENT_SUPPRESSED: 'Remove the address, or lift its suppression with DELETE /suppressions/{email} if it was a mistake.',
  RECIPIENT_UNSUBSCRIBED: 'Remove the recipients who unsubscribed or never subscribed, or send them transactional mail only.',
  RECIPIENT_CAPPED: 'Send the marketing mail later (the project\'s frequency cap counts the last `perDays` days), or remove the recipients.',
  RATE_LIMITED: 'Wait for the number of seconds in the Retry-After header, then retry.',
  INTERNAL_ERROR: 'Retry later; if it persists, report the requestId to the operator.',
  SERVICE_UNAVAILABLE: 'Retry later: a dependency (database or Temporal) is not reachable yet.',
};

export interface FieldError {
  /** Dotted path of the offending input, e.g. `to.0.email`. */
  field: string;
  message: string;
  /** Validator code, e.g. `too_small`, `invalid_type`, `invalid_string`. */
  code: string;
}

/**
 * A failure of a business rule, the same in the API and the worker: a code (and through
 * ERROR_STATUS its HTTP status), a message, field errors, a suggestion, and whether retrying the
 * same call can succeed. Routes render it as the error envelope; activities turn a non-retryable
 * one into a non-retryable Temporal failure.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly errors?: FieldError[];
  readonly suggestion?: string;
  readonly headers?: Record<string, string>;
  readonly retryable: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { errors?: FieldError[]; suggestion?: string; headers?: Record<string, string>; retryable?: boolean } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = opts.errors;
    this.suggestion = opts.suggestion ?? DEFAULT_SUGGESTION[code];
    this.headers = opts.headers;
    this.retryable = opts.retryable ?? RETRYABLE.has(code);
  }
}

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`);

export const validationError = (errors: FieldError[], message = 'Request validation failed') =>
  new DomainError('VALIDATION_ERROR', message, {
    errors,
    suggestion: 'Fix the fields listed in `errors` and retry.',
  });
