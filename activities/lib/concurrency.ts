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
