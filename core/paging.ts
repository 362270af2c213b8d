import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/postgresql';
import { DomainError } from './errors.js';
import { isUuid } from '../db/ids.js';

/** Cursors are opaque to clients: base64url of the last row's id (UUIDv7, time ordered). */
export const encodeCursor = (id: string) => Buffer.from(`v1:${id}`).toString('base64url');

export function decodeCursor(cursor: string): string {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = raw.startsWith('v1:') ? raw.slice(3) : '';
  if (!isUuid(id)) {
    throw new DomainError('VALIDATION_ERROR', 'Request validation failed', {
      errors: [{ field: 'cursor', message: 'Invalid cursor: pass the cursor value of a previous response', code: 'invalid_cursor' }],
    });
  }
  return id;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/**
 * Newest-first keyset page over `id`: stable under concurrent inserts (new rows land before the
 * first page, never inside a later one). `total` counts every row matching `where`.
 */
export async function keysetPage<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  opts: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const after = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  const pageWhere = (after ? { $and: [where, { id: { $lt: after } }] } : where) as FilterQuery<T>;
  const [rows, total] = await Promise.all([
    em.find(entity, pageWhere, { orderBy: { id: 'desc' } as never, limit: opts.limit + 1 }),
    em.count(entity, where),
  ]);
  const hasMore = rows.length > opts.limit;
  const items = hasMore ? rows.slice(0, opts.limit) : rows;
  return { items, nextCursor: hasMore ? encodeCursor(items[items.length - 1].id) : null, total };
}
