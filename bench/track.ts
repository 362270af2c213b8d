/**
 * Load benchmark of POST /v1/track (`npm run bench:track`).
 *
 * The parent creates a throw-away database on the machine's PostgreSQL, migrates it, creates a
 * project, then forks a child process that serves the real app (createApp + @hono/node-server,
 * AUTH_CACHE_TTL_MS at its default, rate limit out of the way, a lazy Temporal client that track
 * never uses). The parent drives it with autocannon (separate process, so the load generator does
 * not share the server's event loop), prints requests/s, p50, p99 and errors, and drops the database.
 *
 * Env: BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (50), BENCH_POOL_MAX (db pool, default the
 * app's), BENCH_WARMUP (s, 3), BENCH_DB_URL (admin URL, default postgresql://postgres@127.0.0.1:5432/postgres),
 * BENCH_CPU_PROF (a folder: write a V8 CPU profile of the server there), BENCH_SYNC_COMMIT=off
 * (diagnostic: the bench database commits without waiting for the WAL flush), BENCH_DB=embedded (the
 * server runs on `npm start`'s embedded database instead: PGlite files in a temp folder behind the
 * embedded wire server, password and pool size as `npm start` has them; the child owns it),
 * BENCH_SERVER=floor (serve bench/track-floor.ts, the one-statement floor, instead of the app: same
 * database, load and CPU count, PostgreSQL only), BENCH_LOG_LEVEL (the app's LOG_LEVEL: warn; info
 * writes the access log line of every request, as `npm start` does).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { trackRequest } from './track-mix.js';

const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_MAX = process.env.BENCH_POOL_MAX ? Number(process.env.BENCH_POOL_MAX) : undefined;
const EMBEDDED = process.env.BENCH_DB === 'embedded';
const FLOOR = process.env.BENCH_SERVER === 'floor';
const COUNTS_SQL = `select (select count(*) from events where project_id = $1) as events, (select count(*) from contacts where project_id = $1) as contacts`;


async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** CPU time (user + system, every thread) the process has used so far. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** Child process: serve the app on a free loopback port and report it to the parent. */
async function serveChild() {
  const [{ Client, Connection }, { createApi, serveApi }, { loadConfig }, { openOrm }, { buildDeps }, { configureLogging }] = await Promise.all([
    import('@temporalio/client'),
    import('../api/app.js'),
    import('../core/config.js'),
    import('../db/orm.js'),
    import('../core/deps.js'),
    import('../core/log.js'),
  ]);
  const embedded = EMBEDDED ? await startEmbeddedForBench() : undefined;
  const config = loadConfig({ ...process.env, ...(embedded ? { DATABASE_URL: embedded.url } : {}), RATE_LIMIT_PER_MINUTE: '1000000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  configureLogging(config);
  const orm = await openOrm(config.databaseUrl!, { poolMax: POOL_MAX ?? embedded?.poolMax, migrate: !!embedded });
  const benchProject = embedded ? await (await import('../core/projects/keys.js')).createProject(orm.em.fork(), 'bench') : undefined;
  // Lazy: never connects unless something starts a workflow (track does not, with no automations).
  const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
  // As api/main.ts serves it: the /v1/track fast path in front of the app.
  const server = serveApi(createApi({ ...buildDeps(config, orm), temporal }), { port: 0, hostname: '127.0.0.1' });
  server.once('listening', () =>
    process.send!({ port: (server.address() as AddressInfo).port, project: benchProject && { id: benchProject.project.id, publicKey: benchProject.publicKey } }),
  );
  const onMessage = async (m: unknown) => {
    if (m === 'counts') {
      const c = await orm.em.fork().getConnection().execute(COUNTS_SQL.replace(/\$1/g, '?'), [benchProject!.project.id, benchProject!.project.id]);
      process.send!({ counts: c[0] });
    }
    if (m !== 'stop') return;
    server.close();
    await orm.close(true);
    await embedded?.stop();
    process.exit(0);
  };
  process.on('message', (m) => void onMessage(m));
}

/** `npm start`'s database: PGlite files in a temp folder behind the embedded wire server. */
async function startEmbeddedForBench() {
  const [{ mkdtempSync, rmSync }, { tmpdir }, path, { EMBEDDED_POOL_MAX, startEmbeddedPostgres }] = await Promise.all([
    import('node:fs'),
    import('node:os'),
    import('node:path'),
    import('../launcher/embedded-db.js'),
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'mailhub-bench-'));
  const db = await startEmbeddedPostgres(path.join(dir, 'pg'), { password: randomBytes(12).toString('hex') });
  return {
    url: db.url,
    poolMax: EMBEDDED_POOL_MAX,
    async stop() {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  if (!EMBEDDED) await admin(async (c) => {
    await c.query(`create database ${dbName}`);
    // Diagnostic only (not how the service runs): shows how much of the time is commit fsync.
    if (process.env.BENCH_SYNC_COMMIT === 'off') await c.query(`alter database ${dbName} set synchronous_commit = off`);
  });
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  let child: ReturnType<typeof fork> | undefined;
  try {
    let bench: { id: string; publicKey: string } | undefined;
    if (!EMBEDDED) {
      const { openOrm } = await import('../db/orm.js');
      const { createProject } = await import('../core/projects/keys.js');
      const orm = await openOrm(dbUrl.toString(), { migrate: true });
      const created = await createProject(orm.em.fork(), 'bench');
      bench = { id: created.project.id, publicKey: created.publicKey };
      await orm.close(true);
    }

    // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server there.
    const execArgv = ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])];
    child = FLOOR
      ? fork(fileURLToPath(new URL('./track-floor.ts', import.meta.url)), [], {
          execArgv,
          env: { ...process.env, DATABASE_URL: dbUrl.toString(), FLOOR_PROJECT_ID: bench!.id, FLOOR_POOL_MAX: String(POOL_MAX ?? 10) },
        })
      : fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv, env: { ...process.env, ...(EMBEDDED ? {} : { DATABASE_URL: dbUrl.toString() }) } });
    const port = await new Promise<number>((resolve, reject) => {
      child!.once('message', (m: any) => {
        bench ??= m.project;
        resolve(m.port);
      });
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const { publicKey, id: projectId } = bench!;
    const { default: autocannon } = await import('autocannon');
    const url = `http://127.0.0.1:${port}`;
    if (WARMUP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, requests: [trackRequest(publicKey)] });
    const cpuBefore = processCpuMs(child.pid!);
    const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests: [trackRequest(publicKey)] });
    const serverCpuMs = processCpuMs(child.pid!) - cpuBefore;

    const ok = r.statusCodeStats['200']?.count ?? 0;
    const counts: { events: number; contacts: number } = EMBEDDED
      ? await new Promise<any>((resolve) => {
          child!.once('message', (m: any) => resolve(m.counts));
          child!.send('counts');
        })
      : await admin(async () => {
          const c = new pg.Client({ connectionString: dbUrl.toString() });
          await c.connect();
          const q = await c.query(COUNTS_SQL, [projectId]);
          await c.end();
          return q.rows[0];
        });
    const line = (k: string, v: string | number) => console.log(`${k.padEnd(22)} ${v}`);
    console.log(`\nPOST /v1/track${FLOOR ? ' (the one-statement floor, bench/track-floor.ts)' : ''}, ${CONNECTIONS} connections, ${DURATION} s (after ${WARMUP} s warm-up), ${EMBEDDED ? 'embedded database (PGlite)' : 'PostgreSQL'}, db pool ${POOL_MAX ?? (EMBEDDED ? 'npm start\'s (4)' : 'default')}`);
    if (process.env.BENCH_SYNC_COMMIT === 'off') console.log('DIAGNOSTIC RUN: synchronous_commit = off on the bench database');
    line('machine', `${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`);
    line('load average', loadavg().map((l) => l.toFixed(2)).join(' ') + ' (other processes share these cores)');
    line('requests/s (2xx)', (ok / r.duration).toFixed(0));
    line('latency p50 / p99', `${r.latency.p50} ms / ${r.latency.p99} ms (max ${r.latency.max} ms)`);
    line('server CPU', `${((serverCpuMs / 1000 / r.duration) * 100).toFixed(0)}% of one core, ${(serverCpuMs / Math.max(1, r.requests.total)).toFixed(2)} ms per request`);
    line('errors', `${r.errors} connection errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
    line('status codes', JSON.stringify(Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]))));
    line('rows after run', `${counts.events} events, ${counts.contacts} contacts (incl. warm-up)`);
  } finally {
    if (child?.connected) {
      child.send('stop');
      await new Promise((r) => child!.once('exit', r));
    }
    if (!EMBEDDED) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }
}

if (process.argv.includes('--serve')) {
  serveChild().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
