/*
 * `npx tsx bench/start.ts`: `npm start` as a user runs it (`npm start` in its own process group,
 * output to a file, stopped by SIGINT to the group as a terminal's Ctrl-C does), measured from the
 * outside. Two phases, each with its peer in the same run:
 *
 * embedded (the default: no DATABASE_URL; SMTP_URL is the bench's sink so mail can be counted):
 *   - first start on an empty DATA_DIR, then a warm start on the same one: seconds to /health 200;
 *   - the whole tree's memory (every process under npm: the launcher with PGlite and the API's
 *     thread, the worker, the Temporal dev server; RSS summed, PSS summed, and each physical page
 *     counted once: treeDistinctMb) after BENCH_IDLE_SECONDS idle;
 *   - POST /v1/track, BENCH_CONNECTIONS connections, public key, against the one-statement floor
 *     (bench/track-floor.ts) on the same embedded database;
 *   - a campaign to BENCH_TOTAL contacts, DKIM-signed: the tree's peak memory while it runs.
 * postgres (DATABASE_URL: a fresh database on BENCH_DB_URL's server):
 *   - idle memory, /v1/track against the floor on the same database, then the campaign (msgs/s,
 *     peak memory) against a DKIM-signing pooled-nodemailer loop (bench/signing-loop.ts).
 *
 * Env: BENCH_TOTAL (20000), BENCH_CONNECTIONS (32), BENCH_TRACK_SECONDS (10), BENCH_TRACK_WARMUP (3),
 * BENCH_IDLE_SECONDS (10), BENCH_PHASES (embedded,postgres), BENCH_EMBEDDED_CAMPAIGN (1; 0 skips
 * it), BENCH_CAMPAIGNS (1; 0 skips both campaigns and the loop), BENCH_DB_URL (admin URL),
 * BENCH_LOG_LEVEL (npm start's LOG_LEVEL, info), BENCH_TIMEOUT_S (whole run, 5400),
 * BENCH_CAMPAIGN_TIMEOUT_S (each campaign, 1800), BENCH_START_TIMEOUT_S (each start, 600),
 * BENCH_KEEP_LOGS (1: keep npm start's output files). Progress goes to stderr, results (JSON) to
 * stdout. Nothing waits without a bound: on a timeout every tree started is killed and it exits 1.
 */
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { encryptSecret } from '../core/secrets.js';
import { createProject } from '../core/projects/keys.js';
import { newId } from '../db/ids.js';
import { openOrm } from '../db/orm.js';
import { buildDist, DIST } from '../launcher/build.js';
import { withEmbeddedPassword } from '../launcher/embedded-password.js';
import { sourceHash } from '../launcher/source-hash.mjs';
import { signingLoop } from './signing-loop.js';
import { startSinkProcess, type Sink } from './smtp-sink.js';
import { trackRequest } from './track-mix.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);
const TOTAL = num('BENCH_TOTAL', 20_000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 32);
const TRACK_SECONDS = num('BENCH_TRACK_SECONDS', 10);
const TRACK_WARMUP = num('BENCH_TRACK_WARMUP', 3);
const IDLE_SECONDS = num('BENCH_IDLE_SECONDS', 10);
const PHASES = (process.env.BENCH_PHASES ?? 'embedded,postgres').split(',');
const CAMPAIGNS = process.env.BENCH_CAMPAIGNS !== '0';
const EMBEDDED_CAMPAIGN = CAMPAIGNS && process.env.BENCH_EMBEDDED_CAMPAIGN !== '0';
const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const SECRET = 'bench-secret-key-0123456789abcdef';
const RUN_TIMEOUT_S = num('BENCH_TIMEOUT_S', 5400);
const KEEP_LOGS = process.env.BENCH_KEEP_LOGS === '1';

