import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
