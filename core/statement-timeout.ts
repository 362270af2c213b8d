import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from './errors.js';
import { sqlRun } from '../db/sql.js';

/** PostgreSQL's code for a statement cancelled by statement_timeout (or by a cancel request). */
const QUERY_CANCELED = '57014';

const isCancelled = (e: unknown) => {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; x && depth < 3; x = x.cause as typeof x, depth++) {
    if (x.code === QUERY_CANCELED) return true;
  }
  return false;
};

/**
 * Runs `fn` in a transaction whose every statement may take at most `ms` (`SET LOCAL
 * statement_timeout`: it ends with the transaction, so it never leaks to other users of the
 * connection, nor, on the embedded database where every connection shares one session, to other
 * requests). A cancelled statement is a 503 that names the limit.
 */
export async function withStatementTimeout<T>(em: EntityManager, ms: number, fn: (tx: EntityManager) => Promise<T>): Promise<T> {
  const limit = Math.max(1, Math.floor(ms));
  try {
    return await em.transactional(async (tx) => {
      await sqlRun(tx, `set local statement_timeout = ${limit}`);
      return fn(tx);
    });
  } catch (e) {
    if (!isCancelled(e)) throw e;
    throw new DomainError('SERVICE_UNAVAILABLE', `A query over the segment's condition ran longer than the limit of ${limit} ms (CONDITION_QUERY_TIMEOUT_MS) and was cancelled`, {
      suggestion: 'Retry later; if it keeps happening, make the condition narrower (fewer filters, fewer segments named) or raise CONDITION_QUERY_TIMEOUT_MS.',
    });
  }
}
