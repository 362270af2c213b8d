/**
 * Runs `fn` for one key at a time in this process (calls for other keys run freely), in call order.
 * On the embedded database it stands in for the row lock delivery holds on PostgreSQL: one process
 * owns PGlite, and a transaction held there across an SMTP round trip would stall every connection.
 */
const tails = new Map<string, Promise<unknown>>();

export async function withKeyLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (tails.get(key) ?? Promise.resolve()).then(fn);
  const tail = run.catch(() => {});
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
