import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { Client, Connection } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { createApp } from '../api/app.js';
import { loadConfig, type Config } from '../core/config.js';
import { configureLogging } from '../core/log.js';
import { createDnsResolver } from '../core/domains/dns.js';
import { productExtensions } from '../core/extensions.js';
import { createProject } from '../core/projects/keys.js';
import type { App, AppDeps } from '../api/types.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { EMBEDDED_POOL_MAX, startEmbeddedPostgres } from '../launcher/embedded-db.js';
import { createWorker, type WorkerOptions } from '../worker/create-worker.js';
import { validateResponsesOf } from './support/response-validation.js';

/** A fresh database on the machine's PostgreSQL, migrated; dropped by `cleanup`. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = inject('adminDbUrl');
  const name = `mh_test_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/**
 * `TEST_DATABASE=embedded` (the second pass, vitest.embedded.config.ts): each file gets a PGlite
 * data folder in a temp folder (on files, as `npm start` keeps it) behind the embedded wire server,
 * password and pool size as `npm start` has them, instead of a database on the machine's PostgreSQL.
 */
export const EMBEDDED_PASS = process.env.TEST_DATABASE === 'embedded';

async function createEmbeddedTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mh-test-pg-'));
  // A copy of the pass's empty cluster (test/setup/embedded-pristine.ts) instead of an initdb per file.
  const pristine = inject('embeddedPristinePg');
  if (pristine) cpSync(pristine, path.join(dir, 'pg'), { recursive: true });
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { password: randomBytes(12).toString('hex') });
  return {
    url: pg.url,
    drop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The database of this pass: a fresh one on the machine's PostgreSQL, or on PGlite in the embedded pass. */
export function createPassDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return EMBEDDED_PASS ? createEmbeddedTestDatabase() : createTestDatabase();
}

/**
 * A migrated pass database with an ORM of two connections for the calling file's tests: opened in
 * a beforeAll (handed to `opened`), closed and dropped in an afterAll. Hooks the file registers
 * after this call run after the ORM is open.
 */
export function useMigratedPassOrm(opened: (orm: MikroORM) => void): void {
  let orm: MikroORM | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createPassDatabase();
    drop = db.drop;
    orm = await openOrm(db.url, { migrate: true, poolMax: 2 });
    opened(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  orm: MikroORM;
  config: Config;
  dbUrl: string;
  temporal: Client;
  /** A project with a secret and public key. */
  project: { id: string; secretKey: string; publicKey: string };
  newProject(name?: string): Promise<{ id: string; secretKey: string; publicKey: string }>;
  /**
   * Starts an in-process worker on this context's task queue; stopped by cleanup. Its mailer is
   * built from this context's config (SMTP_URL given in `env`, else the outbox under a temp DATA_DIR)
   * unless `mailer` is given; `deliveryFaults`, `sweeper` and `automations` go to the worker as they are.
   */
  startWorker(opts?: Pick<WorkerOptions['deps'], 'mailer' | 'deliveryFaults'> & Pick<WorkerOptions, 'sweeper' | 'workflowsInMainThread' | 'automations'>): Promise<Worker>;
  request(method: string, path: string, opts?: { key?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  cleanup(): Promise<void>;
}

/**
 * Everything a test file needs, on real parts: its own database, the run's Temporal dev server,
 * its own task queue (so workers of parallel files never take each other's tasks).
 */
export async function setupTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const db = EMBEDDED_PASS ? await createEmbeddedTestDatabase() : await createTestDatabase();
  const loaded = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `test-${randomBytes(6).toString('hex')}`,
    AUTH_CACHE_TTL_MS: '0',
    SECRET_KEY: 'test-secret-key-0123456789abcdef',
    // Outbox files (no SMTP_URL) go to a temp folder, never into the repository's data/.
    DATA_DIR: `${tmpdir()}/mh-test-data-${randomBytes(6).toString('hex')}`,
    // A test's polls share the file's key for the file's whole run: at the product's 1,000 a minute,
    // how many fit in a minute depends on the machine's speed (a fast one got a 429 mid-poll). The
    // limits are tested where a file sets its own (auth, rate-limit, fuzz).
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const config: Config = { ...loaded, embeddedDatabase: EMBEDDED_PASS };
  const orm = await openOrm(db.url, { migrate: true, poolMax: EMBEDDED_PASS ? EMBEDDED_POOL_MAX : undefined });
  const connection = await Connection.connect({ address: config.temporalAddress! });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  // DNS_SERVERS (via `env`, e.g. a test DNS server's address) or the system resolvers.
  const dns = createDnsResolver({ servers: config.dnsServers });
  const deps: AppDeps = { orm, config, temporal, dns, extensions: productExtensions };
  const app = validateResponsesOf(createApp(deps));
  // The access log's line per request (info) would bury a test run's output: warnings and errors
  // only, unless LOG_LEVEL asks for more (test/logging.test.ts turns it on where it checks it).
  if (!process.env.LOG_LEVEL) configureLogging({ logLevel: 'warn' });
  const workers: { worker: Worker; done: Promise<void>; close: () => Promise<void> }[] = [];

  const newProject = async (name = 'Test project') => {
    const r = await createProject(orm.em.fork(), name);
    return { id: r.project.id, secretKey: r.secretKey, publicKey: r.publicKey };
  };
  const project = await newProject();

  return {
    app,
    deps,
    orm,
    config,
    dbUrl: db.url,
    temporal,
    project,
    newProject,
    async startWorker(opts = {}) {
      const { worker, connection: wc } = await createWorker({
        address: config.temporalAddress!,
        namespace: config.temporalNamespace,
        taskQueue: config.taskQueue,
        deps: { orm, config, dns, extensions: deps.extensions, mailer: opts.mailer, deliveryFaults: opts.deliveryFaults },
        sweeper: opts.sweeper,
        workflowsInMainThread: opts.workflowsInMainThread,
        automations: opts.automations,
      });
      const done = worker.run();
      workers.push({ worker, done, close: () => wc.close() });
      return worker;
    },
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      const key = opts.key === undefined ? project.secretKey : opts.key;
      if (key) headers.authorization = `Bearer ${key}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      return app.request(path, { method, headers, body });
    },
    async cleanup() {
      for (const w of workers) {
        if (w.worker.getState() === 'RUNNING') w.worker.shutdown();
        await w.done.catch(() => {});
        await w.close();
      }
      await connection.close();
      await orm.close(true);
      await db.drop();
    },
  };
}

/** Parses a JSON response, failing the test with the body when it is not JSON. */
export async function json<T = any>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Expected JSON, got ${res.status}: ${text.slice(0, 500)}`);
  }
}
