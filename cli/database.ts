import path from 'node:path';
import type { Config } from '../core/config.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { ensureEmbeddedPassword, withEmbeddedPassword, withoutPassword } from '../launcher/embedded-password.js';
import { ownerOnlyDir } from '../launcher/private-dir.js';
import { claimDataDir, readLiveRuntime } from '../launcher/runtime-file.js';

export interface CliDatabase {
  orm: MikroORM;
  /** Where the data lives, for messages. */
  source: string;
  close(): Promise<void>;
}

/**
 * The database the CLI works on: DATABASE_URL; else the embedded PostgreSQL of the `npm start`
 * running on DATA_DIR (its socket accepts a second process); else the embedded database opened
 * directly (holding DATA_DIR's lock meanwhile, so `npm start` waits for the CLI to finish).
 */
export async function openCliDatabase(config: Config): Promise<CliDatabase> {
  if (config.databaseUrl) {
    const orm = await openOrm(config.databaseUrl, { migrate: true, poolMax: 1 });
    return { orm, source: 'DATABASE_URL', close: () => orm.close(true) };
  }
  const dataDir = path.resolve(config.dataDir);
  const running = readLiveRuntime(dataDir);
  if (running) {
    if (!running.databaseUrl) {
      throw new Error(
        `The service on ${dataDir} (process ${running.pid}) uses an external database or is still starting: ` +
          'set DATABASE_URL to that database, or retry in a moment.',
      );
    }
    const orm = await openOrm(withEmbeddedPassword(running.databaseUrl, dataDir), { migrate: false, poolMax: 1 });
    return { orm, source: `the running service's embedded database (${running.databaseUrl})`, close: () => orm.close(true) };
  }
  ownerOnlyDir(dataDir);
  const claim = claimDataDir(dataDir, 'cli');
  try {
    const { startEmbeddedPostgres } = await import('../launcher/embedded-db.js'); // PGlite loads only when used
    const pg = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { password: ensureEmbeddedPassword(dataDir) });
    claim.update({ databaseUrl: withoutPassword(pg.url) });
    const orm = await openOrm(pg.url, { migrate: true, poolMax: 1 }).catch(async (e) => {
      await pg.stop();
      throw e;
    });
    return {
      orm,
      source: `the embedded database in ${path.join(dataDir, 'pg')}`,
      async close() {
        await orm.close(true);
        await pg.stop();
        claim.release();
      },
    };
  } catch (e) {
    claim.release();
    throw e;
  }
}
