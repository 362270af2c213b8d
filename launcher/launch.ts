import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startApi } from '../api/main.js';
import { loadConfig, type Config } from '../core/config.js';
import { createProject } from '../core/projects/keys.js';
import { Project } from '../db/entities/index.js';
import { openOrm } from '../db/orm.js';
import { log as logger } from '../core/log.js';
import { startWorker } from '../worker/main.js';
import { EMBEDDED_POOL_MAX, startEmbeddedPostgres } from './embedded-db.js';
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
  /** Rejects if the worker fails while running (settles when it stops). */
  workerDone: Promise<void>;
  stop(): Promise<void>;
}

/** Where `npm start` listens unless HOST is set. */
export const LAPTOP_HOST = '127.0.0.1';

const maskUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

/**
 * Resolves every part from the environment, starting embedded ones for what is not configured
 * (PGlite for DATABASE_URL, a Temporal dev server for TEMPORAL_ADDRESS, an outbox folder for
 * SMTP_URL), then runs migrations, the API and the worker in this process. `stop()` undoes all of
 * it in reverse order; a failure half-way stops what had started.
 */
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

    let database: string;
    let poolMax: number | undefined;
    if (initial.databaseUrl) {
      database = `PostgreSQL ${maskUrl(initial.databaseUrl)}`;
    } else {
      const pgDir = path.join(dataDir, 'pg');
      log(`Starting the embedded PostgreSQL (PGlite) in ${pgDir}...`);
      const pg = await startEmbeddedPostgres(pgDir, { password: ensureEmbeddedPassword(dataDir) });
      stack.push(() => pg.stop());
      env.DATABASE_URL = pg.url;
      poolMax = EMBEDDED_POOL_MAX;
      claim.update({ databaseUrl: withoutPassword(pg.url) });
      database = `embedded PostgreSQL (PGlite) in ${pgDir}, listening at ${withoutPassword(pg.url)} (password in ${embeddedPasswordFile(dataDir)})`;
    }

    const temporal = await resolveTemporal({
      address: initial.temporalAddress,
      namespace: initial.temporalNamespace,
      dbFilename: path.join(dataDir, 'temporal.db'),
      log,
    });
    stack.push(() => temporal.stop());
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

    const orm = await openOrm(config.databaseUrl!, { migrate: true, poolMax });
    stack.push(() => orm.close(true));

    let firstProject: Launched['firstProject'];
    const em = orm.em.fork();
    if ((await em.count(Project, {})) === 0) {
      const name = 'Default project';
      const created = await createProject(em, name);
      firstProject = { id: created.project.id, name, secretKey: created.secretKey, publicKey: created.publicKey };
    }

    const worker = await startWorker(config, orm);
    stack.push(() => worker.stop());
    worker.done.catch(() => {}); // callers that do not watch workerDone must not crash on it
    // A laptop default: reachable from this machine only. HOST=0.0.0.0 (or an address) opens it.
    const api = await startApi(config, orm, { hostname: config.host ?? LAPTOP_HOST });
    stack.push(() => api.stop());
    claim.update({ apiUrl: api.url });

    return {
      config,
      dataDir,
      apiUrl: api.url,
      database,
      temporal: { address: temporal.address, uiUrl: temporal.uiUrl, source: temporal.source },
      outboxDir,
      firstProject,
      workerDone: worker.done,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
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
