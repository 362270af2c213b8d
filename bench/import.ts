/*
 * Bulk contact import and export, against a bare COPY of the same rows, in one run:
 *
 *   npx tsx bench/import.ts [rows=1000000]
 *
 * Starts a throw-away database on the machine's PostgreSQL (BENCH_DB_URL, an admin URL), a headless
 * Temporal dev server, and the production entrypoints as separate processes (`start:api`,
 * `start:worker`, both under tsx). Writes a CSV of `rows` contacts (email + three data columns,
 * ~100 bytes a row), then:
 *  1. COPY: the same rows (already in COPY text form, ids and JSON built beforehand) loaded by the
 *     server from a file into `bench_copy`, a table created `like contacts including all` (same
 *     columns, unique key, GIN index on data);
 *  2. import: `POST /contacts/imports` of the CSV over HTTP (streamed from disk) until the import is
 *     COMPLETED, sampling the API process's RSS (VmRSS) every 100 ms during the upload;
 *  3. export: `GET /contacts/export` as CSV and as NDJSON, rows/s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, statSync, unlinkSync, chmodSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createProject } from '../core/projects/keys.js';
import { newId } from '../db/ids.js';
import { openOrm } from '../db/orm.js';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';
import { ADMIN_URL, BENCH_SECRET } from './stack.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
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
  chmodSync(copyPath, 0o644);
  return { csvPath, copyPath };
}

function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number, everyMs = 200): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function main() {
  const bin = findTemporalCli();
  if (!bin) throw new Error('temporal CLI not found: run .ci/run once (it installs it)');
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const dir = path.join(tmpdir(), dbName);
  const temporal = await startTemporalDevServer({ bin, headless: true });
  const children: ChildProcess[] = [];
  const orm = await openOrm(dbUrl, { migrate: true });
  try {
    const { project, secretKey } = await createProject(orm.em.fork(), 'bench');
    await import('node:fs').then((fs) => fs.mkdirSync(dir, { recursive: true }));
    console.log(`writing ${ROWS} rows...`);
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
    };
    const api = startProcess('api/main.ts', env);
    const worker = startProcess('worker/main.ts', env);
    children.push(api, worker);
    const base = `http://127.0.0.1:${port}`;
    await waitFor('API health', async () => ((await fetch(`${base}/health`)).ok ? true : undefined), 600_000);

    // 1. The bare COPY.
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query('create table bench_copy (like contacts including all)');
    let t = performance.now();
    await c.query(`copy bench_copy (id, project_id, email, subscribed, data, created_at, updated_at) from '${copyPath}'`);
    const copyMs = performance.now() - t;
    await c.query('drop table bench_copy');
    console.log(`COPY: ${(copyMs / 1000).toFixed(1)} s`);

    // 2. The import, over HTTP.
    const rssBefore = rssMb(api.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(api.pid!))), 100);
    t = performance.now();
    const accepted = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/contacts/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'text/csv', 'content-length': String(csvBytes) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      createReadStream(csvPath).pipe(req);
    });
    const uploadMs = performance.now() - t;
    clearInterval(sampler);
    if (accepted.status !== 202) throw new Error(`import refused: ${accepted.status} ${accepted.body}`);
    const importId = JSON.parse(accepted.body).data.id;
    const done = await waitFor(
      'import COMPLETED',
      async () => {
        const r = (await (await fetch(`${base}/contacts/imports/${importId}`, { headers: { authorization: `Bearer ${secretKey}` } })).json()) as { data: { status: string; rowsRead: number; created: number; invalid: number } };
        if (r.data.status === 'RUNNING' || r.data.status === 'QUEUED') return undefined;
        return r.data;
      },
      3_600_000,
      100,
    );
    const importMs = performance.now() - t;
    console.log(`import: ${(importMs / 1000).toFixed(1)} s (upload ${(uploadMs / 1000).toFixed(1)} s), ${JSON.stringify({ status: done.status, rowsRead: done.rowsRead, created: done.created, invalid: done.invalid })}`);

    // 3. Exports.
    const exportRate = async (accept: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/contacts/export`, { headers: { authorization: `Bearer ${secretKey}`, accept } });
      let lines = 0;
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const b of chunk) if (b === 10) lines++;
      }
      const ms = performance.now() - t0;
      return { rows: accept === 'text/csv' ? lines - 1 : lines, mb: +(bytes / 1048576).toFixed(1), seconds: +(ms / 1000).toFixed(1), rowsPerSecond: Math.round((accept === 'text/csv' ? lines - 1 : lines) / (ms / 1000)) };
    };
    const csvExport = await exportRate('text/csv');
    const ndjsonExport = await exportRate('application/x-ndjson');

    const result = {
      rows: ROWS,
      csvMb: +(csvBytes / 1048576).toFixed(1),
      copySeconds: +(copyMs / 1000).toFixed(1),
      importSeconds: +(importMs / 1000).toFixed(1),
      uploadSeconds: +(uploadMs / 1000).toFixed(1),
      importOverCopy: +(importMs / copyMs).toFixed(2),
      apiRssBeforeMb: Math.round(rssBefore),
      apiRssPeakDuringUploadMb: Math.round(rssPeak),
      apiRssGrowthMb: Math.round(rssPeak - rssBefore),
      csvExport,
      ndjsonExport,
    };
    console.log(JSON.stringify(result, null, 2));
    await c.end();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))));
    await orm.close(true);
    await temporal.stop();
    await admin(`drop database if exists ${dbName} with (force)`);
    for (const f of ['contacts.csv', 'contacts.copy']) {
      try {
        unlinkSync(path.join(dir, f));
      } catch {
        /* already gone */
      }
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
