/**
 * Automations at the speed of campaigns? (`npx tsx bench/automation-burst.ts`, issue 20)
 *
 * One stack, one run, one mail to each of N contacts three ways, and the track rate with and
 * without a listening workflow:
 *  0. track, nobody listening: N `signup` events through POST /v1/track (public key) into a second
 *     project that has no workflow;
 *  1. automation: N sign-ups tracked in a burst, BENCH_CONCURRENCY at a time; each starts the
 *     workflow `EVENT signup -> SEND_EMAIL` (a TRANSACTIONAL template);
 *  2. campaign: a TRANSACTIONAL campaign to the same N contacts (POST /campaigns, /send);
 *  3. floor: a bare Temporal loop on the same Temporal server, in this process: one workflow per
 *     contact, one activity handing a pre-composed message to an SmtpPool of the service's size.
 * Every mail goes to one SMTP sink in its own process (bench/smtp-sink.ts), which says who got what.
 *
 * Prints mails/s for each (first track / send call / first start -> last MAIL FROM), track -> mail
 * p50/p99/max (from the track call's answer to the end of DATA at the sink), where an execution's
 * time goes (a sample: event -> execution row -> Temporal start -> first activity -> send -> sink),
 * history events per execution, every contact's mail count, API and worker peak RSS, and with
 * BENCH_COUNT_QUERIES=1 the PostgreSQL round trips per mail by statement.
 *
 * The stack (BENCH_STACK):
 *  - `npm-start` (default): `npm start` itself (launcher/start.mjs: builds dist/ when the sources
 *    changed; API + worker child processes, its own Temporal dev server), on a throw-away PostgreSQL
 *    database (BENCH_DB=pg, the default) or on the embedded default (BENCH_DB=embedded: PGlite in a
 *    temporary DATA_DIR, no DATABASE_URL).
 *  - `processes`: the production layout: the API and BENCH_WORKERS (2) worker processes started here
 *    on a throw-away PostgreSQL database and a headless Temporal dev server; built (dist/, BENCH_BUILT=1,
 *    the default; built first when stale) or the sources under tsx (BENCH_BUILT=0). BENCH_NODE_ARGS
 *    adds node flags to them (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: profiles written at the end);
 *    BENCH_COUNT_QUERIES=1 counts their round trips (bench/automation-query-counter.mjs);
 *    BENCH_AUTO_EXPLAIN=1 loads auto_explain for the throw-away database only (every statement's
 *    plan with its row counts and duration, nested ones too, into the server's log; `alter
 *    database ... set`, the server's configuration untouched; slows the database down).
 * On PostgreSQL it also prints the CPU per track of phase 0 and of phase 1's tracks (first track -> last
 * answer: what ran beside the tracks), the PostgreSQL backends split by whose connection they serve
 * (the API's, the workers', others: by their clients' TCP ports), and, for the automation and campaign
 * phases, the rows this database's tables read (scans and index fetches) and wrote per mail
 * (pg_stat_user_tables; "seq" the part read by sequential scans): a count that does not move with
 * the machine's load. BENCH_INDEX_STATS=1 adds the indexes that read most (pg_stat_user_indexes:
 * entries read, which include a bitmap scan's whole prefix, uncounted by the table's fetches), and
 * BENCH_TIMELINE=1 the per-second timeline of tracks, mails and an execution's stages.
 *
 * Env: BENCH_CONTACTS (N, 2000), BENCH_CONCURRENCY (16), BENCH_TRACK_SUBSCRIBED (1: every track with `subscribed: true`), BENCH_TRACK_TIMEZONE (an IANA zone every track gives, as a form that sends the browser's zone does), BENCH_WARMUP (min(N, 1000) tracks before phase 0, not measured), BENCH_WARM_ENGINE (min(N, 1000) sign-ups and a campaign through a third project first, not measured), BENCH_STACK, BENCH_DB, BENCH_WORKERS,
 * BENCH_BUILT, BENCH_NODE_ARGS, BENCH_OWN_SESSIONS (1: each service in its own session), BENCH_CPU_SHARES (each part in a CPU cgroup with those shares, as containers), BENCH_COUNT_QUERIES, BENCH_AUTO_EXPLAIN, BENCH_INDEX_STATS, BENCH_TIMELINE, BENCH_PHASES (track,automation,campaign,floor),
 * BENCH_PHASE_TIMEOUT_S (600: a phase whose mails are not all in by then is reported as it stands),
 * BENCH_TIMEOUT_S (3600: the whole run; then everything is stopped, exit 2), BENCH_DB_URL (admin URL).
 * Progress (and the services' own output) goes to stderr, the results to stdout.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import protoPackage from '@temporalio/proto';
import { Worker, NativeConnection } from '@temporalio/worker';
import pg from 'pg';
import { createProject } from '../core/projects/keys.js';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { createTemplate } from '../core/templates/templates.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { automationWorkflowId } from '../core/workflow-ids.js';
import { newId } from '../db/ids.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { sqlRows } from '../db/sql.js';
import { SmtpPool } from '../activities/smtp-pool.js';
import { loadConfig } from '../core/config.js';
import { limiter } from '../core/concurrency.js';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';
import { withEmbeddedPassword } from '../launcher/embedded-password.js';
import { sourceHash } from '../launcher/source-hash.mjs';
import { addVerifiedBenchDomain, ADMIN_URL, BENCH_SECRET } from './stack.js';
import { startSinkProcess, type Arrival, type Sink } from './smtp-sink.js';

/**
 * When an execution was started in Temporal: a batch's executions are written dispatched by their
 * insert and their start is their batch head's mark (core/automations/dispatch.ts, planBatches).
 */
const BATCH_HEAD_JOIN = 'left join workflow_executions h on h.batch_id = x.batch_id and h.batch_members is not null';
const STARTED_IN_TEMPORAL_AT = 'case when h.id is not null then h.dispatched_at else x.dispatched_at end';

