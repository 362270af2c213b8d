import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOrm } from '../db/orm.js';
import { preparedStatement, sqlHeldRows, sqlRun } from '../db/sql.js';
import { createTestDatabase } from './helpers.js';

/*
 * db/sql.ts is the one way raw SQL runs: `?` placeholders bound as parameters, the caller's
 * transaction joined. MikroORM's Connection.execute inlines values into the text, and a bare knex
 * query skips both, so product code uses neither.
 */

const repo = path.resolve(import.meta.dirname, '..');
const PRODUCT_DIRS = ['core', 'api', 'activities', 'worker', 'workflows', 'db', 'launcher', 'cli'];
/** Not product code, or not queries the helpers run. */
const SKIPPED_DIRS = new Set(['db/migrations']);
/** Files allowed to reach the connection, each with why. */
const ALLOWED: Record<string, string> = {
  'db/sql.ts': 'the helpers themselves',
};
const FORBIDDEN = /getConnection\(\)\s*\.\s*execute|getKnex\(\)/;

function tsFiles(dir: string): string[] {
  const rel = path.relative(repo, dir).split(path.sep).join('/');
  if (SKIPPED_DIRS.has(rel)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(full);
    return e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('raw SQL goes through db/sql.ts', () => {
  it('no product file but the allowed ones calls getConnection().execute or getKnex()', () => {
    const offenders = PRODUCT_DIRS.flatMap((d) => tsFiles(path.join(repo, d)))
      .map((f) => path.relative(repo, f).split(path.sep).join('/'))
      .filter((rel) => !(rel in ALLOWED) && FORBIDDEN.test(readFileSync(path.join(repo, rel), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the pattern catches both spellings', () => {
    expect(FORBIDDEN.test("em.getConnection().execute('select 1')")).toBe(true);
    expect(FORBIDDEN.test('em\n    .getConnection()\n    .execute<{ n: string }>(sql)')).toBe(true);
    expect(FORBIDDEN.test('em.getConnection().getKnex().raw(sql)')).toBe(true);
    expect(FORBIDDEN.test("sqlRows(em, 'select 1')")).toBe(false);
  });

  it('the helpers file still exists (the allow-list names real files)', () => {
    for (const file of Object.keys(ALLOWED)) expect(FORBIDDEN.test(readFileSync(path.join(repo, file), 'utf8'))).toBe(true);
  });
});

describe('sqlHeldRows (a named statement after a BEGIN in one round trip)', () => {
  it('a statement whose parse failed (its function missing) is parsed again on the same connection once the function exists: the call then answers its rows', async () => {
    const db = await createTestDatabase();
    // One connection: the second call is on the connection where the first one's parse failed.
    const orm = await openOrm(db.url, { poolMax: 1 });
    try {
      const em = orm.em.fork();
      const stmt = preparedStatement('mailhub_test_not_yet_created_v1', 'select not_yet_created(?::int) as n');
      await expect(sqlHeldRows(em, stmt, [1])).rejects.toThrow(/not_yet_created.*does not exist/);
      await sqlRun(em, 'create function not_yet_created(x int) returns int language sql as $$ select x + 1 $$');
      for (const x of [1, 2]) {
        const held = await sqlHeldRows<{ n: number }>(em, stmt, [x]);
        await held.commit();
        expect(held.rows).toEqual([{ n: x + 1 }]);
      }
    } finally {
      await orm.close(true);
      await db.drop();
    }
  });
});
