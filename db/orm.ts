import { MikroORM, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.js';

/** How migrations run; the list itself is db/migrations-list.ts, loaded by `migrator()` only. */
export const MIGRATION_OPTIONS = { silent: true, transactional: true, allOrNothing: true, tableName: 'mikro_orm_migrations' };

export function ormOptions(clientUrl: string, opts: { poolMax?: number; debug?: boolean } = {}): Options {
  return {
    clientUrl,
    entities,
    migrations: MIGRATION_OPTIONS,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    debug: opts.debug ?? false,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    forceUtcTimezone: true,
  };
}

export async function openOrm(clientUrl: string, opts: { poolMax?: number; migrate?: boolean } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(clientUrl, opts));
  if (opts.migrate) await migrateExclusively(orm, clientUrl);
  return orm;
}

/**
 * The migrator of `orm`, with the migration list. Imported here, on first use, so that a process
 * started with --no-migrate (the API and worker under `npm start`) never loads @mikro-orm/migrations
 * or the migration classes.
 */
export async function migrator(orm: MikroORM): Promise<Migrator> {
  const [{ Migrator }, { migrationsList }] = await Promise.all([import('@mikro-orm/migrations'), import('./migrations-list.js')]);
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
  return new Migrator(orm.em);
}

/** Any fixed number: the key of the advisory lock that one migrating process holds at a time. */
const MIGRATION_LOCK = 7_146_210_031;

/**
 * Runs the pending migrations while holding a session advisory lock on its own connection, so API
 * and worker processes starting together (docker compose, a scaled deployment) migrate one after
 * the other: the second finds nothing left to do instead of racing on the same DDL.
 */
async function migrateExclusively(orm: MikroORM, clientUrl: string): Promise<void> {
  const lock = new pg.Client({ connectionString: clientUrl });
  await lock.connect();
  const { rows } = await lock.query<{ v: string }>('select version() as v');
  if (rows[0].v.includes('PGlite')) {
    // One session serves every connection of the embedded database, so a session lock excludes
    // nothing there (it is re-entrant) and would outlive this client. Only the process that holds
    // DATA_DIR (runtime.json) opens PGlite and migrates it; the CLI on a running service does not.
    await lock.end();
    await (await migrator(orm)).up();
    return;
  }
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await (await migrator(orm)).up();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await lock.end();
  }
}

export type { MikroORM };
