/** Runs `fn` until it succeeds, at most `attempts` times, waiting 0.5 s, 1 s, 2 s ... in between. */
export async function retrying<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** i));
    }
  }
}
