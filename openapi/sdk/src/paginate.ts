import type { Client } from 'openapi-fetch';
import { MailhubError } from './errors.js';
import type { paths } from './schema.js';

type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type Get<P extends GetPath> = paths[P]['get'];
type PageData<P extends GetPath> = Get<P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/** Every list operation: a GET whose page carries `items` and `nextCursor` (new lists join by themselves). */
export type ListPath = { [P in GetPath]: PageData<P> extends { items: unknown[]; nextCursor: string | null } ? P : never }[GetPath];
export type ItemOf<P extends ListPath> = PageData<P> extends { items: (infer I)[] } ? I : never;
type Params<P extends ListPath> = Get<P> extends { parameters: infer T } ? T : never;
/** The list's parameters without the cursor (the helper moves it); `limit` is the page size. */
export type ListParams<P extends ListPath> = {
  path?: Params<P> extends { path?: infer X } ? X : never;
  query?: Params<P> extends { query?: infer Q } ? Omit<NonNullable<Q>, 'cursor'> : never;
};

/** Every page of a list, following `nextCursor` until it is null. Errors throw MailhubError. */
export async function* pages<P extends ListPath>(api: Client<paths>, path: P, params: ListParams<P> = {}): AsyncGenerator<PageData<P>> {
  let cursor: string | undefined;
  do {
    const query = { ...(params.query ?? {}), ...(cursor ? { cursor } : {}) };
    // The path is generic here, which openapi-fetch's overloads cannot narrow: typed at the edges.
    const { data, error, response } = await (api.GET as (p: string, init: unknown) => Promise<{ data?: { data: PageData<P> }; error?: unknown; response: Response }>)(path, {
      params: { ...params, query },
    });
    if (!data) throw new MailhubError(response.status, error, response.headers.get('x-request-id'));
    yield data.data;
    cursor = (data.data as { nextCursor: string | null }).nextCursor ?? undefined;
  } while (cursor);
}

/** Every item of a list across all its pages: `for await (const c of client.paginate('/contacts')) ...`. */
export async function* paginate<P extends ListPath>(api: Client<paths>, path: P, params: ListParams<P> = {}): AsyncGenerator<ItemOf<P>> {
  for await (const page of pages(api, path, params)) yield* (page as { items: ItemOf<P>[] }).items;
}