const progress = (m: string) => console.error(`[bench:start ${new Date().toISOString().slice(11, 19)}] ${m}`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with `p`, or rejects after `ms` saying what it waited for. */
function within<T>(what: string, ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s: ${what}`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

// ---------------------------------------------------------------------------------------------
// The process tree under a pid (Linux /proc).

interface Proc {
  pid: number;
  ppid: number;
  name: string;
}

function allProcs(): Proc[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const args = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean);
        const script = args.find((a) => /\.(m?js|ts)$/.test(a)) ?? args[0] ?? '';
        return [{ pid: Number(d), ppid, name: `${path.basename(args[0] ?? '?')} ${path.relative(root, script) || script}`.trim() }];
      } catch {
        return [];
      }
    });
}

function tree(pid: number): Proc[] {
  const procs = allProcs();
  const out = procs.filter((p) => p.pid === pid);
  for (let i = 0; i < out.length; i++) out.push(...procs.filter((p) => p.ppid === out[i].pid));
  return out;
}

const kb = (file: string, field: string) => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(file, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** CPU seconds (user + system) in a /proc stat file: utime, stime in ticks of 1/100 s. */
function cpuSeconds(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/**
 * CPU seconds each process of the tree under `pid` has used so far, by name. The launcher's is
 * also split by thread: its main thread (the embedded database) and the others (the API's thread,
 * and V8's and libuv's helper threads, which serve both).
 */
function treeCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (name: string, s: number) => out.set(name, (out.get(name) ?? 0) + s);
  for (const p of tree(pid)) {
    try {
      add(p.name, cpuSeconds(`/proc/${p.pid}/stat`));
      if (!/launcher\/start\.mjs/.test(p.name)) continue;
      const main = cpuSeconds(`/proc/${p.pid}/task/${p.pid}/stat`);
      add(`${p.name}: main thread`, main);
      add(`${p.name}: other threads (API)`, cpuSeconds(`/proc/${p.pid}/stat`) - main);
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU milliseconds per request of each process that used any, between two treeCpu snapshots. */
function cpuPerRequest(before: Map<string, number>, after: Map<string, number>, requests: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, s] of after) {
    const used = s - (before.get(name) ?? 0);
    if (used > 0.05) out[name] = Number(((used * 1000) / Math.max(1, requests)).toFixed(3));
  }
  return out;
}

interface TreeMemory {
  rssMb: number;
  pssMb: number;
  /** Per process: RSS, its anonymous part (heaps, arenas) and its file pages (binaries mapped). */
  processes: { name: string; rssMb: number; anonMb: number; fileMb: number }[];
}

/** RSS summed over the tree (shared pages counted once per process), and PSS (shared pages split). */
function treeMemory(pid: number): TreeMemory {
  const procs = tree(pid).map((p) => ({
    name: p.name,
    rss: kb(`/proc/${p.pid}/status`, 'VmRSS'),
    anon: kb(`/proc/${p.pid}/status`, 'RssAnon'),
    file: kb(`/proc/${p.pid}/status`, 'RssFile'),
    pss: kb(`/proc/${p.pid}/smaps_rollup`, 'Pss'),
  }));
  const mb = (k: number) => Math.round(k / 1024);
  return {
    rssMb: mb(procs.reduce((s, p) => s + p.rss, 0)),
    pssMb: mb(procs.reduce((s, p) => s + p.pss, 0)),
    processes: procs.filter((p) => p.rss > 4096).map((p) => ({ name: p.name, rssMb: mb(p.rss), anonMb: mb(p.anon), fileMb: mb(p.file) })),
  };
}

/**
 * Resident memory of the tree counting each physical page once, however many of its processes map
 * it (the node binary and shared libraries of npm, the launcher and the worker; pages shared with
 * processes outside the tree are counted whole, unlike PSS). Read from /proc/PID/pagemap, whose page
 * frame numbers only root sees: undefined otherwise.
 */
function treeDistinctMb(pid: number): number | undefined {
  const frames = new Set<number>();
  for (const p of tree(pid)) {
    let smaps: string;
    let fd: number;
    try {
      smaps = readFileSync(`/proc/${p.pid}/smaps`, 'utf8');
      fd = openSync(`/proc/${p.pid}/pagemap`, 'r');
    } catch {
      continue; // gone
    }
    try {
      let range: [number, number] | undefined;
      for (const line of smaps.split('\n')) {
        const head = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
        if (head) range = [parseInt(head[1], 16), parseInt(head[2], 16)];
        else if (range && line.startsWith('Rss:') && !/^Rss:\s+0 kB/.test(line)) {
          const pages = (range[1] - range[0]) / 4096;
          const buf = Buffer.alloc(pages * 8);
          readSync(fd, buf, 0, buf.length, (range[0] / 4096) * 8);
          for (let i = 0; i < pages; i++) {
            const entry = buf.readBigUInt64LE(i * 8);
            if (entry >> 63n) frames.add(Number(entry & ((1n << 55n) - 1n)));
          }
        }
      }
    } finally {
      closeSync(fd);
    }
  }
  if (frames.size <= 1) return undefined; // frame numbers hidden (not root): all read as 0
  return Math.round((frames.size * 4096) / 1024 / 1024);
}

/** Samples the tree's memory every 250 ms until `stop()`, which returns the peak of each sum. */
function memorySampler(pid: number) {
  let peak: TreeMemory = { rssMb: 0, pssMb: 0, processes: [] };
  let peakPss = 0;
  const timer = setInterval(() => {
    const m = treeMemory(pid);
    if (m.rssMb > peak.rssMb) peak = m;
    peakPss = Math.max(peakPss, m.pssMb);
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return { ...peak, pssMb: peakPss };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// `npm start`.

const started = new Set<NpmStart>();

interface NpmStart {
  pid: number;
  apiUrl: string;
  dataDir: string;
  databaseUrl?: string;
  healthyAfterS: number;
  output(): string;
  /** Ctrl-C as a terminal sends it (SIGINT to the group); the exit code, or 'killed' after 60 s. */
  stop(): Promise<number | null | 'killed'>;
  kill(): void;
}

async function npmStart(label: string, dataDir: string, extraEnv: NodeJS.ProcessEnv): Promise<NpmStart> {
  // The per-key request limits (1,000 a minute by default) are raised, as for any load test: the
  // bench measures the work per request, not the limiter's refusals.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SECRET_KEY: SECRET,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
    ...extraEnv,
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'TEMPORAL_ADDRESS', 'HOST', 'LOG_FORMAT', 'PUBLIC_URL', 'NODE_OPTIONS']) if (!(name in extraEnv)) delete env[name];
  const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}-${label.replace(/\W+/g, '-')}.log`);
  const fd = openSync(logFile, 'w');
  const t0 = Date.now();
  // Its own process group, as a terminal gives a foreground job; output to a file (a terminal's cost is not the service's).
  const child: ChildProcess = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const output = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const pid = child.pid!;
  const kill = () => {
    for (const p of tree(pid).reverse()) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  };
  const handle: NpmStart = {
    pid,
    apiUrl: '',
    dataDir,
    healthyAfterS: 0,
    output,
    kill,
    async stop() {
      const t = Date.now();
      process.kill(-pid, 'SIGINT');
      const code = await within('npm start to exit after Ctrl-C', 60_000, exited).catch(() => 'killed' as const);
      if (code === 'killed') kill();
      started.delete(handle);
      progress(`${label}: Ctrl-C -> exit ${code} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      return code;
    },
  };
  started.add(handle);
  const runtimeFile = path.join(dataDir, 'runtime.json');
  const deadline = Date.now() + num('BENCH_START_TIMEOUT_S', 600) * 1000;
  progress(`${label}: npm start (output in ${logFile})`);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: npm start exited (${child.exitCode}):\n${output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`${label}: not healthy in time:\n${output().slice(-3000)}`);
    if (existsSync(runtimeFile)) {
      let info: { apiUrl?: string; databaseUrl?: string } = {};
      try {
        info = JSON.parse(readFileSync(runtimeFile, 'utf8')) as typeof info;
      } catch {
        /* being created */
      }
      if (info.apiUrl && (await fetch(`${info.apiUrl}/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0)) === 200) {
        handle.apiUrl = info.apiUrl;
        handle.databaseUrl = info.databaseUrl;
        break;
      }
    }
    await sleep(100);
  }
  handle.healthyAfterS = Number(((Date.now() - t0) / 1000).toFixed(1));
  progress(`${label}: healthy after ${handle.healthyAfterS} s (load ${load()})`);
  if (!KEEP_LOGS) process.once('exit', () => rmSync(logFile, { force: true }));
  return handle;
}