const N = Number(process.env.BENCH_CONTACTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Every track says `subscribed: true`, as a sign-up form's call does (BENCH_TRACK_SUBSCRIBED=1). */
const TRACK_SUBSCRIBED = process.env.BENCH_TRACK_SUBSCRIBED === '1';
/** The zone every track gives (BENCH_TRACK_TIMEZONE), as a sign-up form that sends the browser's zone does. */
const TRACK_TIMEZONE = process.env.BENCH_TRACK_TIMEZONE || undefined;
const STACK = (process.env.BENCH_STACK ?? 'npm-start') as 'npm-start' | 'processes';
const DB = (process.env.BENCH_DB ?? 'pg') as 'pg' | 'embedded';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const BUILT = (process.env.BENCH_BUILT ?? '1') !== '0';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_OWN_SESSIONS=1: each service of the processes layout in a session of its own, as a service manager (systemd) starts it. */
const OWN_SESSIONS = process.env.BENCH_OWN_SESSIONS === '1';
const COUNT_QUERIES = process.env.BENCH_COUNT_QUERIES === '1';
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const INDEX_STATS = process.env.BENCH_INDEX_STATS === '1';
/** Tracks before phase 0, not measured (BENCH_WARMUP; 0: none). */
const WARMUP = Math.max(0, Number(process.env.BENCH_WARMUP ?? Math.min(N, 1000)));
/**
 * Sign-ups and then a campaign through a third project before the phases, not measured
 * (BENCH_WARM_ENGINE; 0: none). Without it the automation phase, which runs first, carried the
 * workers' JIT warm-up of the delivery engine the campaign then ran on warm: perf of the worker
 * (2026-11-27) put TurboFan's background compiles at 839 samples of the automation window against
 * 157 of the campaign's, for the same 4,000 mails.
 */
const WARM_ENGINE = Math.max(0, Number(process.env.BENCH_WARM_ENGINE ?? Math.min(N, 1000)));
const PHASES = new Set((process.env.BENCH_PHASES ?? 'track,automation,campaign,floor').split(','));
const PHASE_TIMEOUT_MS = Number(process.env.BENCH_PHASE_TIMEOUT_S ?? 600) * 1000;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 3600) * 1000;
const root = fileURLToPath(new URL('..', import.meta.url));

if (!['npm-start', 'processes'].includes(STACK)) throw new Error(`BENCH_STACK must be npm-start or processes, not ${STACK}`);
if (!['pg', 'embedded'].includes(DB)) throw new Error(`BENCH_DB must be pg or embedded, not ${DB}`);
if (STACK === 'processes' && DB === 'embedded') throw new Error('BENCH_STACK=processes runs on PostgreSQL only (the embedded database lives in the launcher)');

