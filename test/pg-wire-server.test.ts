import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../launcher/embedded-db.js';

/*
 * The embedded database's wire server on its own: many connections, ONE PGlite session behind them.
 * Each test is something a real PostgreSQL server gives for free and the shared session does not.
 */

let db: EmbeddedPostgres;
let pool: pg.Pool;
beforeAll(async () => {
  db = await startEmbeddedPostgres(undefined, { password: 'wire-test-password' });
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  await pool.query('create table t (id int primary key, note text)');
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await db?.stop();
});

describe('embedded wire server', () => {
  it('never runs one connection\'s statement with another\'s parameters (large parameters split over reads)', async () => {
    const results = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const k = i % 7; // a different statement text per k: a mixed-up Bind shows as a wrong sum or an error
        const r = await pool.query(`select $1::int + ${k} as v, length($2::text) as n`, [i, 'x'.repeat(i % 3 === 0 ? 200_000 : 10)]);
        return { v: r.rows[0].v, n: r.rows[0].n, want: { v: i + k, n: i % 3 === 0 ? 200_000 : 10 } };
      }),
    );
    for (const r of results) expect({ v: r.v, n: r.n }).toEqual(r.want);
  });

  it('delivers large answers intact to several connections at once', async () => {
    const sizes = [3_000_000, 5_000_000, 4_000_000, 6_000_000];
    const rows = await Promise.all(sizes.map((n, i) => pool.query(`select repeat(chr(65 + $2::int), $1::int) as r`, [n, i])));
    rows.forEach((r, i) => expect(r.rows[0].r === String.fromCharCode(65 + i).repeat(sizes[i])).toBe(true));
  });

  it('an error on one connection does not swallow the others\' statements', async () => {
    await pool.query('insert into t (id) values (1)');
    const outcomes = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        i % 4 === 0
          ? pool.query('insert into t (id, note) values ($1, $2)', [1, 'y'.repeat(100_000)]).then(() => 'inserted', (e) => (e as { code: string }).code)
          : pool.query('select $1::int as v', [i]).then((r) => r.rows[0].v),
      ),
    );
    outcomes.forEach((o, i) => expect(o).toBe(i % 4 === 0 ? '23505' : i));
  });

  it('gives every connection its own named prepared statements and drops them when it disconnects', async () => {
    const clients = await Promise.all(Array.from({ length: 3 }, async () => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      return c;
    }));
    for (let round = 0; round < 2; round++) {
      const rows = await Promise.all(clients.map((c, i) => c.query({ name: 'same_name', text: 'select $1::int * 2 as v', values: [i] })));
      expect(rows.map((r) => r.rows[0].v)).toEqual([0, 2, 4]);
    }
    const count = async () => (await pool.query(`select count(*)::int as n from pg_prepared_statements where name like '%same_name'`)).rows[0].n;
    expect(await count()).toBe(3);
    await Promise.all(clients.map((c) => c.end()));
    await expect.poll(count).toBe(0);
  });

  it('keeps a transaction to its connection: others wait for it, and see nothing of a rollback', async () => {
    const tx = await pool.connect();
    await tx.query('begin');
    await tx.query('insert into t (id) values (1000)');
    let answered = false;
    const other = pool.query('select count(*)::int as n from t where id = 1000').then((r) => ((answered = true), r.rows[0].n));
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    await tx.query('rollback');
    tx.release();
    expect(await other).toBe(0);
  });

  it('rolls back the open transaction of a client that disconnects', async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query('begin');
    await c.query('insert into t (id) values (2000)');
    await c.end();
    expect((await pool.query('select count(*)::int as n from t where id = 2000')).rows[0].n).toBe(0);
  });

  it('refuses a wrong or missing password', async () => {
    for (const password of ['wrong', '']) {
      const url = new URL(db.url);
      url.password = password;
      const c = new pg.Client({ connectionString: url.toString(), password: password || undefined });
      const err = await c.connect().then(() => undefined, (e) => e as { code?: string; message: string });
      await c.end().catch(() => {});
      expect(err?.code ?? err?.message).toMatch(/28P01|password/);
    }
  });
});
