import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, NPM_START_BURST_HOLD_MS, NPM_START_WORKER_NICE } from '../launcher/launch.js';
import { ownerOnlyDir } from '../launcher/private-dir.js';
import { freePort } from '../launcher/temporal-cli.js';
import { json } from './helpers.js';
import { threadNices } from './support/priority.js';

/*
 * The one-command start on its embedded parts: PGlite behind its socket, migrations, API and worker,
 * with the run's Temporal dev server (TEMPORAL_ADDRESS) so no second server has to boot.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mailhub-embedded-'));
  dirs.push(dir);
  return dir;
};

/*
 * PGlite's initdb of an empty folder is the slowest step of a first start (7 s idle, far more on a
 * loaded machine). It runs once here; each test's DATA_DIR starts with a copy of that empty,
 * never-migrated cluster, which the launcher opens exactly like one it initialised itself.
 */
let pristinePg: string;
beforeAll(async () => {
  pristinePg = path.join(tempDir(), 'pg');
  const db = await PGlite.create({ dataDir: pristinePg });
  await db.close();
}, 300_000);
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function launcherEnv(port: string): NodeJS.ProcessEnv {
  const dir = tempDir();
  cpSync(pristinePg, path.join(dir, 'pg'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: port,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `embedded-${randomBytes(6).toString('hex')}`,
    AUTH_CACHE_TTL_MS: '0',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SECRET_KEY', 'PUBLIC_URL']) delete env[name];
  return env;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** The real CLI in a child process, on DATA_DIR only (no DATABASE_URL). */
function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: root, env, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const portOf = (url: string) => Number(new URL(url).port);
const readRuntime = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'runtime.json'), 'utf8'));
/** The launcher's worker process (a child of `launcherPid` running worker/main): its pid and nice value, from /proc. */
function launcherWorker(launcherPid: number): { pid: number; nice: number } {
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
      if (Number(fields[1]) !== launcherPid || !readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('worker/main')) continue;
      return { pid: Number(d), nice: Number(fields[16]) }; // field 19: nice
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no worker process under ${launcherPid}`);
}
/** A variable of process `pid`'s environment (as it started), from /proc. */
const environOf = (pid: number, name: string) =>
  readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((kv) => kv.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** The pid of the Temporal dev server serving gRPC on `port` (its command line names the port). */
function devServerPid(port: number): number {
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const args = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('--port');
      if (args.includes('start-dev') && at >= 0 && Number(args[at + 1]) === port) return Number(d);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no Temporal dev server on port ${port}`);
}

