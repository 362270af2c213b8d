import { expect, it } from 'vitest';
import { migrationsList } from '../db/migrations-list.js';
import { openOrm } from '../db/orm.js';
import { createTestDatabase } from './helpers.js';

it('processes starting together on an empty database migrate one at a time, and all come up', async () => {
  const db = await createTestDatabase();
  try {
    const orms = await Promise.all(Array.from({ length: 4 }, () => openOrm(db.url, { migrate: true, poolMax: 2 })));
    try {
      const applied = await orms[0].em.fork().getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations order by id');
      expect(applied.map((r) => r.name)).toEqual(migrationsList.map((m) => m.name));
      // The lock is released: a later start still migrates (nothing left) without waiting.
      const later = await openOrm(db.url, { migrate: true, poolMax: 1 });
      await later.close(true);
    } finally {
      await Promise.all(orms.map((o) => o.close(true)));
    }
  } finally {
    await db.drop();
  }
});