/** A project of the bench's own on `npm start`'s database (the keys printed at a first start depend on LOG_LEVEL). */
async function benchProject(dbUrl: string) {
  const orm = await openOrm(dbUrl, { poolMax: 1 });
  try {
    const created = await createProject(orm.em.fork(), 'bench');
    return { id: created.project.id, secretKey: created.secretKey, publicKey: created.publicKey };
  } finally {
    await orm.close(true);
  }
}
type Project = Awaited<ReturnType<typeof benchProject>>;

// ---------------------------------------------------------------------------------------------
// Load: /v1/track and its floor.


interface LoadResult {
  requestsPerSecond: number;
  /** CPU ms per answered request of each server-side process (the npm start tree, or the floor's process). */
  cpuMsPerRequest: Record<string, number>;
  statusCodes: Record<string, number>;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** `serverPids`: the roots of the process trees whose CPU is counted (the npm start tree; the floor's process and the npm start tree, which hosts PGlite). */
async function drive(url: string, publicKey: string, serverPids: number[]): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon');
  const run = (duration: number) =>
    within(`autocannon on ${url}`, (duration + 30) * 1000, autocannon({ url, connections: CONNECTIONS, duration, requests: [trackRequest(publicKey)] }));
  if (TRACK_WARMUP > 0) await run(TRACK_WARMUP);
  const cpu = () => new Map(serverPids.flatMap((pid) => [...treeCpu(pid)]));
  const before = cpu();
  const r = await run(TRACK_SECONDS);
  const after = cpu();
  const ok = r.statusCodeStats['200']?.count ?? 0;
  return {
    requestsPerSecond: Math.round(ok / r.duration),
    cpuMsPerRequest: cpuPerRequest(before, after, r.requests.total),
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count])),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function startFloor(databaseUrl: string, projectId: string, poolMax: number): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./track-floor.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, FLOOR_PROJECT_ID: projectId, FLOOR_POOL_MAX: String(poolMax) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await within(
    'the floor server',
    60_000,
    new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`floor server exited ${code}`)));
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send('stop');
      await within('the floor server to stop', 10_000, exited).catch(() => child.kill('SIGKILL'));
    },
  };
}