async function call(base: string, key: string, method: string, route: string, body?: unknown) {
  return fetch(base + route, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('embedded start (PGlite + migrations + API + worker)', () => {
  it('keeps data across a stop and a second start on the same DATA_DIR', async () => {
    const env = launcherEnv('0');
    const dir = env.DATA_DIR!;
    const first = await launch({ env, log: () => {} });
    let contactId: string;
    let dbPort: number;
    try {
      expect(first.database).toMatch(/PGlite/);
      expect(first.outboxDir).toBe(path.join(dir, 'outbox'));
      expect(existsSync(first.outboxDir!)).toBe(true);
      expect(first.firstProject?.secretKey).toMatch(/^sk_/);
      const key = first.firstProject!.secretKey;
      dbPort = portOf(readRuntime(dir).databaseUrl);

      expect((await fetch(`${first.apiUrl}/health`)).status).toBe(200);
      const created = await call(first.apiUrl, key, 'POST', '/contacts', { email: 'persist@example.com', data: { plan: 'pro' } });
      expect(created.status).toBe(201);
      contactId = (await json(created)).data.id;
      const got = await json(await call(first.apiUrl, key, 'GET', `/contacts/${contactId}`));
      expect(got.data).toMatchObject({ email: 'persist@example.com', data: { plan: 'pro' } });
    } finally {
      await first.stop();
    }
    expect(await listening(portOf(first.apiUrl))).toBe(false);
    expect(await listening(dbPort)).toBe(false);
    expect(existsSync(path.join(dir, 'runtime.json'))).toBe(false);

    const second = await launch({ env, log: () => {} });
    try {
      expect(second.firstProject).toBeUndefined(); // not an empty database any more
      expect(second.config.secretKey).toBe(first.config.secretKey); // kept in DATA_DIR/secret.key
      const again = await call(second.apiUrl, first.firstProject!.secretKey, 'GET', `/contacts/${contactId}`);
      expect(again.status).toBe(200);
      expect((await json(again)).data).toMatchObject({ id: contactId, email: 'persist@example.com', data: { plan: 'pro' } });
      // The data folder is locked while in use: a second launcher on it refuses to start.
      await expect(launch({ env, log: () => {} })).rejects.toThrow(/in use by process/);

      // The CLI without DATABASE_URL reaches the running service's embedded database (runtime.json).
      const created = await cli(env, 'projects', 'create', '--name', 'From the CLI', '--json');
      expect(created.code, created.stderr).toBe(0);
      const { secretKey } = JSON.parse(created.stdout);
      expect((await call(second.apiUrl, secretKey, 'GET', '/contacts')).status).toBe(200);
    } finally {
      await second.stop();
    }

    // With nothing running, the CLI opens the embedded database itself, and lets go of it after.
    const listed = await cli(env, 'projects', 'list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((p: { name: string }) => p.name).sort()).toEqual(['Default project', 'From the CLI']);
    expect(existsSync(path.join(dir, 'runtime.json'))).toBe(false);
  }, 300_000); // 120 s was not enough under a load average of 25 (ci-busy's stress run)

  it('makes DATA_DIR and DATA_DIR/pg owner-only (0700), also when they existed open to other users', async () => {
    const env = launcherEnv('0');
    const dir = env.DATA_DIR!;
    for (const d of [dir, path.join(dir, 'pg')]) chmodSync(d, 0o755);
    const modeOf = (d: string) => (statSync(d).mode & 0o777).toString(8);
    const started = await launch({ env, log: () => {} });
    try {
      expect([modeOf(dir), modeOf(path.join(dir, 'pg'))]).toEqual(['700', '700']);
    } finally {
      await started.stop();
    }
    // A DATA_DIR that does not exist yet is created owner-only (the embedded database's folder the same way).
    const fresh = path.join(tempDir(), 'new', 'data');
    ownerOnlyDir(path.join(fresh, 'pg'));
    expect([modeOf(path.dirname(fresh)), modeOf(fresh), modeOf(path.join(fresh, 'pg'))]).toEqual(['700', '700', '700']);
  }, 300_000);

  it('`npm start` (launcher/main.ts, no TEMPORAL_ADDRESS): the acceptance run, then Ctrl-C leaves nothing listening', async () => {
    const port = await freePort();
    const env = launcherEnv(String(port));
    delete env.TEMPORAL_ADDRESS; // its own Temporal dev server, as on a newcomer's laptop
    const child = spawn(process.execPath, ['--import', 'tsx', 'launcher/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // The summary ends with the first project's keys.
      const deadline = Date.now() + 150_000;
      while (!/Public key\s+pk_/.test(out)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`launcher did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const apiUrl = /API\s+(http:\S+)/.exec(out)![1];
      const secretKey = /Secret key\s+(sk_\S+)/.exec(out)![1];
      const publicKey = /Public key\s+(pk_\S+)/.exec(out)![1];
      const temporalPort = Number(/Temporal\s+\S+:(\d+) \(temporal CLI dev server/.exec(out)![1]);
      const uiPort = portOf(/Temporal UI\s+(http:\S+)/.exec(out)![1]);
      expect(portOf(apiUrl)).toBe(port);
      expect(out).toMatch(/\/docs/);
      expect(out).toMatch(/\/openapi\.json/);
      expect(out).toContain(path.join(env.DATA_DIR!, 'outbox'));
      expect(await listening(temporalPort)).toBe(true);
      expect(await listening(uiPort)).toBe(true);
      const dbPort = portOf(readRuntime(env.DATA_DIR!).databaseUrl);
      expect((await fetch(`${apiUrl}/health`)).status).toBe(200);
      // The worker runs below the API's CPU priority (WORKER_NICE unset: NPM_START_WORKER_NICE).
      const worker = launcherWorker(child.pid!);
      expect(worker.nice).toBe(NPM_START_WORKER_NICE);
      // And holds no burst (AUTOMATION_BURST_HOLD_MS unset: NPM_START_BURST_HOLD_MS).
      expect(environOf(worker.pid, 'AUTOMATION_BURST_HOLD_MS')).toBe(String(NPM_START_BURST_HOLD_MS));
      // So does the Temporal dev server it started, every thread of it.
      expect(new Set(threadNices(devServerPid(temporalPort)))).toEqual(new Set([NPM_START_WORKER_NICE]));

      // Issue acceptance: the same email twice is new, then an update.
      const first = await call(apiUrl, secretKey, 'POST', '/contacts', { email: 'Spawned@Example.com' });
      expect(first.status).toBe(201);
      expect((await json(first)).data._meta).toEqual({ isNew: true, isUpdate: false });
      const second = await call(apiUrl, secretKey, 'POST', '/contacts', { email: 'spawned@example.com ' });
      expect(second.status).toBe(200);
      expect((await json(second)).data._meta).toEqual({ isNew: false, isUpdate: true });
      for (const email of ['b@example.com', 'c@example.com']) expect((await call(apiUrl, secretKey, 'POST', '/contacts', { email })).status).toBe(201);
      // limit=1 pages through all of them with the cursor until hasMore is false.
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page++) {
        const res: any = await json(await call(apiUrl, secretKey, 'GET', `/contacts?limit=1${cursor ? `&cursor=${cursor}` : ''}`));
        seen.push(...res.data.contacts.map((c: { email: string }) => c.email));
        cursor = res.data.cursor;
        if (!res.data.hasMore) break;
      }
      expect(seen.sort()).toEqual(['b@example.com', 'c@example.com', 'spawned@example.com']);
      // The public key on GET /contacts is 403, no key is 401, limit=0 is 422 naming `limit`.
      expect((await call(apiUrl, publicKey, 'GET', '/contacts')).status).toBe(403);
      expect((await fetch(`${apiUrl}/contacts`)).status).toBe(401);
      const zero = await call(apiUrl, secretKey, 'GET', '/contacts?limit=0');
      expect(zero.status).toBe(422);
      expect((await json(zero)).error.errors).toEqual([expect.objectContaining({ field: 'limit' })]);
      // The consent rules' statement on PGlite: a public key cannot re-subscribe an opt-out made with the secret key.
      await call(apiUrl, secretKey, 'POST', '/v1/track', { email: 'pg-optout@example.com', event: 'x', subscribed: false, data: { plan: 'pro' } });
      expect((await call(apiUrl, publicKey, 'POST', '/v1/track', { email: 'pg-optout@example.com', event: 'x', subscribed: true, data: { plan: 'free' } })).status).toBe(200);
      const optedOut: any = await json(await call(apiUrl, secretKey, 'GET', '/contacts?search=pg-optout'));
      expect(optedOut.data.contacts).toMatchObject([{ subscribed: false, data: { plan: 'pro' } }]);

      child.kill('SIGINT');
      expect(await exited).toBe(0);
      // Ctrl-C stopped the API, the embedded database and the Temporal dev server (and its UI).
      for (const p of [port, dbPort, temporalPort, uiPort]) expect(await listening(p), `port ${p}`).toBe(false);
      expect(existsSync(path.join(env.DATA_DIR!, 'runtime.json'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 300_000);
});
