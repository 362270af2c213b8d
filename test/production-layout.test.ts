import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import net from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationEngine } from '../core/automations/engine.js';
import { ALL_SEARCH_ATTRIBUTES, AUTOMATION_ATTRIBUTES, isUnregisteredSearchAttributeError } from '../core/search-attributes.js';
import { findTemporalCli, freePort, startTemporalDevServer, type DevServer } from '../launcher/temporal-cli.js';
import { createTestDatabase } from './helpers.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { AUTOMATION_WORKFLOW } from '../core/automations/automation-workflow.js';

/*
 * Issue 23: what production runs and what a newcomer runs, end to end.
 * - `npm run build`, then the built API and worker as two processes (`node dist/...`, no tsx)
 *   against a fresh PostgreSQL database and a fresh Temporal dev server started WITHOUT the
 *   service's search attributes: /v1/send, a campaign and an automation all deliver to a real SMTP
 *   server (the worker registers the attributes; a start the cluster refuses falls back).
 * - `npm start` in its own process group, stopped the way a terminal's Ctrl-C stops it: SIGINT to
 *   the whole group (npm, the launcher); exit 0, runtime.json gone, nothing listening.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};

const listening = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

async function eventually<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every process under `pid`, with its command line (Linux /proc). */
function descendantProcs(pid: number): { pid: number; args: string }[] {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(d), ppid, args: readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ') }];
      } catch {
        return [];
      }
    });
  const out: { pid: number; args: string }[] = [];
  const walk = (p: number) => {
    for (const c of procs.filter((x) => x.ppid === p)) {
      out.push({ pid: c.pid, args: c.args });
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

/** The pid among `pids` holding a socket that listens on TCP `port` (Linux /proc/net/tcp*). */
function listenerOf(port: number, pids: number[]): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local address "IP:PORT" in hex, state 0A = LISTEN, inode in column 10
      if (cols.length > 9 && parseInt(cols[1].split(':')[1], 16) === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/** The command lines of every process under `pid`. */
const descendants = (pid: number): string[] => descendantProcs(pid).map((p) => p.args);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return existsSync(`/proc/${pid}`) && !/^\S+ \S+ Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/\(.*\)/, 'x'));
  } catch {
    return false;
  }
};

/** A child whose output is kept (for the failure message) and which is killed at the end of the file. */
const children: ChildProcess[] = [];
/** Children started as the leaders of their own process group. */
const groups = new Set<ChildProcess>();
function spawnLogged(cmd: string, args: string[], env: NodeJS.ProcessEnv, opts: { detached?: boolean } = {}) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: opts.detached });
  children.push(child);
  if (opts.detached) groups.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, log: () => out };
}

beforeAll(async () => {
  // What the Dockerfile runs; also what `npm start` finds up to date afterwards (dist/.source-hash).
  await run('npm', ['run', 'build'], { cwd: root, timeout: 240_000 });
}, 300_000);