/** /v1/track through npm start, then the floor on the same database; the floor first warms nothing for the app. */
async function trackAgainstFloor(label: string, npm: NpmStart, project: Project, floorDbUrl: string, floorPoolMax: number) {
  progress(`${label}: /v1/track, ${CONNECTIONS} connections, ${TRACK_WARMUP} + ${TRACK_SECONDS} s (load ${load()})`);
  const loadAtTrack = load();
  const app = await drive(npm.apiUrl, project.publicKey, [npm.pid]);
  progress(`${label}: /v1/track ${app.requestsPerSecond} req/s; now the floor on the same database`);
  const floorServer = await startFloor(floorDbUrl, project.id, floorPoolMax);
  let floor: LoadResult;
  try {
    floor = await drive(floorServer.url, project.publicKey, [floorServer.pid, npm.pid]);
  } finally {
    await floorServer.stop();
  }
  progress(`${label}: floor ${floor.requestsPerSecond} req/s`);
  return { app, floor, ratio: Number((app.requestsPerSecond / Math.max(1, floor.requestsPerSecond)).toFixed(3)), loadAverage: loadAtTrack };
}

// ---------------------------------------------------------------------------------------------
// Campaign.

async function seed(dbUrl: string, projectId: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const keys = await generateDkimKeyPair();
    await db.query(
      `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
       values ($1, $2, 'example.com', 'VERIFIED', 'bench', $3, $4, '[]', now())`,
      [newId(), projectId, keys.publicKey, encryptSecret(SECRET, keys.privateKeyPem)],
    );
    for (let b = 0; b < TOTAL; b += 5_000) {
      const rows = Array.from({ length: Math.min(5_000, TOTAL - b) }, (_, i) => ({ id: newId(), email: `c${b + i}@recipients.test`, data: { first_name: `N${b + i}` } }));
      await db.query(
        `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
         select v.id, $1, v.email, true, v.data, now(), now() from jsonb_to_recordset($2::jsonb) as v(id uuid, email text, data jsonb)`,
        [projectId, JSON.stringify(rows)],
      );
    }
    return keys.privateKeyPem;
  } finally {
    await db.end();
  }
}

