/*
 * Bulk contact import and export, against a bare COPY of the same rows, in one run:
 *
 *   npx tsx bench/import.ts [rows=1000000]
 *
 * Env: BENCH_ROWS (instead of the argument), BENCH_SOURCE=ts (run the API and worker from the
 * sources under tsx instead of `npm run build`'s dist/, which is what `npm start` and the
 * Dockerfile run), BENCH_TIMEOUT_S (whole run, default 1800: past it everything is stopped and the
 * bench fails), BENCH_DB_URL (an admin URL of the PostgreSQL to create the throw-away database on).
 *
 * Starts a throw-away database, a headless Temporal dev server, and the API and worker as separate
 * processes (`node dist/api/main.js`, `node dist/worker/main.js`, with the node flags `npm start`'s
 * launcher gives them: launcher/child.ts NODE_FLAGS). Writes a CSV of `rows` contacts (email + three data columns, dotted
 * `company.name`, ~110 bytes a row), then:
 *  1. COPY: the same rows (already in COPY text form, ids and JSON built beforehand) loaded by the
 *     server from a file into `bench_copy`, a table created `like contacts including all` (same
 *     columns, unique key, GIN index on data): the floor;
 *  2. import: `POST /contacts/imports` of the CSV over HTTP (streamed from disk), then polling until
 *     COMPLETED; the API process's RSS (VmRSS) sampled every 100 ms during the upload, and its
 *     process.memoryUsage() (bench/memory-sampler.cjs, preloaded): what of the RSS grew, V8's heap or Buffers;
 *  3. export: `GET /contacts/export` as CSV and as NDJSON of the same contacts, rows/s.
 * Progress goes to stderr; the result (JSON, with the load average) to stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { NODE_FLAGS } from '../launcher/child.js';
import { randomBytes } from 'node:crypto';
import { chmodSync, createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildDist } from '../launcher/build.js';
import { createProject } from '../core/projects/keys.js';
import { newId } from '../db/ids.js';
import { openOrm } from '../db/orm.js';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';
import { ADMIN_URL, BENCH_SECRET } from './stack.js';

const ROWS = Number(process.env.BENCH_ROWS ?? process.argv[2] ?? 1_000_000);
const FROM_SOURCES = process.env.BENCH_SOURCE === 'ts';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 1800) * 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const started = performance.now();
const progress = (msg: string) => process.stderr.write(`[import bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${msg}\n`);
const load = () => loadavg().map((l) => +l.toFixed(1));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 30_000 });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const rssMb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

const pad = (i: number) => String(i).padStart(7, '0');
const row = (i: number) => ({
  email: `user${pad(i)}@example-company-domain.com`,
  firstName: `Firstname${pad(i)}`,
  company: `Company Name ${pad(i)} Incorporated`,
  plan: `plan-professional-${i % 3 === 0 ? 'annual' : 'monthly'}`,
});

async function writeFiles(dir: string, projectId: string) {
  const csvPath = path.join(dir, 'contacts.csv');
  const copyPath = path.join(dir, 'contacts.copy');
  const csv = createWriteStream(csvPath);
  const copy = createWriteStream(copyPath);
  const write = (s: NodeJS.WritableStream, text: string) => (s.write(text) ? Promise.resolve() : new Promise<void>((r) => s.once('drain', () => r())));
  await write(csv, 'email,firstName,company.name,plan\n');
  const now = new Date().toISOString();
  for (let i = 0; i < ROWS; i += 10_000) {
    let a = '';
    let b = '';
    for (let j = i; j < Math.min(ROWS, i + 10_000); j++) {
      const r = row(j);
      a += `${r.email},${r.firstName},${r.company},${r.plan}\n`;
      const data = JSON.stringify({ firstName: r.firstName, company: { name: r.company }, plan: r.plan });
      b += `${newId()}\t${projectId}\t${r.email}\tt\t${data.replace(/\\/g, '\\\\')}\t${now}\t${now}\n`;
    }
    await write(csv, a);
    await write(copy, b);
  }
  await Promise.all([new Promise((r) => csv.end(r)), new Promise((r) => copy.end(r))]);
  chmodSync(dir, 0o755); // the PostgreSQL server reads the COPY file
  chmodSync(copyPath, 0o644);
  return { csvPath, copyPath };
}

function startProcess(name: string, main: string, env: NodeJS.ProcessEnv, preload: string[] = []): ChildProcess {
  // Built: the node flags `npm start` gives each part (launcher/child.ts), so the processes are npm start's.
  const args = main.endsWith('.ts') ? [...preload, '--import', 'tsx', main] : [...(NODE_FLAGS[`${name}/main`] ?? []), ...preload, main];
  const child = spawn(process.execPath, args, { env, cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  child.once('exit', (code, signal) => {
    if (!stopping) progress(`${name} exited (${code ?? signal})`);
  });
  return child;
}
let stopping = false;

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number, everyMs = 200): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Lines (LF) in a response body, counted as it streams; the body must end within `timeoutMs`. */
async function countLines(url: string, headers: Record<string, string>, timeoutMs: number, label: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  let lastReport = performance.now();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    if (performance.now() - lastReport > 5000) {
      progress(`${label}: ${lines} lines`);
      lastReport = performance.now();
    }
  }
  return { lines, bytes, ms: performance.now() - t0 };
}

