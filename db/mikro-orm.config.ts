import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from './migrations-list.js';
import { MIGRATION_OPTIONS, ormOptions } from './orm.js';

/** For the MikroORM CLI (`npx mikro-orm ...`): reads DATABASE_URL. */
export default {
  ...ormOptions(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mailhub'),
  extensions: [Migrator],
  migrations: { ...MIGRATION_OPTIONS, migrationsList },
};
