/**
 * What the processes of a running bench do, second by second (`npx tsx bench/burst-sampler.ts <bench pid>`):
 * the CPU each kind of process used (the bench's API, workers, Temporal dev server, the PostgreSQL
 * backends of its `mh_bench_*` database, everything else on the machine), and what the database's
 * client backends were doing at each 20 ms sample (pg_stat_activity): running a track statement,
 * running something else, idle in transaction, or waiting (by wait event). Written to find what the
 * API waits on while a listening workflow's burst runs beside it (issue 20): CPU, locks or the pool.
 * Stops when the bench's process is gone. One line a second on stdout.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { ADMIN_URL } from './stack.js';

const rootPid = Number(process.argv[2]);
if (!rootPid) throw new Error('usage: bench/burst-sampler.ts <pid of the bench>');
const HZ = 100; // USER_HZ: clock ticks per second in /proc/<pid>/stat

interface Proc { pid: number; ppid: number; ticks: number; cmd: string }
function procs(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.set(Number(d), { pid: Number(d), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]), cmd });
    } catch {
      /* gone */
    }
  }
  return out;
}
const machineTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number).reduce((a, b, i) => (i === 3 || i === 4 ? a : a + b), 0);

function classify(all: Map<number, Proc>, db: string | undefined): Map<number, string> {
  const kinds = new Map<number, string>();
  const under = (p: Proc) => {
    for (let q: Proc | undefined = p; q; q = all.get(q.ppid)) if (q.pid === rootPid) return true;
    return false;
  };
  for (const p of all.values()) {
    if (db && p.cmd.startsWith('postgres:') && p.cmd.includes(` ${db} `)) kinds.set(p.pid, 'pg');
    else if (!under(p)) continue;
    else if (p.cmd.includes('api/main')) kinds.set(p.pid, 'api');
    else if (p.cmd.includes('worker/main')) kinds.set(p.pid, 'worker');
    else if (p.cmd.includes('temporal') && p.cmd.includes('start-dev')) kinds.set(p.pid, 'temporal');
    else kinds.set(p.pid, 'bench'); // the bench itself, its SMTP sink, the launcher
  }
  return kinds;
}

/** The bench's own database: the DATABASE_URL its children were started with (other benches may run beside it). */
function benchDatabase(all: Map<number, Proc>): string | undefined {
  for (const p of all.values()) {
    let q: Proc | undefined = p;
    while (q && q.pid !== rootPid) q = all.get(q.ppid);
    if (!q) continue;
    try {
      const db = /DATABASE_URL=[^\0]*\/(mh_bench_[0-9a-f]+)/.exec(readFileSync(`/proc/${p.pid}/environ`, 'utf8'))?.[1];
      if (db) return db;
    } catch {
      /* gone */
    }
  }
  return undefined;
}

async function main() {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  let db: string | undefined;
  let last = procs();
  let lastMachine = machineTicks();
  let samples: Record<string, number> = {};
  let n = 0;
  let lastCommits = 0;
  const sampleActivity = async () => {
    if (!db) return;
    // A statement is named by its first words (a track's starts with its `input` CTE); a waiter by what it waits on and who holds it.
    const r = await client.query<{ what: string; n: string }>(
      `with a as (
         select pid, state, wait_event_type, wait_event,
           case when query like '%input as (%' then 'track' else left(regexp_replace(query, '\\s+', ' ', 'g'), 40) end as stmt
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend')
       select case
         when a.state = 'active' and a.wait_event is null then a.stmt || ' :cpu'
         when a.state = 'active' and a.wait_event_type = 'Lock' then a.stmt || ' :' || a.wait_event || ' <- ' ||
           coalesce((select string_agg(h.stmt || '(' || h.state || ')', ',') from a h where h.pid = any(pg_blocking_pids(a.pid))), '?')
         when a.state = 'active' then a.stmt || ' :' || a.wait_event_type || '/' || a.wait_event
         when a.state like 'idle in transaction%' then 'idle-in-tx after ' || a.stmt
         else null end as what, count(*) as n
       from a group by 1`,
      [db],
    );
    n++;
    for (const row of r.rows) if (row.what) samples[row.what] = (samples[row.what] ?? 0) + Number(row.n);
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    sampleActivity().catch(() => {}).finally(() => (busy = false));
  }, 20);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = procs();
    if (!now.has(rootPid)) break;
    db ??= benchDatabase(now);
    const machine = machineTicks();
    const kinds = classify(now, db);
    const cpu: Record<string, number> = { api: 0, worker: 0, temporal: 0, pg: 0, bench: 0 };
    let ours = 0;
    for (const [pid, kind] of kinds) {
      const d = now.get(pid)!.ticks - (last.get(pid)?.ticks ?? now.get(pid)!.ticks);
      cpu[kind] += d;
      ours += d;
    }
    const rest = machine - lastMachine - ours;
    const commits = db ? Number((await client.query<{ c: string }>('select xact_commit as c from pg_stat_database where datname = $1', [db])).rows[0]?.c ?? 0) : 0;
    const commitRate = lastCommits ? commits - lastCommits : 0;
    lastCommits = commits;
    const fmt = (t: number) => `${Math.round((t / HZ) * 100)}%`;
    const acts = Object.entries(samples).sort((a, b) => b[1] - a[1]).filter(([, v]) => v / Math.max(n, 1) >= 0.1).slice(0, 8).map(([k, v]) => `${k}=${(v / Math.max(n, 1)).toFixed(1)}`).join('; ');
    const la = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    process.stdout.write(
      `${new Date().toISOString().slice(11, 19)} load ${la} cpu api ${fmt(cpu.api)} worker ${fmt(cpu.worker)} temporal ${fmt(cpu.temporal)} pg ${fmt(cpu.pg)} bench ${fmt(cpu.bench)} rest ${fmt(rest)} | ${commitRate} commits/s | backends (mean per sample, ${n} samples): ${acts}\n`,
    );
    last = now;
    lastMachine = machine;
    samples = {};
    n = 0;
  }
  clearInterval(timer);
  await client.end();
}
void main();
