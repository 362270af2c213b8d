import { describe, expect, it } from 'vitest';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';
import { autogroupNice, autogroups, threadNices } from './support/priority.js';

/*
 * `npm start` runs the Temporal dev server it starts at the worker's lower CPU priority
 * (launcher/launch.ts): the server serves the worker's executions, and on one machine a burst of
 * API requests goes first (bench/RESULTS.md). Real dev servers, read from /proc.
 */
const bin = findTemporalCli();

describe.runIf(process.platform === 'linux' && bin)('the Temporal dev server started with a nice value', () => {
  it('runs every thread at it, and its own session at it where sessions are scheduler groups', { timeout: 60_000 }, async () => {
    const server = await startTemporalDevServer({ bin: bin!, headless: true, ownProcessGroup: true, nice: 7 });
    try {
      const pid = server.process.pid!;
      const nices = threadNices(pid);
      expect(nices.length).toBeGreaterThan(3); // Go's threads, not the main one alone
      expect(nices.filter((n) => n !== 7)).toEqual([]);
      if (autogroups) expect(autogroupNice(pid)).toBe(7);
    } finally {
      await server.stop();
    }
  });

  it('without one runs at the priority of the process that started it', { timeout: 60_000 }, async () => {
    const server = await startTemporalDevServer({ bin: bin!, headless: true, ownProcessGroup: true });
    try {
      const pid = server.process.pid!;
      const own = threadNices(process.pid)[0];
      expect(threadNices(pid).filter((n) => n !== own)).toEqual([]);
      if (autogroups) expect(autogroupNice(pid)).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
