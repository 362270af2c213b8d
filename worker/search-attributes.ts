import type { NativeConnection } from '@temporalio/worker';
import { CAMPAIGN_ATTRIBUTES } from '../core/search-attributes.js';
import { log } from '../core/log.js';

/**
 * Adds the service's search attributes to the namespace when missing (a cluster set up by hand;
 * the dev server gets them at start). Best effort: without them, campaign workflows cannot start
 * and the send says so, so a failure here is only logged.
 */
export async function ensureSearchAttributes(connection: NativeConnection, namespace: string): Promise<void> {
  const wanted = Object.values(CAMPAIGN_ATTRIBUTES).map((k) => k.name);
  try {
    const have = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = wanted.filter((n) => !(n in (have.customAttributes ?? {})));
    if (missing.length === 0) return;
    const KEYWORD = 2; // IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD (@temporalio/proto is not a direct dependency)
    await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map((n) => [n, KEYWORD])) });
  } catch (err) {
    log.warn({ err: (err as Error).message }, `could not check or add the search attributes ${wanted.join(', ')}`);
  }
}
