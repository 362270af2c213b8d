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

/** `dir` undefined: an in-memory database (tests). */
export async function startEmbeddedPostgres(dir: string | undefined, opts: { port?: number; password?: string } = {}): Promise<EmbeddedPostgres> {
  if (dir) ownerOnlyDir(dir);
  const db = await PGlite.create(dir ? { dataDir: dir } : {});
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
