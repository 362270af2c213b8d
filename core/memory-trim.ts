import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';
import { log } from './log.js';

/*
 * glibc keeps what a process's threads free in their malloc arenas: V8's compiler zones (the
 * embedded database's WebAssembly compiled in the background, the JavaScript optimised at start),
 * node's and Temporal's native buffers. Under `npm start` that is ~70 MB of the launcher's resident
 * memory and ~25 MB of the worker's once they are idle (bench/RESULTS.md, idle-mem), which only
 * malloc_trim() gives back (free() returns the top of an arena only). A lower mmap threshold
 * (GLIBC_TUNABLES) would avoid the arenas but cost every request CPU; calling malloc_trim while
 * the process is idle costs the hot paths nothing.
 */

/** glibc's malloc_trim(0) (through koffi, a prebuilt FFI); null without glibc (macOS, musl, Windows) or koffi. */
export function loadMallocTrim(): (() => number) | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => trim(0);
  } catch {
    return null;
  }
}

export interface IdleTrimOptions {
  /** How often the process's CPU use is looked at (5 s). */
  intervalMs?: number;
  /** Below this share of one core over an interval the process counts as idle (0.1; idle under `npm start` is ~0.01-0.02). */
  idleCpuShare?: number;
  /** Injected by tests; `loadMallocTrim()` otherwise. */
  trim?: (() => number) | null;
  /** CPU milliseconds used by the whole process so far (all threads); injected by tests. */
  cpuMs?: () => number;
}

const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Trims the C heap at the first idle interval after the process was busy (its start counts as
 * busy), so an idle process holds what it uses, and a busy one is never interrupted. Call once per
 * process (it trims every thread's arenas). Returns a function that stops it.
 */
export function trimMemoryWhenIdle(opts: IdleTrimOptions = {}): () => void {
  const trim = opts.trim === undefined ? loadMallocTrim() : opts.trim;
  if (!trim) {
    log.debug('malloc_trim is not available here: the C heap is not trimmed when idle');
    return () => {};
  }
  const intervalMs = opts.intervalMs ?? 5000;
  const idleCpuShare = opts.idleCpuShare ?? 0.1;
  const cpuMs = opts.cpuMs ?? processCpuMs;
  let busySinceTrim = true;
  let lastCpu = cpuMs();
  let lastAt = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = cpuMs();
    const share = (cpu - lastCpu) / Math.max(1, now - lastAt);
    lastCpu = cpu;
    lastAt = now;
    if (share >= idleCpuShare) {
      busySinceTrim = true;
      return;
    }
    if (!busySinceTrim) return;
    busySinceTrim = false;
    const rss = process.memoryUsage.rss();
    trim();
    const ms = performance.now() - now;
    log.debug({ freedMb: Math.round((rss - process.memoryUsage.rss()) / 1048576), ms: Math.round(ms) }, 'idle: C heap trimmed');
    lastAt = performance.now(); // the trim's own CPU is not the next interval's work
    lastCpu = cpuMs();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
