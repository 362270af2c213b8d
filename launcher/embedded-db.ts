import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * PostgreSQL embedded in this process (PGlite, data in `dir`), served on the PostgreSQL wire
 * protocol so MikroORM, `pg` and a second process (the CLI) connect to it like to a real server.
 * All connections share one PGlite session: a transaction makes the others wait (keep them short).
 */
export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The socket refuses connections beyond this; the ORM pools of one process must stay below it. */
export const EMBEDDED_MAX_CONNECTIONS = 8;
/** ORM pool size on the embedded database: leaves room for the CLI and a psql session. */
export const EMBEDDED_POOL_MAX = 4;

export async function startEmbeddedPostgres(dir: string, opts: { port?: number } = {}): Promise<EmbeddedPostgres> {
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: opts.port ?? 0, maxConnections: EMBEDDED_MAX_CONNECTIONS });
  try {
    await server.start();
  } catch (e) {
    await db.close();
    throw e;
  }
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      // Closing flushes PGlite's files; a crash here would leave the next start to recover.
      await db.close();
    },
  };
}
