import { ormOptions } from './orm.js';

/** For the MikroORM CLI (`npx mikro-orm ...`): reads DATABASE_URL. */
export default ormOptions(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mailhub');