async function api(npm: NpmStart, key: string, method: string, route: string, body?: unknown) {
  const res = await fetch(npm.apiUrl + route, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const out = (await res.json()) as { data: any };
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(out)}`);
  return out.data;
}

/**
 * A campaign to every contact (audience ALL: the track load's contacts were deleted by `seed`'s
 * caller). Returns msgs/s from the send call to SENT, and the tree's peak memory meanwhile.
 */
async function campaign(label: string, npm: NpmStart, project: Project, sink: Sink) {
  await sink.reset();
  const c = await api(npm, project.secretKey, 'POST', '/campaigns', {
    name: 'bench',
    subject: 'Hello {{first_name}}',
    from: 'news@example.com',
    audienceType: 'ALL',
    body: '<html><body><p>Hi {{first_name}}, see <a href="https://example.org/x">this</a></p></body></html>',
  });
  const loadAtStart = load();
  progress(`${label}: campaign to ${TOTAL} (load ${loadAtStart})`);
  const sampler = memorySampler(npm.pid);
  const cpuBefore = treeCpu(npm.pid);
  const t0 = Date.now();
  let ms: number;
  let peak: TreeMemory;
  try {
    await api(npm, project.secretKey, 'POST', `/campaigns/${c.id}/send`);
    const deadline = Date.now() + num('BENCH_CAMPAIGN_TIMEOUT_S', 1800) * 1000;
    let lastNote = Date.now();
    for (;;) {
      const status = (await api(npm, project.secretKey, 'GET', `/campaigns/${c.id}`)).status as string;
      if (status === 'SENT') break;
      if (Date.now() > deadline) throw new Error(`${label}: campaign still ${status} after the timeout (${(await sink.report()).received} at the sink)`);
      if (Date.now() - lastNote > 15_000) {
        lastNote = Date.now();
        progress(`${label}: campaign ${status}, ${(await sink.report()).received} at the sink`);
      }
      await sleep(1000); // each GET is work for the API inside the measured tree: seldom
    }
    ms = Date.now() - t0;
  } finally {
    peak = sampler.stop();
  }
  const cpuMsPerMessage = cpuPerRequest(cpuBefore, treeCpu(npm.pid), TOTAL);
  const atSink = await sink.report();
  const rate = (TOTAL * 1000) / ms;
  progress(`${label}: campaign ${rate.toFixed(1)} msg/s, ${atSink.distinctRecipients} distinct at the sink, peak tree RSS ${peak.rssMb} MB`);
  return { ms, messagesPerSecond: Number(rate.toFixed(1)), cpuMsPerMessage, received: atSink.received, distinct: atSink.distinctRecipients, loadAverage: loadAtStart, peak };
}

/** Contacts the track load created would join the campaign's audience: removed first. */
async function deleteTrackContacts(dbUrl: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`delete from events where contact_id in (select id from contacts where email like '%@bench.example.com')`);
    await db.query(`delete from contacts where email like '%@bench.example.com'`);
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

async function embeddedPhase(sink: Sink, results: Record<string, unknown>) {
  const parent = mkdtempSync(path.join(tmpdir(), 'mh-bench-start-'));
  const dataDir = path.join(parent, 'data');
  try {
    const env = { SMTP_URL: sink.url, SEND_RATE_PER_SECOND: '1000000' };
    const first = await npmStart('embedded, first start', dataDir, env);
    const firstExit = await first.stop();
    const runtimeLeft = existsSync(path.join(dataDir, 'runtime.json'));

    const warm = await npmStart('embedded, warm start', dataDir, env);
    progress(`embedded: ${IDLE_SECONDS} s idle`);
    await sleep(IDLE_SECONDS * 1000);
    const idle = { ...treeMemory(warm.pid), distinctMb: treeDistinctMb(warm.pid) };
    progress(`embedded: idle tree RSS ${idle.rssMb} MB, PSS ${idle.pssMb} MB, each page once ${idle.distinctMb} MB`);
    const dbUrl = withEmbeddedPassword(warm.databaseUrl!, dataDir);
    const project = await benchProject(dbUrl);
    // The floor shares the embedded server's connection limit with the API and the worker.
    const track = await trackAgainstFloor('embedded', warm, project, dbUrl, 2);
    let camp: Awaited<ReturnType<typeof campaign>> | undefined;
    if (EMBEDDED_CAMPAIGN) {
      await deleteTrackContacts(dbUrl);
      await seed(dbUrl, project.id);
      camp = await campaign('embedded', warm, project, sink);
    }
    const warmExit = await warm.stop();
    results.embedded = {
      firstStart: { healthyAfterS: first.healthyAfterS, ctrlCExit: firstExit, runtimeJsonLeft: runtimeLeft },
      warmStart: { healthyAfterS: warm.healthyAfterS, ctrlCExit: warmExit, runtimeJsonLeft: existsSync(path.join(dataDir, 'runtime.json')) },
      idle,
      track,
      campaign: camp,
    };
  } finally {
    rmSync(KEEP_LOGS ? path.join(parent, 'data') : parent, { recursive: true, force: true });
  }
}

async function postgresPhase(sink: Sink, results: Record<string, unknown>) {
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const parent = mkdtempSync(path.join(tmpdir(), 'mh-bench-start-'));
  try {
    const npm = await npmStart('postgres', path.join(parent, 'data'), { DATABASE_URL: dbUrl, SMTP_URL: sink.url, SEND_RATE_PER_SECOND: '1000000' });
    const project = await benchProject(dbUrl);
    progress(`postgres: ${IDLE_SECONDS} s idle`);
    await sleep(IDLE_SECONDS * 1000);
    const idle = { ...treeMemory(npm.pid), distinctMb: treeDistinctMb(npm.pid) };
    progress(`postgres: idle tree RSS ${idle.rssMb} MB, PSS ${idle.pssMb} MB, each page once ${idle.distinctMb} MB (PostgreSQL itself not in the tree)`);
    const track = await trackAgainstFloor('postgres', npm, project, dbUrl, 10);
    let camp: Awaited<ReturnType<typeof campaign>> | undefined;
    let loop: { ms: number; messagesPerSecond: number; cpuMsPerMessage: number; loadAverage: string } | undefined;
    if (CAMPAIGNS) {
      await deleteTrackContacts(dbUrl);
      const privateKey = await seed(dbUrl, project.id);
      camp = await campaign('postgres', npm, project, sink);
      await sink.reset();
      progress(`postgres: the DKIM-signing nodemailer loop, ${TOTAL} messages (load ${load()})`);
      const loopLoad = load();
      const cpu0 = process.cpuUsage();
      const { ms: loopMs } = await within('the signing loop', 900_000, signingLoop(sink.url, TOTAL, privateKey));
      const cpu = process.cpuUsage(cpu0);
      loop = {
        ms: loopMs,
        messagesPerSecond: Number(((TOTAL * 1000) / loopMs).toFixed(1)),
        cpuMsPerMessage: Number(((cpu.user + cpu.system) / 1000 / TOTAL).toFixed(3)),
        loadAverage: loopLoad,
      };
      progress(`postgres: loop ${loop.messagesPerSecond} msg/s`);
    }
    const exit = await npm.stop();
    results.postgres = {
      healthyAfterS: npm.healthyAfterS,
      ctrlCExit: exit,
      idle,
      track,
      campaign: camp,
      signingLoop: loop,
      campaignRatio: camp && loop ? Number((camp.messagesPerSecond / loop.messagesPerSecond).toFixed(3)) : undefined,
    };
  } finally {
    rmSync(KEEP_LOGS ? path.join(parent, 'data') : parent, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${dbName} with (force)`).catch((e: Error) => progress(`could not drop ${dbName}: ${e.message}`));
  }
}