afterAll(async () => {
  // A failed test may leave a tree running: ask it to stop (a group: its whole group), then insist.
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const signal = (c: ChildProcess, s: NodeJS.Signals) => {
    try {
      process.kill(groups.has(c) ? -c.pid! : c.pid!, s);
    } catch {
      /* gone */
    }
  };
  for (const c of alive) signal(c, 'SIGINT');
  await Promise.all(alive.map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : (c.once('exit', r), setTimeout(r, 20_000))))));
  for (const c of alive) signal(c, 'SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

describe('the production layout: built API and worker processes, PostgreSQL, a Temporal cluster without the search attributes', () => {
  let temporal: DevServer;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: TestSmtpServer;
  let env: NodeJS.ProcessEnv;
  let apiUrl: string;
  let connection: Connection;
  let client: Client;

  beforeAll(async () => {
    temporal = await startTemporalDevServer({ bin: findTemporalCli()!, headless: true, searchAttributes: false });
    connection = await Connection.connect({ address: temporal.address });
    client = new Client({ connection });
    db = await createTestDatabase();
    smtp = await TestSmtpServer.start();
    const port = await freePort();
    env = {
      PATH: process.env.PATH,
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: `prod-${randomBytes(4).toString('hex')}`,
      SMTP_URL: smtp.url,
      SECRET_KEY: randomBytes(32).toString('base64'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir('mh-prod-'),
      LOG_LEVEL: 'warn',
      TEMPORAL_LOG_LEVEL: 'ERROR',
    };
    apiUrl = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    await connection?.close();
    await temporal?.stop();
    await smtp?.close();
    await db?.drop();
  });

  it('a start the cluster refuses for a missing search attribute is recognised from the error\'s cause, and the automation starts without them', async () => {
    // The attributes are not registered yet (no worker has run): the refusal as the client reports it.
    const refused = await client.workflow
      .start(AUTOMATION_WORKFLOW, {
        taskQueue: 'nobody-polls',
        workflowId: `refused-${randomBytes(4).toString('hex')}`,
        args: [{}],
        typedSearchAttributes: [{ key: AUTOMATION_ATTRIBUTES.contactEmail, value: 'ada@example.com' }],
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).not.toMatch(/search attribute/i); // the words are on the cause, not here
    expect(isUnregisteredSearchAttributeError(refused)).toBe(true);
    expect(isUnregisteredSearchAttributeError(new Error('search attribute mentioned, but not a gRPC refusal'))).toBe(false);

    const engine = createAutomationEngine(client, 'nobody-polls');
    const temporalId = `automation-fallback-${randomBytes(4).toString('hex')}`;
    await engine.start({ executionId: randomBytes(8).toString('hex'), temporalId, projectId: 'p', workflowId: 'w', contactId: 'c', contactEmail: 'ada@example.com', seq: 1 });
    const described = await client.workflow.getHandle(temporalId).describe();
    expect(described.status.name).toBe('RUNNING');
    expect(described.typedSearchAttributes.get(AUTOMATION_ATTRIBUTES.contactEmail)).toBeUndefined();
    await client.workflow.getHandle(temporalId).terminate('test done');
  });

  it('/v1/send, a campaign and an automation all deliver; the worker registered every search attribute on the fresh cluster', async () => {
    const cli = async (...args: string[]) => JSON.parse((await run(process.execPath, ['dist/cli/main.js', ...args, '--json'], { cwd: root, env })).stdout);
    const project = await cli('projects', 'create', '--name', 'Production layout');
    await cli('domains', 'trust', 'prod.example', '--project', project.projectId);

    const worker = spawnLogged(process.execPath, ['dist/worker/main.js'], env);
    const api = spawnLogged(process.execPath, ['dist/api/main.js'], env);
    try {
      await eventually('the API to be healthy', async () => (await fetch(`${apiUrl}/health`)).status === 200, 90_000);
      const call = async (method: string, route: string, body?: unknown) => {
        const res = await fetch(apiUrl + route, {
          method,
          headers: { authorization: `Bearer ${project.secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const out = (await res.json()) as any;
        if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(out)}\nworker: ${worker.log()}\napi: ${api.log()}`);
        return out.data;
      };
      const mailTo = (to: string, subject: string) =>
        eventually(`mail "${subject}" to ${to} (worker: ${worker.log()})`, async () => smtp.messages.find((m) => m.recipients.includes(to) && m.raw.toString().includes(subject)), 90_000);

      // The worker registers what the fresh cluster lacks before it polls.
      const names = ALL_SEARCH_ATTRIBUTES.map((k) => k.name);
      const registered = await eventually('the search attributes', async () => {
        const have = await connection.operatorService.listSearchAttributes({ namespace: 'default' });
        return names.every((n) => n in (have.customAttributes ?? {})) && have;
      });
      expect(Object.keys(registered.customAttributes ?? {})).toEqual(expect.arrayContaining(names));

      await call('POST', '/v1/send', { to: 'send@recipients.test', from: 'hello@prod.example', subject: 'Transactional one', body: '<p>Hi</p>' });
      await mailTo('send@recipients.test', 'Transactional one');

      for (const email of ['c1@recipients.test', 'c2@recipients.test']) await call('POST', '/contacts', { email, subscribed: true });
      const campaign = await call('POST', '/campaigns', { name: 'Launch', subject: 'Campaign one', body: '<p>News</p>', from: 'news@prod.example', audienceType: 'ALL' });
      await call('POST', `/campaigns/${campaign.id}/send`);
      await mailTo('c1@recipients.test', 'Campaign one');
      await mailTo('c2@recipients.test', 'Campaign one');
      await eventually('the campaign to be SENT', async () => (await call('GET', `/campaigns/${campaign.id}`)).status === 'SENT');

      const template = await call('POST', '/templates', { name: 'Welcome', subject: 'Automation one', body: '<p>Welcome</p>', type: 'TRANSACTIONAL', from: 'hello@prod.example' });
      const wf = await call('POST', '/workflows', {
        name: 'Welcome',
        enabled: true,
        trigger: { type: 'EVENT', eventName: 'signup' },
        steps: [{ id: 'welcome', type: 'SEND_EMAIL', templateId: template.id }],
      });
      // The event, recorded by the API, becomes an execution through the worker's dispatcher.
      await call('POST', '/v1/track', { email: 'auto@recipients.test', event: 'signup' });
      await mailTo('auto@recipients.test', 'Automation one');
      const done = await eventually('the execution to complete', async () => {
        const [e] = (await call('GET', `/workflows/${wf.id}/executions`)).items as { status: string; temporalWorkflowId: string }[];
        return e?.status === 'COMPLETED' && e;
      });
      // Registered by the worker, so the execution carries them: findable by person. The record says
      // COMPLETED first (an activity writes it); the workflow's next task upserts the attribute.
      const described = await eventually('the execution\'s status attribute to say COMPLETED', async () => {
        const d = await client.workflow.getHandle(done.temporalWorkflowId).describe();
        return d.typedSearchAttributes.get(AUTOMATION_ATTRIBUTES.status) === 'COMPLETED' && d;
      });
      expect(described.typedSearchAttributes.get(AUTOMATION_ATTRIBUTES.contactEmail)).toBe('auto@recipients.test');

      // Both stop cleanly on SIGTERM (what `docker stop` sends).
      api.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      expect(await worker.exited).toBe(0);
    } finally {
      for (const c of [api.child, worker.child]) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }
  }, 300_000);
});

/**
 * `npm start` on an empty DATA_DIR (embedded defaults) in its own process group, as a terminal runs
 * a foreground job; resolves once /health answers 200, with the ports runtime.json names.
 */
async function startNpm(prefix: string) {
  const dataDir = tempDir(prefix);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SECRET_KEY', 'TEMPORAL_ADDRESS', 'PUBLIC_URL', 'HOST', 'LOG_FORMAT']) delete env[name];
  // Its own process group, as a terminal gives a foreground job: -pid reaches npm and everything in its group.
  const npm = spawnLogged('npm', ['start'], env, { detached: true });
  const runtimeFile = path.join(dataDir, 'runtime.json');
  const runtime = await eventually(
    `npm start to be healthy:\n${npm.log()}`,
    async () => {
      if (npm.child.exitCode !== null) throw new Error(`npm start exited (${npm.child.exitCode}):\n${npm.log()}`);
      if (!existsSync(runtimeFile)) return undefined;
      const info = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { apiUrl?: string; databaseUrl?: string; temporalAddress?: string; temporalUiUrl?: string };
      return info.apiUrl !== undefined && (await fetch(`${info.apiUrl}/health`)).status === 200 && info;
    },
    240_000,
  ).catch((e: Error) => {
    throw new Error(`${e.message}\n${npm.log()}`);
  });
  const ports = [
    Number(new URL(runtime.apiUrl!).port),
    Number(new URL(runtime.databaseUrl!).port),
    Number(runtime.temporalAddress!.split(':').pop()),
    Number(new URL(runtime.temporalUiUrl!).port),
  ];
  return { npm, runtimeFile, ports, dataDir };
}

describe('`npm start` and a Ctrl-C from a terminal', () => {
  it('SIGINT to the whole process group (npm, launcher) stops everything: exit 0, runtime.json removed, nothing listening; meanwhile the API is a thread of the launcher, the worker a process, Temporal state in WAL mode', async () => {
    const { npm, runtimeFile, ports, dataDir } = await startNpm('mh-ctrlc-');
    expect(npm.log()).toMatch(/Mailhub is running/);
    // Built JavaScript, not tsx: no process of the tree loads the TypeScript loader; the worker is a
    // process of its own, the API a thread of the launcher (the launcher holds the API's socket).
    const procs = descendantProcs(npm.child.pid!);
    const tree = procs.map((p) => p.args);
    expect(tree.filter((args) => /tsx/.test(args))).toEqual([]);
    expect(tree.filter((args) => /dist\/api\//.test(args))).toEqual([]);
    expect(tree.filter((args) => /dist\/worker\/main\.js/.test(args))).toHaveLength(1);
    const launcher = procs.find((p) => /launcher\/start\.mjs/.test(p.args))!;
    expect(listenerOf(ports[0], procs.map((p) => p.pid)), 'the process listening on the API port').toBe(launcher.pid);
    for (const port of ports) expect(await listening(port), `port ${port} while running`).toBe(true);
    // The Temporal dev server keeps its state file in WAL mode (launcher/temporal-cli.ts: its
    // default, an fsync per transaction, bounded automation starts): the write-ahead log exists.
    expect(existsSync(path.join(dataDir, 'temporal.db-wal')), 'DATA_DIR/temporal.db-wal while running').toBe(true);

    process.kill(-npm.child.pid!, 'SIGINT');
    const code = await Promise.race([npm.exited, new Promise((r) => setTimeout(() => r('still running after 60 s'), 60_000))]);
    expect(code, npm.log()).toBe(0);
    expect(npm.log()).not.toMatch(/exiting without waiting/);
    expect(existsSync(runtimeFile)).toBe(false);
    for (const port of ports) expect(await listening(port), `port ${port} after Ctrl-C`).toBe(false);
  }, 300_000);

  it('a launcher killed with SIGKILL (it stops nothing itself) leaves nothing running: the Temporal dev server, the API and the worker end, every port closes within 60 s', async () => {
    const { npm, ports } = await startNpm('mh-sigkill-');
    const tree = descendantProcs(npm.child.pid!);
    const launcher = tree.find((p) => /launcher\/start\.mjs/.test(p.args));
    // The dev server by its arguments, not the binary's name: TEMPORAL_CLI may name a renamed link to it.
    const parts = tree.filter((p) => /dist\/worker\/main\.js| server start-dev /.test(p.args));
    expect(launcher, tree.map((p) => p.args).join('\n')).toBeDefined();
    expect(parts).toHaveLength(2); // the API is a thread of the launcher: it goes with it
    try {
      process.kill(launcher!.pid, 'SIGKILL');
      const closed = await eventually(
        'every port to close and every part to exit',
        async () => {
          for (const port of ports) if (await listening(port)) return false;
          return parts.every((p) => !alive(p.pid));
        },
        60_000,
      ).catch(() => false);
      const still = [];
      for (const port of ports) if (await listening(port)) still.push(`port ${port}`);
      for (const p of parts) if (alive(p.pid)) still.push(p.args.slice(0, 80));
      expect(still, npm.log()).toEqual([]);
      expect(closed).toBe(true);
    } finally {
      // The parts have their own process groups: the file's clean-up would not reach them.
      for (const p of parts) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
    }
  }, 300_000);
});
