import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMallocTrim, trimMemoryWhenIdle } from '../core/memory-trim.js';

describe('trimMemoryWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A process whose CPU use per 1 s interval is `shares[i]` of one core in interval i. */
  function run(shares: number[]) {
    let cpu = 0;
    let interval = 0;
    const trims: number[] = [];
    const stop = trimMemoryWhenIdle({ intervalMs: 1000, idleCpuShare: 0.1, cpuMs: () => cpu, trim: () => (trims.push(interval), 1) });
    for (interval = 0; interval < shares.length; interval++) {
      cpu += shares[interval] * 1000;
      vi.advanceTimersByTime(1000);
    }
    stop();
    return trims;
  }

  it('trims once at the first idle interval after start, and not again while the process stays idle', () => {
    expect(run([0.01, 0.01, 0.02, 0])).toEqual([0]);
  });

  it('never trims in a busy interval; trims at the first idle interval after each busy stretch', () => {
    expect(run([0.9, 0.5, 0.02, 0.01, 0.6, 0.3, 0.05, 0.01])).toEqual([2, 6]);
  });

  it('does nothing without malloc_trim (trim: null)', () => {
    const stop = trimMemoryWhenIdle({ intervalMs: 1000, trim: null });
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });
});

describe('loadMallocTrim', () => {
  it.runIf(process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime))(
    "calls glibc's malloc_trim on Linux with glibc (0 or 1: whether memory was released)",
    () => {
      const trim = loadMallocTrim();
      expect(trim).not.toBeNull();
      expect([0, 1]).toContain(trim!());
    },
  );
});
