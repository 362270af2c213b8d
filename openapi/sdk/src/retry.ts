/** How long a 429 asks to wait: `Retry-After` in seconds or as an HTTP date; 1 s when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null || header.trim() === '') return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  maxRetries?: number;
  /** A longer `Retry-After` than this is not waited for: the 429 is returned (default 60 s). */
  maxDelayMs?: number;
}

/**
 * A fetch that answers 429 by waiting `Retry-After` and sending the request again (a clone: the
 * body of a Request can be read once). Any other status is returned as it is.
 */
export function retryingFetch(inner: (input: Request) => Promise<Response>, opts: RetryOptions = {}) {
  const maxRetries = opts.maxRetries ?? 3;
  const maxDelayMs = opts.maxDelayMs ?? 60_000;
  return async (input: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const res = await inner(attempt < maxRetries ? input.clone() : input);
      if (res.status !== 429 || attempt >= maxRetries) return res;
      const wait = retryAfterMs(res.headers.get('retry-after'));
      if (wait > maxDelayMs) return res;
      await res.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
}
