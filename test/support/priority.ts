import { readdirSync, readFileSync } from 'node:fs';

/** The nice value of each thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
export function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return [];
    }
  });
}

/** The nice value of the scheduler autogroup process `pid` is in. */
export const autogroupNice = (pid: number) => Number(/nice\s+(-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))![1]);

/** Whether this kernel weighs sessions as autogroups. */
export const autogroups = process.platform === 'linux' && readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
