import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_ROWS, OutcomeBuffer, type BatchOutcome } from '../activities/delivery/batch.js';

const outcome = (i: number): BatchOutcome => ({ id: `row-${i}`, status: 'SENT', sentAt: new Date(0) });

/** A write that records its batch's size and finishes when the test says so. */
function gatedWrites() {
  const sizes: number[] = [];
  const gates: (() => void)[] = [];
  const write = (batch: BatchOutcome[]) => {
    sizes.push(batch.length);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const openAll = async () => {
    // Each write starts after the previous one: open them as they come.
    for (let i = 0; i < 20; i++) {
      gates.splice(0).forEach((open) => open());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { sizes, write, openAll };
}

describe('OutcomeBuffer (activities/delivery/batch.ts)', () => {
  // The clock stands still: no write is started by FLUSH_MS passing, however slow the machine.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('lanes waiting for room while a full write is under way do not each write the few rows buffered meanwhile', async () => {
    const w = gatedWrites();
    const buffer = new OutcomeBuffer(w.write);
    for (let i = 0; i < FLUSH_ROWS; i++) buffer.add(outcome(i));
    await new Promise((r) => setImmediate(r));
    expect(w.sizes).toEqual([FLUSH_ROWS]); // the full buffer went at once
    expect(buffer.full).toBe(true);

    // While it is written, five more sends finish, and each lane then waits for room (as handOff does).
    const waits: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      buffer.add(outcome(FLUSH_ROWS + i));
      waits.push(buffer.room());
    }
    await w.openAll();
    await Promise.all(waits);
    expect(buffer.full).toBe(false);
    await Promise.all([buffer.flush(), w.openAll()]);

    // One write for the five, not one per waiting lane.
    expect(w.sizes).toEqual([FLUSH_ROWS, 5]);
  });
});