async function main() {
  const results: Record<string, unknown> = {
    machine: `${cpus().length} x ${cpus()[0]?.model ?? '?'}, Node ${process.version}`,
    loadAverageAtStart: load(),
    total: TOTAL,
    connections: CONNECTIONS,
  };
  const built = existsSync(path.join(DIST, '.source-hash')) ? readFileSync(path.join(DIST, '.source-hash'), 'utf8').trim() : undefined;
  if (built !== sourceHash(root)) {
    progress('building dist/ first (what npm start would do on its first run; not counted in the start times)');
    const t = Date.now();
    await buildDist();
    results.buildSeconds = (Date.now() - t) / 1000;
  }
  const sink = await startSinkProcess();
  try {
    if (PHASES.includes('embedded')) await embeddedPhase(sink, results);
    if (PHASES.includes('postgres')) await postgresPhase(sink, results);
  } finally {
    await sink.close();
  }
  results.loadAverageAtEnd = load();
  console.log(JSON.stringify(results, null, 2));
}

const watchdog = setTimeout(() => {
  progress(`the whole run took longer than BENCH_TIMEOUT_S=${RUN_TIMEOUT_S}: killing what it started`);
  for (const s of started) s.kill();
  process.exit(1);
}, RUN_TIMEOUT_S * 1000);
watchdog.unref();
// The trees run in process groups of their own: a Ctrl-C to the bench would not reach them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: killing what the bench started`);
    for (const s of started) s.kill();
    process.exit(130);
  });
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    progress(`failed: ${e.stack ?? e.message}`);
    for (const s of started) s.kill();
    process.exit(1);
  },
);
