import type { NativeConnection } from '@temporalio/worker';
import { ALL_SEARCH_ATTRIBUTES } from '../core/search-attributes.js';
import { log } from '../core/log.js';

/**
 * Registers the service's search attributes (campaigns' and automations') on the namespace when
 * missing: a dev server started without `--search-attribute`, a self-hosted cluster set up by hand.
 * Best effort: a cluster that refuses (Temporal Cloud, no operator permission) gets a warning, and
 * the workflows then start without them (core/search-attributes.ts). Answers whether they are there.
 */
export async function ensureSearchAttributes(connection: NativeConnection, namespace: string): Promise<boolean> {
  const wanted = ALL_SEARCH_ATTRIBUTES.map((k) => k.name);
  const missing = async () => {
    const have = await connection.operatorService.listSearchAttributes({ namespace });
    return wanted.filter((n) => !(n in (have.customAttributes ?? {})));
  };
  try {
    const absent = await missing();
    if (absent.length === 0) return true;
    const KEYWORD = 2; // IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD (@temporalio/proto is not a direct dependency)
    try {
      await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(absent.map((n) => [n, KEYWORD])) });
    } catch (err) {
      // Two workers starting at once: the other one's registration is as good as ours.
      if ((await missing()).length > 0) throw err;
    }
    log.info({ namespace, added: absent }, 'registered the search attributes');
    return true;
  } catch (err) {
    log.warn(
      { namespace, err: (err as Error).message },
      `could not check or register the search attributes ${wanted.join(', ')}: workflows start without them (register them to filter on them)`,
    );
    return false;
  }
}
