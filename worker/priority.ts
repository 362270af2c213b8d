import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/*
 * The worker's CPU priority (WORKER_NICE): on a machine it shares with the API, a burst of tracked
 * events sets off executions and mails in the worker that take the CPU the tracks need; at a lower
 * priority the API's requests go first and the worker's work waits for idle CPU (issue 20: track
 * throughput with a workflow listening, bench/RESULTS.md). The cost is on the mails: during a burst
 * the worker runs on what the API leaves, so track -> mail grows while the burst lasts, and on a host
 * that other programs load too the worker waits for them as well (10 on a shared 2-core machine:
 * mails 1.5-3 x slower). So it is off by default (0).
 *
 * Linux keeps a nice value per thread, and threads inherit their creator's: so every thread that
 * exists now is lowered (V8's, libuv's), and those created later (Temporal's runtime, the pools)
 * inherit it. With the scheduler's autogroups (a desktop or a container without a CPU cgroup), a
 * nice value only orders the threads of one session, and `npm start` runs the worker in a session of
 * its own: there the session's autogroup is lowered too, only when the worker leads that session
 * (never the session of a terminal it was started from). Separate containers (docker-compose) are
 * weighed by their CPU cgroups instead: there the setting changes nothing.
 */

/** Lowers this process's CPU priority to `nice` (0-19; never raises it). Says what it changed. */
export function lowerCpuPriority(nice: number): { threads: number; autogroup: boolean } {
  if (nice <= 0) return { threads: 0, autogroup: false };
  const tids = process.platform === 'linux' ? readdirSync('/proc/self/task').map(Number) : [0];
  let threads = 0;
  for (const tid of tids) {
    try {
      if (getPriority(tid) < nice) setPriority(tid, nice);
      threads++;
    } catch {
      /* a thread that ended meanwhile */
    }
  }
  return { threads, autogroup: lowerSessionAutogroup(process.pid, nice) };
}

/**
 * Lowers the autogroup of process `pid`'s session to `nice` when `pid` leads that session (a
 * process started in a session of its own: the group then holds nothing else). False where there
 * are no autogroups, when `pid` does not lead its session, or when the kernel refuses.
 */
export function lowerSessionAutogroup(pid: number, nice: number): boolean {
  if (process.platform !== 'linux' || nice <= 0) return false;
  try {
    if (readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() !== '1') return false;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
    if (session !== pid) return false; // not its own session: the group holds other programs
    const current = Number(/nice\s+(-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1] ?? 0);
    if (current < nice) writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return true;
  } catch {
    return false;
  }
}
