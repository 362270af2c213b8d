import createFetchClient, { type Client } from 'openapi-fetch';
import { MailhubError } from './errors.js';
import { pages, paginate, type ItemOf, type ListParams, type ListPath } from './paginate.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';
export { MailhubError, type AltError, type ErrorEnvelope } from './errors.js';
export type { ItemOf, ListParams, ListPath } from './paginate.js';
export { retryAfterMs } from './retry.js';

export interface ClientOptions extends RetryOptions {
  /** `sk_...` (every operation) or `pk_...` (only `POST /v1/track`). */
  apiKey: string;
  /** Where the service runs, e.g. `https://mail.example.com`. */
  baseUrl: string;
  /** A fetch to use instead of the global one. */
  fetch?: (input: Request) => Promise<Response>;
}

export interface MailhubClient extends Client<paths> {
  /** Every item of a list, page after page: `for await (const contact of client.paginate('/contacts')) ...`. */
  paginate<P extends ListPath>(path: P, params?: ListParams<P>): AsyncGenerator<ItemOf<P>>;
  /** The same, a page at a time (with `total`, `hasMore` ...). */
  pages<P extends ListPath>(path: P, params?: ListParams<P>): ReturnType<typeof pages<P>>;
  /** The `data` of a success, or a thrown MailhubError: `const { data } = await client.unwrap(client.GET(...))`. */
  unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
}

/**
 * A typed client for every operation of the API: `client.POST('/contacts', { body })` returns
 * `{ data }` on success or `{ error }` typed by status. A 429 is retried after its `Retry-After`.
 */
export function createClient(opts: ClientOptions): MailhubClient {
  const api = createFetchClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${opts.apiKey}` },
    fetch: retryingFetch(opts.fetch ?? ((r) => globalThis.fetch(r)), opts),
  });
  return Object.assign(api, {
    paginate: <P extends ListPath>(path: P, params?: ListParams<P>) => paginate(api, path, params),
    pages: <P extends ListPath>(path: P, params?: ListParams<P>) => pages(api, path, params),
    async unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
      const { data, error, response } = await call;
      if (data === undefined || error !== undefined) throw new MailhubError(response.status, error, response.headers.get('x-request-id'));
      return data;
    },
  });
}
