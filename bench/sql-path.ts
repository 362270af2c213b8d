/*
 * CPU per raw statement: db/sql.ts's helpers (the pg connection itself) against the knex.raw path
 * they replaced (a knex query built per call, run on the same pool), in one process, alternated
 * in rounds so both see the same machine. Statements: a one-value select, an outcome-sized CTE
 * with a jsonb parameter (the shape of the batch writes), and the same inside a transaction; and
 * the sender and suppression lookups /v1/send and every automation batch make (`lookups`: an ORM
 * findOne(Domain) and find(Suppression) before, one raw statement each now).
 * Reports the process's CPU (user + system, process.cpuUsage) per statement, which the machine's
 * load moves much less than the wall clock; the database's own CPU is not in it.
 *
 *   npx tsx bench/sql-path.ts            (SQL_PATH_N=2000 statements per kind and round, SQL_PATH_ROUNDS=4)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openOrm } from '../db/orm.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { Domain, Suppression } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { createProject } from '../core/projects/keys.js';
import { assertVerifiedSender } from '../core/domains/sender-domains.js';
import { findSuppressed } from '../core/suppressions.js';
import { ADMIN_URL } from './stack.js';

const N = Number(process.env.SQL_PATH_N ?? 2000);
const ROUNDS = Number(process.env.SQL_PATH_ROUNDS ?? 4);

/** What db/sql.ts did before: a knex.raw query per call, joined to the transaction when there is one. */
async function knexRows(em: EntityManager, sql: string, params: unknown[]): Promise<unknown[]> {
  const query = em.getConnection().getKnex().raw(sql, params.map((p) => (p === undefined ? null : p)) as never[]);
  const trx = em.getTransactionContext();
  if (trx) void query.transacting(trx);
  return ((await query) as { rows: unknown[] }).rows;
}

type Runner = (em: EntityManager, sql: string, params: unknown[]) => Promise<unknown[]>;

const SIMPLE = 'select ?::int as n';
const CTE = `with v as (select (x->>'id')::int as id, x->>'status' as status from jsonb_array_elements(?::jsonb) x)
  select count(*)::int as n from v where status in (?, ?, ?)`;
const cteParams = () => [JSON.stringify(Array.from({ length: 3 }, (_, i) => ({ id: i, status: 'SENT', error: null }))), 'SENT', 'FAILED', 'BOUNCED'];

async function cpuPer(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  // Eight at a time, as the delivery's groups and batches overlap.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

async function main() {
  const name = `mh_sqlpath_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const orm = await openOrm(url.toString(), { poolMax: 8, migrate: true });
  const { project } = await createProject(orm.em.fork(), 'sql-path');
  await sqlRun(
    orm.em.fork(),
    `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, verified_at) values (?, ?, 'acme.test', 'VERIFIED', 'mh1', 'x', 'x', now())`,
    [newId(), project.id],
  );
  await sqlRun(orm.em.fork(), `insert into suppressions (id, project_id, email, reason, created_at) values (?, ?, 'gone@example.com', 'HARD_BOUNCE', now())`, [newId(), project.id]);
  const to = ['gone@example.com', 'ok@example.com'];
  const lookups: Record<string, (em: EntityManager) => Promise<unknown>> = {
    'knex.raw': async (em) => {
      if (!(await em.findOne(Domain, { projectId: project.id, domain: 'acme.test', status: 'VERIFIED' }))) throw new Error('no domain');
      return em.find(Suppression, { projectId: project.id, email: { $in: to } });
    },
    'db/sql.ts': async (em) => {
      await assertVerifiedSender(em, project.id, 'hello@acme.test');
      return findSuppressed(em, project.id, to);
    },
  };
  const runners: [string, Runner][] = [
    ['knex.raw', knexRows],
    ['db/sql.ts', sqlRows],
  ];
  // 'knex.raw' below: before this branch (and, for the lookups, the ORM's find/findOne).
  const results: Record<string, Record<string, number[]>> = {};
  try {
    // Round 0 warms both paths up (JIT, the pool's connections) and is not counted.
    for (let r = 0; r <= ROUNDS; r++) {
      for (const [label, run] of r % 2 ? [...runners].reverse() : runners) {
        const em = orm.em.fork();
        const row = r === 0 ? {} : (results[label] ??= {});
        (row.simple ??= []).push(await cpuPer(N, (i) => run(em, SIMPLE, [i])));
        (row.cte ??= []).push(await cpuPer(N, () => run(em, CTE, cteParams())));
        // Three statements per transaction (BEGIN and COMMIT are MikroORM's on both paths).
        (row['tx (3 each)'] ??= []).push(
          (await cpuPer(N / 4, () => em.fork().transactional(async (tx) => {
            for (let k = 0; k < 3; k++) await run(tx, SIMPLE, [k]);
          }))) / 3,
        );
        // Both lookups, on a fresh fork each time (as per call and per batch).
        (row['lookups (2)'] ??= []).push(await cpuPer(N / 4, () => lookups[label](orm.em.fork())));
      }
    }
  } finally {
    await orm.close(true);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`CPU of this process per statement, µs (median of ${ROUNDS} rounds; every round's value in brackets), N=${N}, load ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
  for (const [label, row] of Object.entries(results)) {
    console.log(`${label.padEnd(10)} ${Object.entries(row).map(([k, xs]) => `${k}: ${med(xs).toFixed(0)} [${xs.map((x) => x.toFixed(0)).join(' ')}]`).join('  ')}`);
  }
}

await main();
