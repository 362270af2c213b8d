import { createProject } from '../core/projects/keys.js';
import { configureLogging, log } from '../core/log.js';
import { isEntrypoint, reportReady } from '../core/process.js';
import { Project } from '../db/entities/index.js';
import { openOrm } from '../db/orm.js';

/**
 * `npm start`'s database preparation, in a short-lived process of its own (launcher/launch.ts):
 * migrations and, on an empty database, the first project, on one connection closed before the API
 * and the worker open theirs. Run in the launcher, the ORM and the migrations it loads for these
 * seconds (~50 MB) would stay in the launcher's memory for as long as `npm start` runs.
 *
 * DATABASE_URL names the database; reports `{ firstProject }` (the keys shown only once) when ready.
 */
export interface PreparedDatabase {
  firstProject?: { id: string; name: string; secretKey: string; publicKey: string };
}

export async function prepareDatabase(url: string): Promise<PreparedDatabase> {
  const orm = await openOrm(url, { migrate: true, poolMax: 1 });
  try {
    const em = orm.em.fork();
    if ((await em.count(Project, {})) > 0) return {};
    const name = 'Default project';
    const created = await createProject(em, name);
    return { firstProject: { id: created.project.id, name, secretKey: created.secretKey, publicKey: created.publicKey } };
  } finally {
    await orm.close(true);
  }
}

if (isEntrypoint(import.meta.url)) {
  configureLogging({ logLevel: (process.env.LOG_LEVEL as 'info' | undefined) ?? 'info', logFormat: process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json' });
  prepareDatabase(process.env.DATABASE_URL!).then(
    (prepared) => {
      reportReady({ ...prepared });
      process.disconnect?.();
    },
    (e: Error) => {
      log.error(`Preparing the database failed: ${e.message}`);
      process.exit(1);
    },
  );
}
