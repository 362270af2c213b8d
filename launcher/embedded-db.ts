import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { startWireServer } from './pg-wire-server.js';
import { ownerOnlyDir } from './private-dir.js';

/**
 * PostgreSQL embedded in this process (PGlite, data in `dir`), served on the PostgreSQL wire
 * protocol so MikroORM, `pg` and a second process (the CLI) connect to it like to a real server.
 * All connections share one PGlite session: a transaction makes the others wait (keep them short).
 */
export interface EmbeddedPostgres {
  /** Connection URL, password included. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The server refuses connections beyond this; the ORM pools of one process must stay below it. */
export const EMBEDDED_MAX_CONNECTIONS = 8;
/** ORM pool size on the embedded database: leaves room for the CLI and a psql session. */
export const EMBEDDED_POOL_MAX = 4;

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly memory (PostgreSQL's default is 128 MB):
 * a laptop's service data is small and the files stay in the OS page cache, while the pages of the
 * buffers, once touched, stay in the launcher's resident memory. 16 MB keeps ~110 MB off it.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** `dir` undefined: an in-memory database (tests). */
export async function startEmbeddedPostgres(dir: string | undefined, opts: { port?: number; password?: string } = {}): Promise<EmbeddedPostgres> {
  if (dir) {
    ownerOnlyDir(dir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initdbInChild(dir);
  }
  const db = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), startParams: PGLITE_START_PARAMS });
  let server;
  try {
    server = await startWireServer({ db, host: '127.0.0.1', port: opts.port ?? 0, password: opts.password, maxConnections: EMBEDDED_MAX_CONNECTIONS });
  } catch (e) {
    await db.close();
    throw e;
  }
  const auth = opts.password ? `postgres:${encodeURIComponent(opts.password)}` : 'postgres';
  return {
    url: `postgresql://${auth}@127.0.0.1:${server.port}/postgres`,
    port: server.port,
    async stop() {
      await server.stop();
      // Closing flushes PGlite's files; a crash here would leave the next start to recover.
      await db.close();
    },
  };
}

const self = fileURLToPath(import.meta.url);

/**
 * Creates the database files in `dir` from a short-lived process. PGlite's initdb grows the
 * WebAssembly memory of the process that runs it to ~700 MB, which it never gives back: run in the
 * launcher, a first `npm start` would hold that for as long as it runs.
 */
async function initdbInChild(dir: string): Promise<void> {
  const loader = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, self, '--initdb', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${dir} failed (exit ${code}): ${stderr}`);
}

if (process.argv[2] === '--initdb' && process.argv[3] && process.argv[1] && path.resolve(process.argv[1]) === self) {
  const db = await PGlite.create({ dataDir: process.argv[3], startParams: PGLITE_START_PARAMS });
  await db.close();
}
