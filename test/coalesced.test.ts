import { describe, expect, it } from 'vitest';
import { coalesced } from '../core/concurrency.js';

describe('coalesced', () => {
  it('groups the callers that arrive while a round trip is in flight, answering each in order', async () => {
    const groups: number[] = [];
    let served = 0;
    const take = coalesced(3, async (n) => {
      groups.push(n);
      await new Promise((r) => setTimeout(r, 10));
      return Array.from({ length: n }, () => served++);
    });
    const answers = await Promise.all(Array.from({ length: 7 }, () => take()));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The first caller goes alone; the six that queued behind it go at most three at a time.
    expect(groups).toEqual([1, 3, 3]);
  });

  it('a failed round trip rejects its group only', async () => {
    let calls = 0;
    const take = coalesced(10, async (n) => {
      if (calls++ === 0) throw new Error('connection lost');
      return Array.from({ length: n }, () => 'ok');
    });
    const first = take();
    const second = take();
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).resolves.toBe('ok');
  });
});
