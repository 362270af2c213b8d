/** At most `n` calls of `run` at once in this process; the rest wait in order. */
export function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      while (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await fn();
      } finally {
        active--;
        waiting.shift()?.();
      }
    },
  };
}

/**
 * One call per caller, one round trip per group: callers that arrive while a round trip is in
 * flight wait and go together in the next one (at most `max` at a time). `run(n)` answers each of
 * the n callers, in arrival order.
 */
export function coalesced<T>(max: number, run: (n: number) => Promise<T[]>): () => Promise<T> {
  const waiting: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  let busy = false;
  const pump = async () => {
    if (busy || waiting.length === 0) return;
    busy = true;
    const group = waiting.splice(0, max);
    try {
      const answers = await run(group.length);
      group.forEach((w, i) => w.resolve(answers[i]));
    } catch (err) {
      for (const w of group) w.reject(err);
    } finally {
      busy = false;
      void pump();
    }
  };
  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      void pump();
    });
}

/**
 * One call per caller, one run per group, for callers that bring an argument: the callers of the
 * same turn of the event loop go together (the run starts after they have all arrived, not at the
 * first of them), and so do the callers that arrive while runs are in flight (at most `max` per
 * run, `runsAtOnce` runs at a time). `run(args)` answers each caller, in arrival order.
 */
export function groupedCalls<A, T>(max: number, run: (args: A[]) => Promise<T[]>, runsAtOnce = 1): (arg: A) => Promise<T> {
  const waiting: { arg: A; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;
  const take = async () => {
    scheduled = false;
    if (running >= runsAtOnce || waiting.length === 0) return;
    running++;
    const group = waiting.splice(0, max);
    schedule(); // callers beyond `max`, when another run may start
    try {
      const answers = await run(group.map((w) => w.arg));
      group.forEach((w, i) => w.resolve(answers[i]));
    } catch (err) {
      for (const w of group) w.reject(err);
    } finally {
      running--;
      schedule();
    }
  };
  const schedule = () => {
    if (scheduled || running >= runsAtOnce || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => void take());
  };
  return (arg) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ arg, resolve, reject });
      schedule();
    });
}

/**
 * `fn` over `items`, at most `n` at once, started in order; no new item is started once `stopped()`
 * says so (the ones running finish). Rejects with the first error, as Promise.all does.
 */
export async function forEachBounded<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>, stopped: () => boolean = () => false): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stopped()) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}