/** The API's process.memoryUsage() (MB) at the upload's start and at its highest RSS during the upload. */
function memoryDuringUpload(file: string, uploadStartedAt: number) {
  const samples = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { at: number; rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; spaces: Record<string, number> });
  const during = samples.filter((s) => s.at >= uploadStartedAt);
  const strip = ({ at: _at, ...m }: (typeof samples)[number]) => m;
  const start = samples.filter((s) => s.at < uploadStartedAt).at(-1) ?? during[0];
  return { atStart: strip(start), atPeakRss: strip(during.reduce((a, b) => (b.rss > a.rss ? b : a), start)) };
}

async function main() {
  const bin = findTemporalCli();
  if (!bin) throw new Error('temporal CLI not found: run .ci/run once (it installs it)');
  const loadAtStart = load();
  if (!FROM_SOURCES) {
    progress('building dist/ (npm run build)...');
    await buildDist();
  }
  const apiMain = FROM_SOURCES ? 'api/main.ts' : 'dist/api/main.js';
  const workerMain = FROM_SOURCES ? 'worker/main.ts' : 'dist/worker/main.js';
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const dir = path.join(tmpdir(), dbName);
  const children: ChildProcess[] = [];
  let temporal: Awaited<ReturnType<typeof startTemporalDevServer>> | undefined;
  let orm: Awaited<ReturnType<typeof openOrm>> | undefined;
  const stopAll = async () => {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((r) => {
            if (child.exitCode !== null || child.signalCode !== null) return r(null);
            const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(hard);
              r(null);
            });
          }),
      ),
    );
    await orm?.close(true).catch(() => {});
    await temporal?.stop().catch(() => {});
    await admin(`drop database if exists ${dbName} with (force)`).catch((e) => progress(`could not drop ${dbName}: ${(e as Error).message}`));
    rmSync(dir, { recursive: true, force: true });
  };
  // Never hangs: past the deadline everything started here is stopped and the run fails.
  const watchdog = setTimeout(() => {
    progress(`timed out after ${TIMEOUT_MS / 1000} s (BENCH_TIMEOUT_S): stopping`);
    void stopAll().finally(() => process.exit(2));
  }, TIMEOUT_MS);
  watchdog.unref();
  try {
    temporal = await startTemporalDevServer({ bin, headless: true });
    orm = await openOrm(dbUrl, { migrate: true });
    const { project, secretKey } = await createProject(orm.em.fork(), 'bench');
    mkdirSync(dir, { recursive: true });
    progress(`writing ${ROWS} rows (CSV and COPY files)...`);
    const { csvPath, copyPath } = await writeFiles(dir, project.id);
    const csvBytes = statSync(csvPath).size;

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: dbUrl,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: `bench-${randomBytes(4).toString('hex')}`,
      SECRET_KEY: BENCH_SECRET,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    progress(`starting ${apiMain} and ${workerMain}...`);
    const memorySamples = path.join(dir, 'api-memory.jsonl');
    const api = startProcess('api', apiMain, { ...env, MEMORY_SAMPLES_FILE: memorySamples }, ['--require', path.join(root, 'bench/memory-sampler.cjs')]);
    const worker = startProcess('worker', workerMain, env);
    children.push(api, worker);
    const base = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${secretKey}` };
    await waitFor('API health', async () => ((await fetch(`${base}/health`, { signal: AbortSignal.timeout(5000) })).ok ? true : undefined), 300_000);

    // 1. The bare COPY.
    progress('COPY floor...');
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query('create table bench_copy (like contacts including all)');
    let t = performance.now();
    await c.query(`copy bench_copy (id, project_id, email, subscribed, data, created_at, updated_at) from '${copyPath}'`);
    const copyMs = performance.now() - t;
    await c.query('drop table bench_copy');
    await c.query('checkpoint');
    progress(`COPY: ${(copyMs / 1000).toFixed(1)} s`);

    // 2. The import, over HTTP.
    progress(`import: uploading ${(csvBytes / 1048576).toFixed(1)} MB...`);
    const rssBefore = rssMb(api.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(api.pid!) || 0)), 100);
    t = performance.now();
    const accepted = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/contacts/imports`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv', 'content-length': String(csvBytes) },
        timeout: 600_000,
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('timeout', () => req.destroy(new Error('upload: no progress for 600 s')));
      req.on('error', reject);
      createReadStream(csvPath).pipe(req);
    }).finally(() => clearInterval(sampler));
    const uploadMs = performance.now() - t;
    const apiMemory = memoryDuringUpload(memorySamples, Date.now() - uploadMs);
    if (accepted.status !== 202) throw new Error(`import refused: ${accepted.status} ${accepted.body}`);
    const importId = JSON.parse(accepted.body).data.id;
    progress(`upload: ${(uploadMs / 1000).toFixed(1)} s; processing...`);
    let lastReport = performance.now();
    const done = await waitFor(
      'import COMPLETED',
      async () => {
        const res = await fetch(`${base}/contacts/imports/${importId}`, { headers: auth, signal: AbortSignal.timeout(30_000) });
        const r = (await res.json()) as { data: { status: string; rowsRead: number; created: number; updated: number; invalid: number } };
        if (performance.now() - lastReport > 5000) {
          progress(`import: ${r.data.status}, ${r.data.rowsRead} rows read`);
          lastReport = performance.now();
        }
        if (r.data.status === 'RUNNING' || r.data.status === 'QUEUED') return undefined;
        return r.data;
      },
      TIMEOUT_MS,
      100,
    );
    const importMs = performance.now() - t;
    const counts = { status: done.status, rowsRead: done.rowsRead, created: done.created, updated: done.updated, invalid: done.invalid };
    progress(`import: ${(importMs / 1000).toFixed(1)} s ${JSON.stringify(counts)}`);
    if (done.status !== 'COMPLETED' || done.created !== ROWS) throw new Error(`import did not create every row: ${JSON.stringify(counts)}`);
    const loadAfterImport = load();

    // 3. Exports.
    const exportRate = async (accept: string) => {
      progress(`export ${accept}...`);
      const { lines, bytes, ms } = await countLines(`${base}/contacts/export`, { ...auth, accept }, TIMEOUT_MS, `export ${accept}`);
      const rows = accept === 'text/csv' ? lines - 1 : lines;
      if (rows !== ROWS) throw new Error(`export ${accept}: ${rows} rows, expected ${ROWS}`);
      return { rows, mb: +(bytes / 1048576).toFixed(1), seconds: +(ms / 1000).toFixed(2), rowsPerSecond: Math.round(rows / (ms / 1000)) };
    };
    const csvExport = await exportRate('text/csv');
    const ndjsonExport = await exportRate('application/x-ndjson');
    await c.end();

    const result = {
      rows: ROWS,
      processes: FROM_SOURCES ? 'api/main.ts + worker/main.ts under tsx' : 'dist/api/main.js + dist/worker/main.js (npm run build)',
      csvMb: +(csvBytes / 1048576).toFixed(1),
      copySeconds: +(copyMs / 1000).toFixed(2),
      importSeconds: +(importMs / 1000).toFixed(2),
      uploadSeconds: +(uploadMs / 1000).toFixed(2),
      processingSeconds: +((importMs - uploadMs) / 1000).toFixed(2),
      importOverCopy: +(importMs / copyMs).toFixed(2),
      apiRssBeforeMb: Math.round(rssBefore),
      apiRssPeakDuringUploadMb: Math.round(rssPeak),
      apiRssGrowthMb: Math.round(rssPeak - rssBefore),
      apiMemoryMb: apiMemory,
      csvExport,
      ndjsonExport,
      loadAverage: { atStart: loadAtStart, afterImport: loadAfterImport, atEnd: load() },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    clearTimeout(watchdog);
    await stopAll();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
