import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../core/config.js';
import { log as logger } from '../core/log.js';
import { startChild, startThread } from './child.js';
import type { PreparedDatabase } from './prepare-db.js';
import { EMBEDDED_MAX_CONNECTIONS, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-db.js';
import { embeddedPasswordFile, ensureEmbeddedPassword, withoutPassword } from './embedded-password.js';
import { ownerOnlyDir } from './private-dir.js';
import { claimDataDir } from './runtime-file.js';
import { ensureSecretKey } from './secret.js';
import { freePort } from './temporal-cli.js';
import { resolveTemporal } from './temporal.js';

export interface Launched {
  config: Config;
  dataDir: string;
  apiUrl: string;
  /** Human description of the database (credentials masked). */
  database: string;
  temporal: { address: string; uiUrl?: string; source: string };
  /** `.eml` outbox when SMTP_URL is not set. */
  outboxDir?: string;
  /** Set when this start created the first project of an empty database. */
  firstProject?: { id: string; name: string; secretKey: string; publicKey: string };
  /** Rejects if the API thread or the worker process exits while running (settles when they stop). */
  workerDone: Promise<void>;
  stop(): Promise<void>;
}

/** Where `npm start` listens unless HOST is set. */
export const LAPTOP_HOST = '127.0.0.1';

/**
 * Connections each of the API and worker processes may hold on the embedded database: together
 * they leave two of its EMBEDDED_MAX_CONNECTIONS for the CLI and a psql session.
 */
export const EMBEDDED_CHILD_POOL_MAX = Math.floor((EMBEDDED_MAX_CONNECTIONS - 2) / 2);

const maskUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

/**
 * Resolves every part from the environment, starting embedded ones for what is not configured
 * (PGlite for DATABASE_URL, a Temporal dev server for TEMPORAL_ADDRESS, an outbox folder for
 * SMTP_URL), then runs migrations (in a short-lived process) and starts the API as a thread of this
 * process and the worker as a child process (launcher/child.ts). `stop()` undoes all of it in reverse order; a failure half-way stops what had
 * started.
 */
/** The worker's nice value under `npm start` (one machine for everything) when WORKER_NICE is not set. */
export const NPM_START_WORKER_NICE = 10;
/** AUTOMATION_BURST_HOLD_MS under `npm start` when it is not set: bursts are not held (see the worker's environment below). */
export const NPM_START_BURST_HOLD_MS = 0;

export async function launch(opts: { env?: NodeJS.ProcessEnv; log?: (m: string) => void } = {}): Promise<Launched> {
  const log = opts.log ?? ((m: string) => logger.info(m));
  const env: NodeJS.ProcessEnv = { ...(opts.env ?? process.env) };
  const initial = loadConfig(env); // fails fast on a bad value
  const dataDir = path.resolve(initial.dataDir);
  ownerOnlyDir(dataDir); // no other local user reads the data (the embedded database's files, keys)
  env.DATA_DIR = dataDir; // absolute from here on: the outbox mailer and the summary agree

  const stack: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stack.splice(0).reverse()) {
      try {
        await stop();
      } catch (e) {
        log(`Error while stopping: ${(e as Error).message}`);
      }
    }
  };

  try {
    const claim = claimDataDir(dataDir, 'launcher');
    stack.push(() => claim.release());

    if (!initial.secretKey) {
      const s = ensureSecretKey(dataDir);
      env.SECRET_KEY = s.secret;
      if (s.created) log(`Generated SECRET_KEY in ${s.file} (keep it: signed links and stored DKIM keys depend on it).`);
    }

    // The worker, and the Temporal dev server started here that serves it, at a lower CPU priority
    // than the API and the database (worker/priority.ts) unless WORKER_NICE says otherwise: on one
    // machine a burst of tracked events goes first, and the automations and mails it sets off use
    // the CPU the requests leave (bench/RESULTS.md: quiet, N=2,000 sign-ups, track with a listening
    // workflow 0.54-0.69 -> 0.97-1.07 x track alone, mails 176-216 -> 261-263/s, with the worker
    // alone lowered; the dev server too, 2026-11-27: see bench/RESULTS.md).
    const backgroundNice = env.WORKER_NICE === undefined ? NPM_START_WORKER_NICE : initial.workerNice;

    // The database (then its migrations) and Temporal start side by side: each takes seconds. A
    // failure of either stops the other.
    const pgDir = path.join(dataDir, 'pg');
    if (!initial.databaseUrl) log(`Starting the embedded PostgreSQL (PGlite) in ${pgDir}...`);
    let embedded: EmbeddedPostgres | undefined;
    const [dbStarted, temporalStarted] = await Promise.allSettled([
      (async () => {
        if (!initial.databaseUrl) embedded = await startEmbeddedPostgres(pgDir, { password: ensureEmbeddedPassword(dataDir) });
        return prepareDatabase(embedded?.url ?? initial.databaseUrl!, env);
      })(),
      resolveTemporal({ address: initial.temporalAddress, namespace: initial.temporalNamespace, dbFilename: path.join(dataDir, 'temporal.db'), log, nice: backgroundNice }),
    ]);
    if (embedded) stack.push(() => embedded!.stop());
    if (temporalStarted.status === 'fulfilled') stack.push(() => temporalStarted.value.stop());
    if (dbStarted.status === 'rejected') throw dbStarted.reason;
    if (temporalStarted.status === 'rejected') throw temporalStarted.reason;
    const firstProject = dbStarted.value;

    let database: string;
    if (!embedded) {
      database = `PostgreSQL ${maskUrl(initial.databaseUrl!)}`;
    } else {
      env.DATABASE_URL = embedded.url;
      claim.update({ databaseUrl: withoutPassword(embedded.url) });
      database = `embedded PostgreSQL (PGlite) in ${pgDir}, listening at ${withoutPassword(embedded.url)} (password in ${embeddedPasswordFile(dataDir)})`;
    }

    const temporal = temporalStarted.value;
    env.TEMPORAL_ADDRESS = temporal.address;
    claim.update({ temporalAddress: temporal.address, temporalUiUrl: temporal.uiUrl });

    // PORT=0 means any free port; the default 3000 moves aside when taken, an explicit PORT does not.
    if (initial.port === 0) env.PORT = String(await freePort());
    else if (!env.PORT) {
      const port = await freePort(initial.port);
      if (port !== initial.port) log(`Port ${initial.port} is taken: using ${port} (set PORT to choose).`);
      env.PORT = String(port);
    }

    const config = { ...loadConfig(env), embeddedDatabase: !initial.databaseUrl };
    let outboxDir: string | undefined;
    if (!config.smtpUrl) {
      outboxDir = path.join(dataDir, 'outbox');
      mkdirSync(outboxDir, { recursive: true });
    }

    // A burst's executions are not held under `npm start` unless AUTOMATION_BURST_HOLD_MS says so: the
    // priorities above already give the tracks the machine here (one host, every part in reach of
    // them), and a hold would only add its wait to the mails (bench/RESULTS.md, "Held bursts": 2,000
    // sign-ups, tracks 0.91 -> 0.97 x alone, p50 2.2 -> 3.0 s). It is for the production layout,
    // where the database's and Temporal's share of the mails' work is out of the priorities' reach.
    const childEnv: NodeJS.ProcessEnv = {
      ...env,
      // A laptop default: reachable from this machine only. HOST=0.0.0.0 (or an address) opens it.
      HOST: config.host ?? LAPTOP_HOST,
      WORKER_NICE: String(backgroundNice),
      AUTOMATION_BURST_HOLD_MS: env.AUTOMATION_BURST_HOLD_MS ?? String(NPM_START_BURST_HOLD_MS),
    };
    const flags = ['--no-migrate', ...(config.embeddedDatabase ? ['--embedded-database', `--pool-max=${EMBEDDED_CHILD_POOL_MAX}`] : [])];
    let stopping = false;
    const worker = startChild('worker/main', flags, childEnv);
    stack.push(() => worker.stop());
    // The API as a thread of this process (one node process fewer in the tree: ~40 MB), the worker
    // as a process (its native Temporal core, its own heap cap; a crash there leaves the API up).
    const api = startThread('launcher/api-thread', flags, childEnv);
    stack.push(() => api.stop());
    stack.push(() => {
      stopping = true; // runs first: the children's exits from here on are expected
    });
    const [apiReady] = await Promise.all([api.ready, worker.ready]);
    const apiUrl = String(apiReady.url);
    claim.update({ apiUrl });
    const unexpectedExit = (name: string, exited: Promise<number | null>) =>
      exited.then((code) => {
        if (!stopping) throw new Error(`the ${name} process exited (code ${code})`);
      });
    const workerDone = Promise.race([unexpectedExit('worker', worker.exited), unexpectedExit('API', api.exited)]);
    workerDone.catch(() => {}); // callers that do not watch workerDone must not crash on it

    return {
      config,
      dataDir,
      apiUrl,
      database,
      temporal: { address: temporal.address, uiUrl: temporal.uiUrl, source: temporal.source },
      outboxDir,
      firstProject,
      workerDone,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/**
 * Migrations and, on an empty database, the first project, in a process of its own that exits once
 * done (launcher/prepare-db.ts: the ORM it loads does not stay in the launcher's memory).
 */
async function prepareDatabase(url: string, env: NodeJS.ProcessEnv): Promise<Launched['firstProject']> {
  const child = startChild('launcher/prepare-db', [], { ...env, DATABASE_URL: url });
  try {
    const prepared = (await child.ready) as PreparedDatabase;
    // It exits by itself once it has closed its connection.
    await Promise.race([child.exited, new Promise((r) => setTimeout(r, 5000).unref())]);
    return prepared.firstProject;
  } finally {
    await child.stop();
  }
}

/** The lines `npm start` prints once everything runs. */
export function summary(l: Launched): string[] {
  const lines = [
    '',
    'Mailhub is running. Ctrl-C stops everything it started.',
    `  API          ${l.apiUrl}`,
    `  API docs     ${l.apiUrl}/docs`,
    `  OpenAPI      ${l.apiUrl}/openapi.json`,
    `  Health       ${l.apiUrl}/health`,
    `  Temporal     ${l.temporal.address} (${l.temporal.source}, namespace ${l.config.temporalNamespace}, task queue ${l.config.taskQueue})`,
    `  Temporal UI  ${l.temporal.uiUrl ?? 'see your Temporal deployment'}`,
    l.outboxDir ? `  Outbox       ${l.outboxDir} (mail is written here as .eml files; set SMTP_URL to deliver)` : `  SMTP         ${maskUrl(l.config.smtpUrl ?? '')}`,
    `  Database     ${l.database}`,
    `  Data folder  ${l.dataDir}`,
  ];
  if (l.firstProject) {
    lines.push(
      '',
      `Created the first project "${l.firstProject.name}" (id ${l.firstProject.id}). Its keys are shown only now:`,
      `  Secret key   ${l.firstProject.secretKey}`,
      `  Public key   ${l.firstProject.publicKey}`,
      `  Try: curl -H "Authorization: Bearer ${l.firstProject.secretKey}" ${l.apiUrl}/contacts`,
      'More projects and keys: npm run cli -- --help',
    );
  }
  lines.push('');
  return lines;
}
