import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openOrm, type MikroORM } from '../db/orm.js';
import { positional, preparedStatement, sqlFirst, sqlHeldRows, sqlOne, sqlPreparedRows, sqlRows, sqlRun, transactionRetried } from '../db/sql.js';
import { withStatementTimeout } from '../core/statement-timeout.js';
import { DomainError } from '../core/errors.js';
import { createPassDatabase, createTestDatabase, EMBEDDED_PASS } from './helpers.js';

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

describe('the helpers on the pg connection (no knex query built per statement)', () => {
  let db: { url: string; drop: () => Promise<void> };
  let orm: MikroORM;
  beforeAll(async () => {
    db = await createPassDatabase();
    orm = await openOrm(db.url, { poolMax: 2 });
    await sqlRun(orm.em.fork(), 'create table sql_helper_t (id int primary key, note text)');
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  /** The text and values knex.raw sends for `sql` (what the helpers sent before). */
  const knexNative = (sql: string, params: unknown[]) => orm.em.getConnection().getKnex().raw(sql, params as never[]).toSQL().toNative();

  it("turns each `?` into the `$n` knex.raw sends, a `?` inside a quoted literal or a comment included, and leaves `$$` bodies alone", () => {
    const texts: [string, unknown[]][] = [
      ['select ?::int as a, ?::text as b', [1, 'x']],
      ["select 'why?' as q, ? as v", ['x', 'y']],
      ['select 1 -- what?\n, ? as v', [1, 2]],
      ['select $$ body $$ as b, ? as v', [3]],
      ['update t set a = ? where id in (?, ?, ?)', [1, 2, 3, 4]],
      ['select 1', []],
    ];
    for (const [sql, params] of texts) {
      const p = positional(sql);
      expect(p, sql).not.toBeNull();
      expect(p!.text, sql).toBe(knexNative(sql, params).sql);
      expect(p!.count, sql).toBe(params.length);
    }
  });

  it("leaves knex's escaped `\\?` and `??` identifier forms to knex.raw (positional answers null), and the statements mean what they meant", async () => {
    expect(positional("select 'a\\?' as q")).toBeNull();
    expect(positional('select 1 as ??')).toBeNull();
    const em = orm.em.fork();
    expect(await sqlOne(em, "select ?::text as a, 'is it\\?' as b", ['x'])).toEqual({ a: 'x', b: 'is it?' });
    expect(await sqlOne(em, 'select 1 as ??', ['n'])).toEqual({ n: 1 });
  });

  it('runs a plain statement without knex.raw, and one with `??` through it', async () => {
    const knex = orm.em.getConnection().getKnex();
    const raw = vi.spyOn(knex, 'raw');
    try {
      const em = orm.em.fork();
      expect(await sqlRows(em, 'select ?::int as n', [5])).toEqual([{ n: 5 }]);
      await em.transactional((tx) => sqlRun(tx, 'select ?::int', [6]));
      expect(raw).not.toHaveBeenCalled();
      await sqlRows(em, 'select 1 as ??', ['n']);
      expect(raw).toHaveBeenCalledTimes(1);
    } finally {
      raw.mockRestore();
    }
  });

  it('binds values (a quote or a `?` in a value is data), undefined as null, and answers rows, the first row and the row count', async () => {
    const em = orm.em.fork();
    expect(await sqlRun(em, 'insert into sql_helper_t (id, note) values (?, ?), (?, ?), (?, ?)', [1, "it's ? -- $1", 2, undefined, 3, null])).toBe(3);
    expect(await sqlRows(em, 'select id, note from sql_helper_t where id <= ? order by id', [2])).toEqual([
      { id: 1, note: "it's ? -- $1" },
      { id: 2, note: null },
    ]);
    expect(await sqlFirst(em, 'select id from sql_helper_t where id = ?', [9])).toBeUndefined();
    await expect(sqlOne(em, 'select id from sql_helper_t where id = ?', [9])).rejects.toThrow(/^Expected a row from: select id from sql_helper_t/);
    expect(await sqlRun(em, 'delete from sql_helper_t where id in (?, ?, ?)', [1, 2, 3])).toBe(3);
  });

  it("refuses a statement whose `?` count is not the values' count, with knex's message, before anything runs", async () => {
    const em = orm.em.fork();
    await expect(sqlRows(em, 'select ?::int, ?::int', [1])).rejects.toThrow('Expected 1 bindings, saw 2');
    await expect(sqlRows(em, 'select ?::int', [1, 2])).rejects.toThrow('Expected 2 bindings, saw 1');
    await expect(sqlRows(em, '', [])).rejects.toThrow('The query is empty');
  });

  it("joins the entity manager's transaction: its statements roll back with it and see its SET LOCAL, a named statement runs prepared on its connection; after it ends a statement on its manager is refused as knex refused it", async () => {
    const em = orm.em.fork();
    let txEm: typeof em | undefined;
    await expect(
      em.transactional(async (tx) => {
        txEm = tx;
        await sqlRun(tx, 'insert into sql_helper_t (id, note) values (?, ?)', [10, 'rolled back']);
        await sqlRun(tx, 'set local statement_timeout = 4321');
        expect(await sqlOne(tx, "select current_setting('statement_timeout') as t")).toEqual({ t: '4321ms' });
        expect(await sqlPreparedRows(tx, preparedStatement('mailhub_test_in_tx_v1', 'select count(*)::int as n from sql_helper_t where id = ?'), [10])).toEqual([{ n: 1 }]);
        // Prepared on the transaction's connection too, not sent as a plain statement (planned on every call).
        // (The embedded database's server prefixes the name per connection: launcher/pg-wire-server.ts.)
        expect(await sqlRows(tx, "select count(*)::int as n from pg_prepared_statements where name like '%mailhub_test_in_tx_v1'")).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await sqlFirst(em, 'select id from sql_helper_t where id = ?', [10])).toBeUndefined();
    await expect(sqlRows(txEm!, 'select 1')).rejects.toThrow('Transaction query already complete');
  });

  it("surfaces PostgreSQL's error as it is (its code, the constraint), its message prefixed with the statement as knex.raw prefixed it", async () => {
    const em = orm.em.fork();
    await sqlRun(em, 'insert into sql_helper_t (id) values (?)', [20]);
    const err = (await sqlRun(em, 'insert into sql_helper_t (id) values (?)', [20]).catch((e: unknown) => e)) as Error & { code?: string; constraint?: string };
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('sql_helper_t_pkey');
    expect(err.message).toMatch(/^insert into sql_helper_t \(id\) values \(\$1\) - duplicate key value violates unique constraint "sql_helper_t_pkey"/);
    // The pool is not left short by a failed statement: both connections still serve.
    await Promise.all([sqlRows(em, 'select pg_sleep(0.01)'), sqlRows(em, 'select pg_sleep(0.01)'), sqlRows(em, 'select 1')]);
  });

  // PGlite has no statement timeout (it runs the statement to its end).
  it.skipIf(EMBEDDED_PASS)('a statement cancelled by the statement timeout is the 503 withStatementTimeout makes of code 57014', async () => {
    const err = await withStatementTimeout(orm.em.fork(), 50, (tx) => sqlRows(tx, 'select pg_sleep(?)', [2])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).message).toMatch(/ran longer than the limit of 50 ms/);
  });
});

// One session serves every connection of the embedded database: no two transactions can deadlock there.
describe.skipIf(EMBEDDED_PASS)('transactionRetried', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    orm = await openOrm(db.url, { poolMax: 4 });
    await sqlRun(orm.em.fork(), 'create table locked (id int primary key, n int not null)');
    await sqlRun(orm.em.fork(), 'insert into locked values (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  /** Two transactions that each lock one row, wait for the other to hold its own, then lock the other's: a deadlock. */
  async function crossedLocks(attempts: number) {
    let arrived = 0;
    let bothHold!: () => void;
    const holding = new Promise<void>((r) => (bothHold = r));
    let runs = 0;
    const tx = (first: number, second: number) =>
      transactionRetried(
        orm.em.fork(),
        async (t) => {
          runs++;
          await sqlRun(t, 'update locked set n = n + 1 where id = ?', [first]);
          if (++arrived === 2) bothHold();
          await holding;
          await sqlRun(t, 'update locked set n = n + 1 where id = ?', [second]);
        },
        attempts,
      );
    const settled = await Promise.allSettled([tx(1, 2), tx(2, 1)]);
    return { settled, runs };
  }

  it('runs a deadlock victim again: of two transactions locking two rows in opposite orders, both commit (three runs in all)', async () => {
    await sqlRun(orm.em.fork(), 'update locked set n = 0');
    const { settled, runs } = await crossedLocks(3);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3);
    expect(await sqlRows(orm.em.fork(), 'select id, n from locked order by id')).toEqual([{ id: 1, n: 2 }, { id: 2, n: 2 }]);
  }, 30_000);

  it('with one attempt the victim fails with 40P01 (what the retry is for), and its writes are rolled back', async () => {
    await sqlRun(orm.em.fork(), 'update locked set n = 0');
    const { settled } = await crossedLocks(1);
    const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0].reason as { code?: string }).code).toBe('40P01');
    expect(await sqlRows(orm.em.fork(), 'select id, n from locked order by id')).toEqual([{ id: 1, n: 1 }, { id: 2, n: 1 }]);
  }, 30_000);
});