const began = Date.now();
const progress = (m: string) => process.stderr.write(`[burst +${((Date.now() - began) / 1000).toFixed(1)}s] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** Every item through `fn`, at most `n` at once (the service's own limiter). */
async function eachLimited<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  const limit = limiter(n);
  await Promise.all(items.map((item) => limit.run(() => fn(item))));
}

/** Resolves with `p`, or rejects after `ms` naming `what`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)))]).finally(() => clearTimeout(timer));
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

/** Resident memory of a process, bytes (0 once gone). */
function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) of each pid so far, ms; a pid gone is left out. */
function cpuMsByPid(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').slice(0).split(') ')[1].split(' ');
      out.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / 100); // utime, stime in clock ticks (100/s)
    } catch {
      /* gone */
    }
  }
  return out;
}

/** The stack's CPU so far by part (API, workers, Temporal dev server, this database's PostgreSQL backends), per pid. */
async function cpuSnapshot(stack: Stack, em: Parameters<typeof sqlRows>[0]): Promise<Record<string, Map<number, number>>> {
  const backends = DB === 'pg' ? (await sqlRows<{ pid: number; client_port: number | null }>(em, 'select pid, client_port from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')) : [];
  // The backends serving the API and those serving the workers, told apart by their clients' TCP ports.
  const apiPorts = localTcpPorts(stack.apiPids());
  const workerPorts = localTcpPorts(stack.workerPids());
  const byClient = (ports: Set<number>) => backends.filter((b) => b.client_port !== null && ports.has(Number(b.client_port))).map((b) => Number(b.pid));
  const apiBackends = byClient(apiPorts);
  const workerBackends = byClient(workerPorts);
  const rest = backends.map((b) => Number(b.pid)).filter((pid) => !apiBackends.includes(pid) && !workerBackends.includes(pid));
  return {
    api: cpuMsByPid(stack.apiPids()),
    workers: cpuMsByPid(stack.workerPids()),
    temporal: cpuMsByPid(descendants(process.pid, 'start-dev')),
    postgres: cpuMsByPid(backends.map((b) => Number(b.pid))),
    'of which pg(api)': cpuMsByPid(apiBackends),
    'pg(workers)': cpuMsByPid(workerBackends),
    'pg(other)': cpuMsByPid(rest),
  };
}

/** The local TCP ports of the sockets these processes hold (Linux /proc; empty elsewhere). */
function localTcpPorts(pids: number[]): Set<number> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m) inodes.add(m[1]);
        } catch {
          /* closed meanwhile */
        }
      }
    } catch {
      /* gone */
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const f = row.trim().split(/\s+/);
        if (f.length > 9 && inodes.has(f[9])) ports.add(parseInt(f[1].split(':')[1], 16));
      }
    } catch {
      /* no such table */
    }
  }
  return ports;
}

/** CPU ms per mail by part between two snapshots (a process new since `before` counts from 0). */
function cpuPerMail(before: Record<string, Map<number, number>>, after: Record<string, Map<number, number>>, mails: number): string {
  const parts = Object.keys(after).map((k) => {
    let ms = 0;
    for (const [pid, v] of after[k]) ms += v - (before[k]?.get(pid) ?? 0);
    return [k, ms / mails] as const;
  });
  const sum = parts.filter(([k]) => !k.startsWith('of which') && !k.startsWith('pg(')).reduce((a, [, v]) => a + v, 0);
  return `${parts.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}; sum ${sum.toFixed(2)} ms`;
}

/** This database's table counters so far (rows read by scans and through indexes, rows written), by table; reported about once a second by the backends. */
async function rowSnapshot(em: Parameters<typeof sqlRows>[0]): Promise<Map<string, { read: number; seq: number; written: number }>> {
  if (DB !== 'pg') return new Map();
  await sleep(1100); // pending counters of idle backends reach the shared statistics within a second
  const rows = await sqlRows<{ relname: string; read: string; seq: string; written: string }>(
    em,
    `select relname, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as read, coalesce(seq_tup_read, 0) as seq, n_tup_ins + n_tup_upd + n_tup_del as written from pg_stat_user_tables`,
  );
  return new Map(rows.map((r) => [r.relname, { read: Number(r.read), seq: Number(r.seq), written: Number(r.written) }]));
}

/** The indexes that read most so far (entries read include what a bitmap scan of a prefix reads), one line each: BENCH_INDEX_STATS=1. */
async function indexReads(em: Parameters<typeof sqlRows>[0]): Promise<string[]> {
  const rows = await sqlRows<{ relname: string; indexrelname: string; idx_scan: string; idx_tup_read: string }>(
    em,
    'select relname, indexrelname, idx_scan, idx_tup_read from pg_stat_user_indexes where idx_tup_read > 1000 order by idx_tup_read desc limit 15',
  );
  return rows.map((r) => `  index ${r.relname}.${r.indexrelname}: ${r.idx_scan} scans, ${r.idx_tup_read} entries read`);
}

/** Rows read and written per mail between two snapshots, with the tables that read most. */
function rowsPerMail(before: Map<string, { read: number; seq: number; written: number }>, after: Map<string, { read: number; seq: number; written: number }>, mails: number): string {
  const d = [...after].map(([t, v]) => ({ t, read: (v.read - (before.get(t)?.read ?? 0)) / mails, seq: (v.seq - (before.get(t)?.seq ?? 0)) / mails, written: (v.written - (before.get(t)?.written ?? 0)) / mails }));
  const read = d.reduce((a, x) => a + x.read, 0);
  const written = d.reduce((a, x) => a + x.written, 0);
  const top = d.sort((a, b) => b.read - a.read).slice(0, 5).map((x) => `${x.t} ${x.read.toFixed(1)}${x.seq >= 0.05 ? ` (seq ${x.seq.toFixed(1)})` : ''}`).join(', ');
  return `read ${read.toFixed(1)} (${top}), written ${written.toFixed(1)}`;
}

/** Descendants of `pid` whose command line contains `needle`. */
function descendants(pid: number, needle: string): number[] {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      return [{ pid: Number(d), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') }];
    } catch {
      return [];
    }
  });
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of procs.filter((x) => x.ppid === p)) {
      if (c.cmd.includes(needle)) out.push(c.pid);
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

interface Stack {
  apiUrl: string;
  temporalAddress: string;
  databaseUrl: string;
  /** Pids of the API and worker processes (for RSS), found once running. */
  apiPids(): number[];
  workerPids(): number[];
  stop(): Promise<void>;
}

const serviceEnv = (sink: Sink): NodeJS.ProcessEnv => ({
  ...process.env,
  SMTP_URL: sink.url,
  SECRET_KEY: BENCH_SECRET,
  SEND_RATE_PER_SECOND: '100000',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
  LOG_LEVEL: 'warn',
  TEMPORAL_LOG_LEVEL: 'ERROR',
});

/** A throw-away PostgreSQL database; `drop()` removes it. */
async function throwAwayDatabase() {
  const name = `mh_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return { url: Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** `npm start` as a user runs it (built, its own Temporal dev server), on PostgreSQL or the embedded default. */
async function startNpmStart(sink: Sink): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mh-burst-'));
  const db = DB === 'pg' ? await throwAwayDatabase() : undefined;
  const env: NodeJS.ProcessEnv = { ...serviceEnv(sink), DATA_DIR: dataDir, PORT: '0' };
  for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'HOST', 'LOG_FORMAT']) delete env[name];
  if (db) env.DATABASE_URL = db.url;
  progress(`npm start (${DB === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}), DATA_DIR ${dataDir}; builds dist/ first if the sources changed`);
  const child = spawn(process.execPath, [path.join(root, 'launcher/start.mjs')], { cwd: root, env, stdio: ['ignore', process.stderr, 'inherit'], detached: true });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let early: number | null | undefined;
  void exited.then((code) => (early = code));
  const runtimeFile = path.join(dataDir, 'runtime.json');
  let info: { apiUrl?: string; databaseUrl?: string; temporalAddress?: string } = {};
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (early !== undefined) throw new Error(`npm start exited (code ${early}) before it was ready`);
    if (Date.now() > deadline) throw new Error('npm start not healthy within 10 minutes');
    if (existsSync(runtimeFile)) {
      try {
        info = JSON.parse(readFileSync(runtimeFile, 'utf8'));
      } catch {
        /* being written */
      }
      if (info.apiUrl && (await fetch(`${info.apiUrl}/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0)) === 200) break;
    }
    await sleep(250);
  }
  progress(`npm start healthy: API ${info.apiUrl}, Temporal ${info.temporalAddress}`);
  return {
    apiUrl: info.apiUrl!,
    temporalAddress: info.temporalAddress!,
    databaseUrl: db ? db.url : withEmbeddedPassword(info.databaseUrl!, dataDir),
    // The API runs as a thread of the launcher (launcher/launch.ts): its CPU and connections are the launcher process's.
    apiPids: () => {
      const own = descendants(child.pid!, 'api/main');
      return own.length > 0 ? own : [child.pid!];
    },
    workerPids: () => descendants(child.pid!, 'worker/main'),
    async stop() {
      if (early === undefined) {
        process.kill(-child.pid!, 'SIGINT'); // Ctrl-C: the launcher stops its children in order
        const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
        await exited;
        clearTimeout(timer);
      }
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds dist/ unless it is current (what `npm start` does). */
function ensureBuilt() {
  let built: string | undefined;
  try {
    built = readFileSync(path.join(root, 'dist/.source-hash'), 'utf8').trim();
  } catch {
    built = undefined;
  }
  if (built === sourceHash(root)) return;
  progress('building dist/ (npm run build)...');
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'launcher/build.ts')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Starts an entry point as its own process; resolves with what it reported once ready (core/process.ts reportReady). */
async function startService(entry: string, env: NodeJS.ProcessEnv, extraNodeArgs: string[]): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  const file = path.join(root, BUILT ? `dist/${entry}.js` : `${entry}.ts`);
  // The built worker runs as docker-compose.yml runs it (heap cap included); the sources under tsx.
  const loader = BUILT ? (entry.startsWith('worker') ? ['--max-old-space-size=160'] : []) : ['--import', 'tsx'];
  // In a session of its own (OWN_SESSIONS) the scheduler weighs it as its own program (autogroups), and
  // WORKER_NICE lowers its whole group (worker/priority.ts); in the bench's session it only orders it against the API.
  const child = spawn(process.execPath, [...extraNodeArgs, ...NODE_ARGS, ...loader, file, '--no-migrate'], { cwd: root, env, detached: OWN_SESSIONS, stdio: ['ignore', process.stderr, 'inherit', 'ipc'] });
  const ready = await within(
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.on('message', (m: { type?: string }) => m?.type === 'ready' && resolve(m as Record<string, unknown>));
      child.once('exit', (code) => reject(new Error(`${entry} exited (code ${code}) before it was ready`)));
    }),
    180_000,
    `${entry} start`,
  );
  return { child, ready };
}

/** The production layout: built API + WORKERS worker processes, PostgreSQL, a Temporal dev server. */
async function startProcesses(sink: Sink, queryDir: string | undefined): Promise<Stack> {
  if (BUILT) ensureBuilt();
  const db = await throwAwayDatabase();
  progress('migrating the throw-away database');
  const orm = await openOrm(db.url, { migrate: true, poolMax: 1 });
  await orm.close(true);
  if (process.env.BENCH_AUTO_EXPLAIN === '1') {
    const dbName = new URL(db.url).pathname.slice(1);
    for (const set of ["session_preload_libraries = 'auto_explain'", 'auto_explain.log_min_duration = 0', 'auto_explain.log_nested_statements = on', 'auto_explain.log_analyze = on', 'auto_explain.log_timing = off'])
      await adminQuery(`alter database ${dbName} set ${set}`);
    progress(`auto_explain on for ${dbName}`);
  }
  const bin = findTemporalCli();
  if (!bin) throw new Error('temporal CLI not found (.tools/bin/temporal): run .ci/run once, it installs it');
  const temporalServer = await startTemporalDevServer({ bin, headless: true });
  const env: NodeJS.ProcessEnv = {
    ...serviceEnv(sink),
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporalServer.address,
    TEMPORAL_TASK_QUEUE: `burst-${randomBytes(3).toString('hex')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mh-burst-')),
    ...(queryDir ? { BENCH_QUERY_COUNT_DIR: queryDir } : {}),
  };
  const counter = queryDir ? ['--import', fileURLToPath(new URL('./automation-query-counter.mjs', import.meta.url))] : [];
  progress(`starting the API and ${WORKERS} worker process(es) (${BUILT ? 'built dist/' : 'sources under tsx'}${NODE_ARGS.length ? `, node ${NODE_ARGS.join(' ')}` : ''})`);
  const children: ChildProcess[] = [];
  const stopChildren = async () => {
    await Promise.all(
      children.map(async (c) => {
        if (c.exitCode !== null || c.signalCode !== null) return;
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM'); // a clean exit: --cpu-prof writes its profile then
        const timer = setTimeout(() => c.kill('SIGKILL'), 60_000);
        await gone;
        clearTimeout(timer);
      }),
    );
  };
  try {
    const workers = await Promise.all(Array.from({ length: WORKERS }, () => startService('worker/main', env, counter)));
    children.push(...workers.map((w) => w.child));
    const api = await startService('api/main', env, counter);
    children.push(api.child);
    return {
      apiUrl: String(api.ready.url),
      temporalAddress: temporalServer.address,
      databaseUrl: db.url,
      apiPids: () => [api.child.pid!],
      workerPids: () => workers.map((w) => w.child.pid!),
      async stop() {
        await stopChildren();
        await temporalServer.stop();
        await db.drop();
      },
    };
  } catch (e) {
    await stopChildren();
    await temporalServer.stop();
    await db.drop();
    throw e;
  }
}

/** This process's CPU (user + system) since `start`, in ms: the load generator's own cost, which shares the machine with the stack. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

/**
 * BENCH_CPU_SHARES (processes stack, Linux, root, cgroup v1 `cpu` at /sys/fs/cgroup/cpu): each part in a
 * CPU cgroup of its own with these shares, as docker-compose's containers are weighed (`cpu_shares`,
 * 1024 by default), instead of the session autogroups of processes started side by side. E.g.
 * `api=1024,worker=256,postgres=1024,temporal=1024,bench=1024`. Every PostgreSQL process of the
 * machine's cluster is moved, and moved back to the root group at the end.
 */
const CPU_SHARES = new Map(
  (process.env.BENCH_CPU_SHARES ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=') as [string, string]),
);
const CGROUP_CPU = '/sys/fs/cgroup/cpu';

function placeInCpuGroups(stack: Stack, sinkPid: number): () => void {
  const members: Record<string, number[]> = {
    api: stack.apiPids(),
    worker: stack.workerPids(),
    temporal: descendants(process.pid, 'start-dev'),
    postgres: spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number),
    bench: [process.pid, sinkPid],
  };
  for (const [name, shares] of CPU_SHARES) {
    const dir = path.join(CGROUP_CPU, `mh-bench-${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'cpu.shares'), shares);
    for (const pid of members[name] ?? []) {
      try {
        writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
      } catch {
        /* ended meanwhile */
      }
    }
    progress(`cpu group ${name}: ${(members[name] ?? []).length} process(es), shares ${shares}`);
  }
  return () => {
    for (const name of CPU_SHARES.keys()) {
      const dir = path.join(CGROUP_CPU, `mh-bench-${name}`);
      for (const pid of readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
        try {
          writeFileSync(path.join(CGROUP_CPU, 'cgroup.procs'), pid);
        } catch {
          /* ended meanwhile */
        }
      }
      try {
        rmdirSync(dir);
      } catch {
        /* a process still in it */
      }
    }
  };
}

/** Round trips by statement, summed over the counter files of `pids` (BENCH_COUNT_QUERIES). */
function queryCounts(dir: string | undefined, pids: number[]): Map<string, number> {
  const total = new Map<string, number>();
  if (!dir) return total;
  for (const pid of pids) {
    try {
      for (const [k, v] of Object.entries(JSON.parse(readFileSync(path.join(dir, `${pid}.json`), 'utf8')) as Record<string, number>)) total.set(k, (total.get(k) ?? 0) + v);
    } catch {
      /* not written yet */
    }
  }
  return total;
}

function countsDelta(after: Map<string, number>, before: Map<string, number>) {
  const d = new Map<string, number>();
  for (const [k, v] of after) if (v - (before.get(k) ?? 0) > 0) d.set(k, v - (before.get(k) ?? 0));
  return d;
}

const ts = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) => (t ? Number(t.seconds) * 1000 + (t.nanos ?? 0) / 1e6 : NaN);

async function main() {
  const sink = await startSinkProcess();
  const queryDir = COUNT_QUERIES ? mkdtempSync(path.join(tmpdir(), 'mh-burst-queries-')) : undefined;
  if (COUNT_QUERIES && STACK !== 'processes') throw new Error('BENCH_COUNT_QUERIES=1 needs BENCH_STACK=processes (node flags of the services)');
  let stack: Stack | undefined;
  let orm: MikroORM | undefined;
  let connection: Connection | undefined;
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    progress('stopping the stack');
    await connection?.close().catch(() => {});
    await orm?.close(true).catch(() => {});
    await stack?.stop().catch((e) => progress(`stop: ${(e as Error).message}`));
    await sink.close();
    if (queryDir) rmSync(queryDir, { recursive: true, force: true });
  };
  const overall = setTimeout(() => {
    progress(`overall timeout (BENCH_TIMEOUT_S=${TIMEOUT_MS / 1000}): stopping everything`);
    void stopAll().finally(() => process.exit(2));
  }, TIMEOUT_MS);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void stopAll().finally(() => process.exit(130)));

  const out: string[] = [];
  const line = (k: string, v: string | number) => out.push(`${k.padEnd(46)} ${v}`);
  try {
    stack = STACK === 'npm-start' ? await startNpmStart(sink) : await startProcesses(sink, queryDir);
    if (CPU_SHARES.size > 0) {
      if (STACK !== 'processes') throw new Error('BENCH_CPU_SHARES needs BENCH_STACK=processes');
      const undo = placeInCpuGroups(stack, sink.pid);
      const stop = stack.stop.bind(stack);
      stack.stop = async () => {
        undo();
        await stop();
      };
    }
    orm = await openOrm(stack.databaseUrl, { poolMax: 1 });
    connection = await Connection.connect({ address: stack.temporalAddress });
    const client = new Client({ connection });
    const em = orm.em.fork();
    const count = async (sql: string, params: unknown[] = []) => Number((await sqlRows<{ n: string }>(em, sql, params))[0].n);

    const keys = await generateDkimKeyPair();
    const body = '<p>Hi {{email}}, welcome.</p>';
    /** A project with its verified (DKIM-signing) domain, the welcome template and the enabled workflow `signup -> SEND_EMAIL`. */
    const listeningProject = async (name: string, domain: string) => {
      const created = await createProject(em, name);
      await addVerifiedBenchDomain(em, created.project.id, domain, keys);
      const template = await createTemplate(em, created.project.id, { name: 'welcome', subject: 'Welcome', body, type: 'TRANSACTIONAL', from: `hi@${domain}` });
      const workflow = await createWorkflow(em, created.project.id, { name: 'signup', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps: [{ id: 'welcome', type: 'SEND_EMAIL', templateId: template.id }] });
      return { ...created, workflow };
    };
    // The measured project; a second project listens to nothing.
    const { publicKey, secretKey, workflow: wf } = await listeningProject('burst', 'bench.test');
    const quiet = await createProject(em, 'burst-quiet');

    let peakApi = 0;
    let peakWorkers = 0;
    const rssTimer = setInterval(() => {
      peakApi = Math.max(peakApi, stack!.apiPids().reduce((s, p) => s + rssOf(p), 0));
      peakWorkers = Math.max(peakWorkers, stack!.workerPids().reduce((s, p) => s + rssOf(p), 0));
    }, 500);
    // node:http with a keep-alive agent, not fetch: the load generator shares the machine with the
    // stack, and fetch (undici) cost ~0.6 ms of the bench's CPU per track (perf, 2026-11-27), more than
    // the API's own, taken from the services during the automation phase alone.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
    const call = (method: string, p: string, key: string, payload?: unknown) =>
      new Promise<any>((resolve, reject) => {
        const body = payload === undefined ? undefined : JSON.stringify(payload);
        const req = http.request(
          stack!.apiUrl + p,
          { method, agent, timeout: 60_000, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              if (res.statusCode! >= 300) reject(new Error(`${method} ${p}: ${res.statusCode} ${text.slice(0, 300)}`));
              else resolve(text ? JSON.parse(text) : undefined);
            });
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${p}: no answer in 60 s`)));
        req.on('error', reject);
        req.end(body);
      });
    /** Waits until every recipient got a mail (or the phase timeout), with a progress line every 5 s. */
    const untilArrived = async (phase: string, extra?: () => Promise<string>, expected = N) => {
      const deadline = Date.now() + PHASE_TIMEOUT_MS;
      let lastLine = 0;
      for (;;) {
        const r = await sink.report();
        if (r.distinctRecipients >= expected) return true;
        if (Date.now() > deadline) {
          progress(`${phase}: TIMEOUT after ${PHASE_TIMEOUT_MS / 1000} s with ${r.distinctRecipients}/${expected} mails: reporting what arrived`);
          return false;
        }
        if (Date.now() - lastLine > 5000) {
          lastLine = Date.now();
          progress(`${phase}: ${r.distinctRecipients}/${expected} mails${extra ? `; ${await extra()}` : ''}; load ${load()}`);
        }
        await sleep(100);
      }
    };
    const emails = Array.from({ length: N }, (_, i) => `c${i}@bench.test`);
    const trackAll = async (key: string, prefix: string, tracked?: Map<string, number>, addresses = emails) => {
      const t0 = Date.now();
      let done = 0;
      const ticker = setInterval(() => progress(`tracking (${prefix || 'burst'}): ${done}/${addresses.length}`), 5000);
      try {
        await eachLimited(addresses, CONCURRENCY, async (email) => {
          await call('POST', '/v1/track', key, { email: prefix + email, event: 'signup', ...(TRACK_SUBSCRIBED ? { subscribed: true } : {}), ...(TRACK_TIMEZONE ? { timezone: TRACK_TIMEZONE } : {}) });
          tracked?.set(email, Date.now());
          done++;
        });
      } finally {
        clearInterval(ticker);
      }
      return (Date.now() - t0) / 1000;
    };
    const mailLine = (label: string, r: Awaited<ReturnType<Sink['report']>>, arrivals: Arrival[]) => {
      const perRecipient = new Map<string, number>();
      for (const a of arrivals) perRecipient.set(a.to, (perRecipient.get(a.to) ?? 0) + 1);
      const exactlyOne = emails.filter((e) => perRecipient.get(e) === 1).length;
      const none = emails.filter((e) => !perRecipient.has(e)).length;
      line(`${label}: contacts with exactly one mail`, `${exactlyOne}/${N} (none: ${none}; duplicates: ${r.duplicatesSameMessageId} same Message-ID, ${r.duplicatesOtherMessageId} other)`);
    };
    const rates: Record<string, number> = {};
    out.push('');
    out.push(`Automations vs campaign vs bare Temporal: N=${N}, tracks ${CONCURRENCY} at a time, stack ${STACK}${STACK === 'processes' ? ` (${WORKERS} workers, ${BUILT ? 'built' : 'tsx'})` : ''}, database ${DB === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}; ${cpus().length} cores`);

    if (WARM_ENGINE > 0 && (PHASES.has('automation') || PHASES.has('campaign'))) {
      progress(`warm-up: ${WARM_ENGINE} sign-ups, then a campaign to them, through a third project, not measured`);
      const warm = await listeningProject('burst-warm', 'warm.test');
      await sink.reset();
      await trackAll(warm.publicKey, 'warm-engine-', undefined, emails.slice(0, WARM_ENGINE));
      await untilArrived('warm-up automation', undefined, WARM_ENGINE);
      await sink.reset();
      const warmCampaign = await call('POST', '/campaigns', warm.secretKey, { name: 'warm', subject: 'Campaign', body, from: 'hi@warm.test', type: 'TRANSACTIONAL', audienceType: 'ALL' });
      await call('POST', `/campaigns/${warmCampaign.data.id}/send`, warm.secretKey, {});
      await untilArrived('warm-up campaign', undefined, WARM_ENGINE);
      await sleep(1000); // the last outcomes land before the phases' counters start
      await sink.reset();
    }

    // 0. Track with nobody listening (another project, same event name).
    if (PHASES.has('track')) {
      // Warm-up, not measured: the API's and the database's first calls (JIT, connections, plan
      // caches) would otherwise land in phase 0 alone and make "listening / none" read high.
      if (WARMUP > 0) {
        progress(`warm-up: ${WARMUP} tracks into the project with no workflow, not measured`);
        await trackAll(quiet.publicKey, 'warm-', undefined, emails.slice(0, WARMUP));
      }
      progress(`phase 0: ${N} tracks into a project with no workflow (load ${load()})`);
      const cpuT0 = await cpuSnapshot(stack, em);
      const client0 = process.cpuUsage();
      const s = await trackAll(quiet.publicKey, 'quiet-');
      const clientMs = cpuMsSince(client0);
      const cpuT1 = await cpuSnapshot(stack, em);
      rates.trackNone = N / s;
      line('track, no workflow listening', `${rates.trackNone.toFixed(0)} tracks/s (${s.toFixed(1)} s; load ${load()})`);
      line('track, no workflow listening: CPU per track', `${cpuPerMail(cpuT0, cpuT1, N)}; the bench's client ${(clientMs / N).toFixed(2)} ms`);
    }

    // 1. Automation burst.
    if (PHASES.has('automation')) {
      await sink.reset();
      const q0 = queryCounts(queryDir, [...stack.apiPids(), ...stack.workerPids()]);
      const qw0 = queryCounts(queryDir, stack.workerPids());
      const tracked = new Map<string, number>();
      const rows0 = await rowSnapshot(em);
      const cpu0 = await cpuSnapshot(stack, em);
      progress(`phase 1: ${N} sign-ups tracked, each starting the workflow (load ${load()})`);
      const t0 = Date.now();
      const client0 = process.cpuUsage();
      const trackSeconds = await trackAll(publicKey, '', tracked);
      const clientMs = cpuMsSince(client0);
      rates.trackListening = N / trackSeconds;
      line('automation: CPU per track while tracking (first track -> last answer)', `${cpuPerMail(cpu0, await cpuSnapshot(stack, em), N)}; the bench's client ${(clientMs / N).toFixed(2)} ms`);
      progress(`phase 1: tracks done in ${trackSeconds.toFixed(1)} s; waiting for the mails`);
      const complete = await untilArrived('automation', async () => {
        const rows = await sqlRows<{ status: string; n: string }>(em, 'select status, count(*) as n from workflow_executions where workflow_id = ? group by status', [wf.id]);
        const inbox = await count('select count(*) as n from automation_inbox');
        // An undispatched batch head stands for its batch's executions (an estimate: the insert may have refused some).
        const undispatched = await count(
          'select coalesce(sum(coalesce(cardinality(batch_members), 1)), 0) as n from workflow_executions where workflow_id = ? and dispatched_at is null',
          [wf.id],
        );
        return `executions ${rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'} (${undispatched} not started in Temporal), inbox ${inbox}`;
      });
      const cpu1 = await cpuSnapshot(stack, em);
      await sleep(1000); // the last outcomes and history events land
      const r = await sink.report();
      const arrivals = await sink.arrivals();
      line('automation: CPU per mail (tracks included; first track -> last mail)', cpuPerMail(cpu0, cpu1, N));
      line('automation: PostgreSQL rows per mail (tracks included)', rowsPerMail(rows0, await rowSnapshot(em), N));
      if (INDEX_STATS) out.push(...(await indexReads(em)));
      const latencies = arrivals.filter((a) => tracked.has(a.to)).map((a) => a.arrivedAt - tracked.get(a.to)!);
      const seconds = (r.lastMailFromAt! - t0) / 1000;
      rates.automation = r.distinctRecipients / seconds;
      const statuses = await sqlRows<{ status: string; n: string }>(em, 'select status, count(*) as n from workflow_executions where workflow_id = ? group by status', [wf.id]);
      line('automation: track throughput, workflow listening', `${rates.trackListening.toFixed(0)} tracks/s (${trackSeconds.toFixed(1)} s)${rates.trackNone ? `; / no listener ${(rates.trackListening / rates.trackNone).toFixed(2)}` : ''}`);
      line('automation: mails/s (first track -> last mail)', `${rates.automation.toFixed(1)} (${r.distinctRecipients}/${N} in ${seconds.toFixed(1)} s${complete ? '' : ', INCOMPLETE: phase timeout'})`);
      line('automation: track -> mail p50 / p99 / max', `${pct(latencies, 50)} / ${pct(latencies, 99)} / ${Math.max(...latencies)} ms`);
      mailLine('automation', r, arrivals);
      if (TIMELINE) {
        // Per second from the first track: tracks answered, mails arrived (cumulative), and the median lag of that second's mails.
        const trackedTimes = [...tracked.values()].map((t) => t - t0);
        const arrivedTimes = arrivals.filter((a) => tracked.has(a.to)).map((a) => ({ at: a.arrivedAt - t0, lag: a.arrivedAt - tracked.get(a.to)! }));
        const end = Math.ceil(Math.max(...arrivedTimes.map((a) => a.at)) / 1000);
        const cells: string[] = [];
        for (let sec = 1; sec <= end; sec++) {
          const lags = arrivedTimes.filter((a) => a.at < sec * 1000 && a.at >= (sec - 1) * 1000).map((a) => a.lag);
          cells.push(`${sec}s: ${trackedTimes.filter((t) => t < sec * 1000).length}/${arrivedTimes.filter((a) => a.at < sec * 1000).length}${lags.length ? ` (${pct(lags, 50)})` : ''}`);
        }
        line('automation: timeline (tracked / mailed by then, p50 lag ms)', cells.join(', '));
        // The stages by then (database clock): execution rows, started in Temporal, email records written, admitted.
        const stages = await sqlRows<{ row_ms: number; dispatched_ms: number | null; record_ms: number | null; sent_ms: number | null }>(
          em,
          `select extract(epoch from x.started_at) * 1000 as row_ms, extract(epoch from ${STARTED_IN_TEMPORAL_AT}) * 1000 as dispatched_ms,
             extract(epoch from m.created_at) * 1000 as record_ms, extract(epoch from m.sent_at) * 1000 as sent_ms
           from workflow_executions x ${BATCH_HEAD_JOIN} left join workflow_execution_steps s on s.execution_id = x.id and s.idx = 0
           left join emails m on m.id = (s.output->>'emailId')::uuid where x.workflow_id = ?`,
          [wf.id],
        );
        const by = (sec: number, k: keyof (typeof stages)[number]) => stages.filter((s) => s[k] !== null && Number(s[k]) - t0 < sec * 1000).length;
        const stageCells: string[] = [];
        for (let sec = 1; sec <= end; sec++) stageCells.push(`${sec}s: ${by(sec, 'row_ms')}/${by(sec, 'dispatched_ms')}/${by(sec, 'record_ms')}/${by(sec, 'sent_ms')}`);
        line('automation: stages by then (execution rows / dispatched / email records / admitted)', stageCells.join(', '));
      }
      line('automation: executions', statuses.map((s) => `${s.status} ${s.n}`).join(', '));

      // Where an execution's time goes: a sample's database times and Temporal history.
      const sample = await sqlRows<Record<string, any>>(
        em,
        `select x.workflow_id, x.contact_id, x.seq, x.batch_id, c.email, ev.created_at as tracked_at, x.started_at, x.dispatched_at, m.created_at as email_created_at, m.sent_at
         from workflow_executions x join contacts c on c.id = x.contact_id join events ev on ev.id = x.trigger_event_id
         left join workflow_execution_steps s on s.execution_id = x.id and s.idx = 0
         left join emails m on m.id = (s.output->>'emailId')::uuid
         where x.workflow_id = ? order by random() limit 100`,
        [wf.id],
      );
      const ET = protoPackage.temporal.api.enums.v1.EventType;
      const stage: Record<string, number[]> = {};
      const add = (k: string, v: number) => Number.isFinite(v) && (stage[k] ??= []).push(v);
      const historyLengths: number[] = [];
      const kinds = { activities: [] as number[], markers: [] as number[], workflowTasks: [] as number[] };
      const arrivedAt = new Map(arrivals.map((a) => [a.to, a.arrivedAt]));
      // An execution of a batch (core/automations/dispatch.ts) ran in its batch's workflow: its history is shared.
      const histories = new Map<string, Promise<NonNullable<Awaited<ReturnType<ReturnType<typeof client.workflow.getHandle>['fetchHistory']>>['events']>>>();
      const historyOf = (id: string) => {
        if (!histories.has(id)) histories.set(id, client.workflow.getHandle(id).fetchHistory().then((h) => h.events ?? []));
        return histories.get(id)!;
      };
      const batchSizes = new Map((await sqlRows<{ batch_id: string | null; n: string }>(em, 'select batch_id, count(*) as n from workflow_executions where workflow_id = ? group by batch_id', [wf.id])).map((b) => [b.batch_id, Number(b.n)]));
      const alone = batchSizes.get(null) ?? 0;
      const batchIds = [...batchSizes.keys()].filter((b): b is string => b !== null);
      let batchEvents = 0;
      await eachLimited(batchIds, 8, async (b) => void (batchEvents += (await historyOf(b)).length));
      await eachLimited(sample, 8, async (x) => {
        const events = await historyOf(x.batch_id ?? automationWorkflowId(x.workflow_id, x.contact_id, x.seq));
        if (!x.batch_id) historyLengths.push(events.length);
        const first = (type: number) => events.find((e) => e.eventType === type);
        kinds.activities.push(events.filter((e) => e.eventType === ET.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED).length);
        kinds.markers.push(events.filter((e) => e.eventType === ET.EVENT_TYPE_MARKER_RECORDED).length);
        kinds.workflowTasks.push(events.filter((e) => e.eventType === ET.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED).length);
        const trackedAt = new Date(x.tracked_at).getTime();
        const rowAt = new Date(x.started_at).getTime();
        const startedAt = ts(first(ET.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED)?.eventTime);
        const wfTask = ts(first(ET.EVENT_TYPE_WORKFLOW_TASK_STARTED)?.eventTime);
        const actScheduled = ts(first(ET.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)?.eventTime);
        const actStarted = ts(first(ET.EVENT_TYPE_ACTIVITY_TASK_STARTED)?.eventTime);
        const sentAt = x.sent_at ? new Date(x.sent_at).getTime() : NaN;
        const arrived = arrivedAt.get(x.email) ?? NaN;
        const closed = ts(first(ET.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED)?.eventTime);
        add('event recorded -> execution row (inbox pass)', rowAt - trackedAt);
        add('execution row -> Temporal start', startedAt - rowAt);
        add('Temporal start -> first workflow task', wfTask - startedAt);
        add('first workflow task -> SEND_EMAIL scheduled', actScheduled - wfTask);
        add('SEND_EMAIL scheduled -> picked up by a worker', actStarted - actScheduled);
        // The email record's created_at is its transaction's start (sendAutomationEmail's first half, once it has a connection).
        const recordAt = x.email_created_at ? new Date(x.email_created_at).getTime() : NaN;
        add('activity start -> its transaction began (email record)', recordAt - actStarted);
        add('email record -> SMTP admitted (delivery engine)', sentAt - recordAt);
        add('SMTP admitted -> end of DATA at the sink', arrived - sentAt);
        add('end of DATA -> workflow closed', closed - arrived);
        add('event recorded -> end of DATA (total)', arrived - trackedAt);
      });
      const aloneEvents = historyLengths.length ? (historyLengths.reduce((a, b) => a + b, 0) / historyLengths.length) * alone : 0;
      line('automation: Temporal workflows', `${batchIds.length} batch workflow(s) for ${N - alone} executions, ${alone} execution(s) in a workflow of their own`);
      line('automation: history events per execution', `${((batchEvents + aloneEvents) / N).toFixed(2)} (all batch histories${alone ? ' + the sampled own ones' : ''} / N; activity tasks per workflow ${Math.max(...kinds.activities)}, local-activity markers ${Math.max(...kinds.markers)}, workflow tasks ${Math.max(...kinds.workflowTasks)})`);
      out.push(`automation: where the time goes (p50 / p99 ms, sample of ${sample.length}; database, Temporal and sink clocks of one machine)`);
      for (const [k, v] of Object.entries(stage)) out.push(`  ${k.padEnd(52)} ${pct(v, 50).toFixed(0).padStart(7)} / ${pct(v, 99).toFixed(0).padStart(7)}`);
      if (queryDir) {
        await sleep(1200); // the counters' files are written every 500 ms
        const all = countsDelta(queryCounts(queryDir, [...stack.apiPids(), ...stack.workerPids()]), q0);
        const workers = countsDelta(queryCounts(queryDir, stack.workerPids()), qw0);
        const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
        line('automation: PostgreSQL round trips per mail', `${(sum(all) / N).toFixed(1)} (API ${((sum(all) - sum(workers)) / N).toFixed(1)}, workers ${(sum(workers) / N).toFixed(1)})`);
        out.push('  top statements (round trips per mail, all processes):');
        for (const [k, v] of [...all].sort((a, b) => b[1] - a[1]).slice(0, 25)) out.push(`  ${(v / N).toFixed(2).padStart(6)}  ${k}`);
      }
    }

    // 2. Campaign to the same contacts.
    if (PHASES.has('campaign')) {
      await sink.reset();
      const q0 = queryCounts(queryDir, [...stack.apiPids(), ...stack.workerPids()]);
      if (!PHASES.has('automation')) await eachLimited(emails, CONCURRENCY, (email) => call('POST', '/contacts', secretKey, { email }).then(() => {}));
      progress(`phase 2: a campaign to the ${N} contacts (load ${load()})`);
      const created = await call('POST', '/campaigns', secretKey, { name: 'burst', subject: 'Campaign', body, from: 'hi@bench.test', type: 'TRANSACTIONAL', audienceType: 'ALL' });
      const rows0 = await rowSnapshot(em);
      const cpu0 = await cpuSnapshot(stack, em);
      const c0 = Date.now();
      await call('POST', `/campaigns/${created.data.id}/send`, secretKey, {});
      const complete = await untilArrived('campaign');
      const cpu1 = await cpuSnapshot(stack, em);
      line('campaign: CPU per mail (send call -> last mail)', cpuPerMail(cpu0, cpu1, N));
      line('campaign: PostgreSQL rows per mail', rowsPerMail(rows0, await rowSnapshot(em), N));
      if (INDEX_STATS) out.push(...(await indexReads(em)));
      const r = await sink.report();
      const seconds = (r.lastMailFromAt! - c0) / 1000;
      rates.campaign = r.distinctRecipients / seconds;
      line('campaign: mails/s (send call -> last mail)', `${rates.campaign.toFixed(1)} (${r.distinctRecipients}/${N} in ${seconds.toFixed(1)} s${complete ? '' : ', INCOMPLETE: phase timeout'})`);
      mailLine('campaign', r, await sink.arrivals());
      if (queryDir) {
        await sleep(1200);
        const all = countsDelta(queryCounts(queryDir, [...stack.apiPids(), ...stack.workerPids()]), q0);
        line('campaign: PostgreSQL round trips per mail', ([...all.values()].reduce((a, b) => a + b, 0) / N).toFixed(1));
        for (const [k, v] of [...all].sort((a, b) => b[1] - a[1]).slice(0, 12)) out.push(`  ${(v / N).toFixed(2).padStart(6)}  ${k}`);
      }
    }

    // 3. The bare Temporal floor on the same server (this process; the service's workers stay idle).
    if (PHASES.has('floor')) {
      await sink.reset();
      progress(`phase 3: the bare Temporal floor (bundling its workflow first; load ${load()})`);
      const pool = new SmtpPool({ url: sink.url, maxConnections: loadConfig(serviceEnv(sink)).smtpMaxConnections }); // the service's workers' pool size
      const raw = (to: string) => Buffer.from(`From: hi@bench.test\r\nTo: ${to}\r\nSubject: Floor\r\nMessage-ID: <${newId()}@bench.test>\r\nContent-Type: text/html\r\n\r\n<p>Hi ${to}, welcome.</p>\r\n`);
      const native = await NativeConnection.connect({ address: stack.temporalAddress });
      const floorQueue = `floor-${randomBytes(3).toString('hex')}`;
      const floorWorker = await Worker.create({
        connection: native,
        taskQueue: floorQueue,
        workflowsPath: fileURLToPath(new URL('./workflows/floor.workflow.ts', import.meta.url)),
        activities: { handOff: async (to: string) => void (await pool.send({ envelope: { from: 'hi@bench.test', to: [to] }, raw: raw(to) })) },
        maxCachedWorkflows: 1000,
        maxConcurrentActivityTaskExecutions: 100,
      });
      const floorRun = floorWorker.run();
      const started = new Map<string, number>();
      const f0 = Date.now();
      await eachLimited(emails, 32, async (email) => {
        await client.workflow.start('floorWorkflow', { taskQueue: floorQueue, workflowId: `floor-${email}`, args: [email] });
        started.set(email, Date.now());
      });
      const complete = await untilArrived('floor');
      const r = await sink.report();
      const arrivals = await sink.arrivals();
      const lat = arrivals.map((a) => a.arrivedAt - started.get(a.to)!);
      const seconds = (r.lastMailFromAt! - f0) / 1000;
      rates.floor = r.distinctRecipients / seconds;
      line('floor: mails/s (first start -> last mail)', `${rates.floor.toFixed(1)} (${r.distinctRecipients}/${N} in ${seconds.toFixed(1)} s${complete ? '' : ', INCOMPLETE'}); start -> mail p50 ${pct(lat, 50)} ms, p99 ${pct(lat, 99)} ms`);
      mailLine('floor', r, arrivals);
      floorWorker.shutdown();
      await within(floorRun, 60_000, 'floor worker shutdown').catch((e) => progress((e as Error).message));
      await native.close();
      await pool.close();
    }
    clearInterval(rssTimer);

    if (rates.automation && rates.campaign) line('automation / campaign', (rates.automation / rates.campaign).toFixed(2));
    if (rates.automation && rates.floor) line('automation / floor', (rates.automation / rates.floor).toFixed(2));
    line('peak RSS: API / workers (sum)', `${(peakApi / 2 ** 20).toFixed(0)} MB / ${(peakWorkers / 2 ** 20).toFixed(0)} MB (${stack.workerPids().length} worker process(es))`);
    line('load average at the end', load());
  } finally {
    clearTimeout(overall);
    console.log(out.join('\n'));
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    progress(`failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
