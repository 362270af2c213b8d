/**
 * Segment conditions at scale (`npm run bench:segments`): seeds contacts with varied `data` and
 * events in bulk (INSERT ... SELECT generate_series, server side, with the secondary indexes
 * dropped during the load and rebuilt after, FK triggers off), then times, for a dozen realistic
 * conditions, the count, the first page and a page deep in the set (keyset on id, as
 * GET /segments/{id}/contacts runs them), and shows the plan's index use (EXPLAIN ANALYZE).
 *
 * Env: BENCH_CONTACTS (default 1,000,000), BENCH_EVENTS (5,000,000), BENCH_DB_URL (admin URL),
 * BENCH_DB_NAME (reuse a database seeded by an earlier run and keep it; default: a fresh one,
 * dropped at the end), BENCH_RUNS (timed runs per query, median reported; default 3).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createProject } from '../core/projects/keys.js';
import type { Condition } from '../core/segments/condition.js';
import { compileConditionWithSegments } from '../core/segments/membership.js';
import { openOrm } from '../db/orm.js';

const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const M = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEEP = process.env.BENCH_DB_NAME;
const DB = KEEP ?? `mh_bench_segments_${randomBytes(4).toString('hex')}`;

const dbUrl = () => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB}`;
  return u.toString();
};
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);

/** `?` placeholders (compiler output) to pg's `$n`. */
const numbered = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

async function seed(c: pg.Client, projectId: string): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  await c.query(`set maintenance_work_mem = '256MB'; set session_replication_role = replica;`);
  // A UUIDv7 for a time and a number: ids sort like creation times, as newId() makes them.
  await c.query(`create function pg_temp.uuid7(ts timestamptz, n bigint) returns uuid language sql immutable as $$
    select (lpad(to_hex((extract(epoch from ts) * 1000)::bigint), 12, '0') || '7' || substr(md5(n::text), 1, 3) || '8' || substr(md5(n::text), 4, 15))::uuid $$`);
  await c.query(`create function pg_temp.contact_at(n bigint, total bigint) returns timestamptz language sql immutable as $$
    select timestamptz '2026-11-24 00:00:00+00' - (total - n) * (interval '730 days' / total) $$`);
  const idx = await c.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename in ('contacts', 'events') and indexname not like '%_pkey' and indexname not like '%email_key'`,
  );
  for (const r of idx.rows) await c.query(`drop index ${r.indexname}`);

  let t0 = process.hrtime.bigint();
  const chunk = 250_000;
  for (let from = 1; from <= N; from += chunk) {
    const to = Math.min(N, from + chunk - 1);
    await c.query(
      `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
       select pg_temp.uuid7(pg_temp.contact_at(i, $2), i), $1, 'user' || i || '@example' || (i % 100) || '.com',
              abs(hashint8(i * 5)) % 10 <> 0,
              jsonb_strip_nulls(jsonb_build_object(
                'plan', (array['free','free','free','free','pro','pro','team','enterprise'])[1 + abs(hashint8(i)) % 8],
                'age', case when abs(hashint8(i * 3)) % 10 = 0 then null else 18 + abs(hashint8(i * 7)) % 63 end,
                'country', (array['US','GB','DE','FR','NL','SE','ES','IT','PL','BR','IN','JP','CA','AU','MX','IE','CH','AT','BE','IS'])[1 + abs(hashint8(i * 11)) % 20],
                'score', round((abs(hashint8(i * 13)) % 10000) / 100.0, 2),
                'signupDate', to_char(pg_temp.contact_at(i, $2), 'YYYY-MM-DD'),
                'trialEnds', case when abs(hashint8(i * 17)) % 5 = 0 then to_char(timestamptz '2026-11-24 00:00:00+00' + (abs(hashint8(i * 19)) % 60 - 30) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end,
                'tags', (array['["vip","beta"]','["beta"]','["beta"]','[]','[]','[]','[]','[]','[]','[]'])[1 + abs(hashint8(i * 23)) % 10]::jsonb,
                'address', jsonb_build_object('city', (array['Paris','Berlin','London','Madrid','Rome','Oslo','Lima','Quito'])[1 + abs(hashint8(i * 29)) % 8])
              )),
              pg_temp.contact_at(i, $2), pg_temp.contact_at(i, $2) + (abs(hashint8(i * 31)) % 100) * interval '1 day'
       from generate_series($3::bigint, $4::bigint) i`,
      [projectId, N, from, to],
    );
  }
  took.contacts = ms(t0);
  log(`contacts: ${N.toLocaleString()} in ${(took.contacts / 1000).toFixed(1)} s`);

  t0 = process.hrtime.bigint();
  const names = `array['page_view','page_view','page_view','page_view','page_view','page_view','page_view','page_view','login','login','login','login',
    'email.sent','email.sent','email.sent','email.delivered','email.delivered','email.opened','email.opened','email.clicked','purchase','signup','upgraded','search']`;
  const eChunk = 500_000;
  for (let from = 1; from <= M; from += eChunk) {
    const to = Math.min(M, from + eChunk - 1);
    await c.query(
      `insert into events (id, project_id, name, contact_id, data, created_at)
       select pg_temp.uuid7(at, $2 + j), $1, name, pg_temp.uuid7(pg_temp.contact_at(n, $2), n), '{}', at
       from (select j, 1 + abs(hashint8(j)) % $2 as n, (${names})[1 + abs(hashint8(j * 3)) % 24] as name,
                    timestamptz '2026-11-24 00:00:00+00' - (abs(hashint8(j * 7)) % (180 * 86400)) * interval '1 second' as at
             from generate_series($3::bigint, $4::bigint) j) g`,
      [projectId, N, from, to],
    );
  }
  await c.query(`insert into event_names (project_id, name, count, last_seen_at) select project_id, name, count(*), max(created_at) from events group by 1, 2`);
  took.events = ms(t0);
  log(`events: ${M.toLocaleString()} in ${(took.events / 1000).toFixed(1)} s`);

  t0 = process.hrtime.bigint();
  for (const r of idx.rows) await c.query(r.indexdef);
  took.indexes = ms(t0);
  log(`indexes (${idx.rows.length}) rebuilt in ${(took.indexes / 1000).toFixed(1)} s`);
  t0 = process.hrtime.bigint();
  await c.query('set session_replication_role = origin');
  await c.query('vacuum analyze contacts');
  await c.query('vacuum analyze events');
  took.analyze = ms(t0);
  return took;
}

async function segmentsFor(c: pg.Client, projectId: string) {
  const existing = await c.query<{ id: string; type: string }>(`select id, type from segments where project_id = $1 and name in ('bench-static', 'bench-enterprise')`, [projectId]);
  if (existing.rows.length === 2) return Object.fromEntries(existing.rows.map((r) => [r.type, r.id])) as Record<'STATIC' | 'DYNAMIC', string>;
  const staticId = '01900000-0000-7000-8000-000000000001';
  const dynamicId = '01900000-0000-7000-8000-000000000002';
  const enterprise: Condition = { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'enterprise' }] }] };
  await c.query(`insert into segments (id, project_id, name, type) values ($1, $2, 'bench-static', 'STATIC')`, [staticId, projectId]);
  await c.query(`insert into segments (id, project_id, name, type, condition) values ($1, $2, 'bench-enterprise', 'DYNAMIC', $3)`, [dynamicId, projectId, JSON.stringify(enterprise)]);
  // 10,000 hand-picked members: every 100th contact.
  await c.query(`insert into segment_members (segment_id, contact_id, project_id) select $1, id, $2 from contacts where project_id = $2 and email like 'user%00@example0.com'`, [staticId, projectId]);
  await c.query('analyze segment_members');
  return { STATIC: staticId, DYNAMIC: dynamicId };
}

const f = (field: string, operator: string, value?: unknown, unit?: string) => ({ field, operator, ...(value !== undefined ? { value } : {}), ...(unit ? { unit } : {}) });
const all = (...filters: object[]) => ({ logic: 'AND', groups: [{ filters }] }) as Condition;

function conditions(seg: Record<'STATIC' | 'DYNAMIC', string>): [string, Condition][] {
  return [
    ['data.plan equals "pro"', all(f('data.plan', 'equals', 'pro'))],
    ['data.country equals "IS" (5%)', all(f('data.country', 'equals', 'IS'))],
    ['data.age 30..39 (numeric range)', all(f('data.age', 'greaterThanOrEqual', 30), f('data.age', 'lessThan', 40))],
    ['data.tags contains "vip"', all(f('data.tags', 'contains', 'vip'))],
    ['data.plan in [team, enterprise] and subscribed', all(f('data.plan', 'in', ['team', 'enterprise']), f('subscribed', 'equals', true))],
    ['data.trialEnds within 7 days (date in data)', all(f('data.trialEnds', 'within', 7, 'days'))],
    ['event.purchase triggeredWithin 7 days', all(f('event.purchase', 'triggeredWithin', 7, 'days'))],
    ['email.opened triggeredWithin 30 days', all(f('email.opened', 'triggeredWithin', 30, 'days'))],
    ['event.login notTriggeredWithin 90 days', all(f('event.login', 'notTriggeredWithin', 90, 'days'))],
    ['email endsWith "@example7.com"', all(f('email', 'endsWith', '@example7.com'))],
    ['createdAt within 30 days and not subscribed', all(f('createdAt', 'within', 30, 'days'), f('subscribed', 'equals', false))],
    [
      'OR of nested groups (pro + clicked 30d) or (IS/IE + age > 60)',
      {
        logic: 'OR',
        groups: [
          { filters: [f('data.plan', 'equals', 'pro')], conditions: all(f('email.clicked', 'triggeredWithin', 30, 'days')) },
          { filters: [f('data.age', 'greaterThan', 60)], conditions: all(f('data.country', 'in', ['IS', 'IE'])) },
        ],
      } as Condition,
    ],
    ['segment.<dynamic enterprise> and opened 30d', all(f(`segment.${seg.DYNAMIC}`, 'equals', true), f('email.opened', 'triggeredWithin', 30, 'days'))],
    ['segment.<static 10k members>', all(f(`segment.${seg.STATIC}`, 'equals', true))],
  ];
}

async function timed(c: pg.Client, sql: string, params: unknown[]) {
  const t: number[] = [];
  let rows: any[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    rows = (await c.query(sql, params)).rows;
    t.push(ms(t0));
  }
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(t.length / 2)], rows };
}

const INDEX_RE = /(?:Index Only Scan|Index Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)|Seq Scan on (\w+)/g;
async function planOf(c: pg.Client, sql: string, params: unknown[]) {
  const plan = (await c.query(`explain (analyze, buffers) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  const used = new Set<string>();
  for (const m of plan.matchAll(INDEX_RE)) used.add(m[1] ?? m[2] ?? `seq:${m[3]}`);
  return { plan, used: [...used] };
}

/**
 * "A list of 100 segments at 1M contacts answers well under a second": brings the project to 100
 * DYNAMIC segments through the service (each counted once at create), then times the real route,
 * GET /segments?limit=100, through the app served on loopback (RUNS x 3 requests).
 */
async function listThroughHttp(orm: Awaited<ReturnType<typeof openOrm>>, projectId: string, conds: Condition[]) {
  const [{ serve }, { Client, Connection }, { createApp }, { loadConfig }, { buildDeps }, { createKey }, { createSegment }] = await Promise.all([
    import('@hono/node-server'),
    import('@temporalio/client'),
    import('../api/app.js'),
    import('../core/config.js'),
    import('../core/deps.js'),
    import('../core/projects/keys.js'),
    import('../core/segments/segments.js'),
  ]);
  const em = orm.em.fork();
  const have = Number((await em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from segments where project_id = ?', [projectId]))[0].n);
  const t0 = process.hrtime.bigint();
  for (let i = have; i < 100; i++) await createSegment(orm.em.fork(), projectId, { name: `list ${i}`, condition: conds[i % conds.length] });
  const createMs = ms(t0);
  const { raw } = await createKey(em, projectId, 'secret');
  const config = loadConfig({ ...process.env, DATABASE_URL: dbUrl(), SECRET_KEY: 'bench-secret-key-0123456789abcdef', RATE_LIMIT_PER_MINUTE: '1000000' });
  // Listing starts no workflow: a lazy client that is never connected.
  const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
  const server = serve({ fetch: createApp({ ...buildDeps(config, orm), temporal }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/segments?limit=100`;
  const t: number[] = [];
  let segments = 0;
  try {
    for (let i = 0; i < RUNS * 3; i++) {
      const s0 = process.hrtime.bigint();
      const res = await fetch(url, { headers: { authorization: `Bearer ${raw}` } });
      const body = (await res.json()) as { data: { items: unknown[] } };
      t.push(ms(s0));
      if (res.status !== 200) throw new Error(`GET /segments: ${res.status}`);
      segments = body.data.items.length;
    }
  } finally {
    server.close();
  }
  t.sort((a, b) => a - b);
  return { segments, created: Math.max(0, 100 - have), createMs, median: t[Math.floor(t.length / 2)], max: t[t.length - 1] };
}

async function main() {
  log(`database ${DB}; ${N.toLocaleString()} contacts, ${M.toLocaleString()} events; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount! > 0;
  if (!exists) await admin.query(`create database ${DB}`);
  const orm = await openOrm(dbUrl(), { migrate: true, poolMax: 2 });
  const c = new pg.Client({ connectionString: dbUrl() });
  await c.connect();
  try {
    let projectId = (await c.query<{ id: string }>(`select id from projects where name = 'bench-segments'`)).rows[0]?.id;
    if (!projectId) {
      projectId = (await createProject(orm.em.fork(), 'bench-segments')).project.id;
      const took = await seed(c, projectId);
      log(`seeding took ${((took.contacts + took.events + took.indexes + took.analyze) / 1000).toFixed(0)} s in all (analyze ${(took.analyze / 1000).toFixed(1)} s)`);
    }
    const seg = await segmentsFor(c, projectId);
    const now = new Date('2026-11-24T00:00:00Z');
    const out: string[] = ['| condition | matches | count | first page (20) | deep page (20) | indexes used (first page; count) |', '| --- | ---: | ---: | ---: | ---: | --- |'];
    for (const [name, cond] of conditions(seg)) {
      const expr = await compileConditionWithSegments(orm.em.fork(), cond, { projectId, now });
      const where = `c.project_id = $1 and (${numbered(expr.sql).replace(/\$(\d+)/g, (_, n) => `$${Number(n) + 1}`)})`;
      const params = [projectId, ...expr.params];
      const countSql = `select count(*)::int as n from contacts c where ${where}`;
      const pageSql = (after: boolean) =>
        `select c.id, c.email, c.subscribed, c.data, c.created_at, c.updated_at from contacts c where ${where}${after ? ` and c.id < $${params.length + 1}` : ''} order by c.id desc limit 21`;
      const count = await timed(c, countSql, params);
      const first = await timed(c, pageSql(false), params);
      const n = count.rows[0].n as number;
      const mid = n > 40 ? (await c.query(`select c.id from contacts c where ${where} order by c.id desc offset ${Math.floor(n / 2)} limit 1`, params)).rows[0].id : null;
      const deep = mid ? await timed(c, pageSql(true), [...params, mid]) : null;
      const pagePlan = await planOf(c, pageSql(false), params);
      const countPlan = await planOf(c, countSql, params);
      out.push(`| ${name} | ${n.toLocaleString()} | ${count.median.toFixed(0)} ms | ${first.median.toFixed(1)} ms | ${deep ? `${deep.median.toFixed(1)} ms` : 'n/a'} | ${pagePlan.used.join(', ')}; ${countPlan.used.join(', ')} |`);
      log(`${name}: ${n} matches, count ${count.median.toFixed(0)} ms, first ${first.median.toFixed(1)} ms, deep ${deep?.median.toFixed(1)} ms`);
      if (process.env.BENCH_PLANS) console.log(`--- ${name}\n${pagePlan.plan}\n${countPlan.plan}`);
    }
    const list = await timed(c, `select * from segments where project_id = $1 order by id desc limit 101`, [projectId]);
    const http = await listThroughHttp(orm, projectId, conditions(seg).map(([, cond]) => cond));
    console.log(`\n${out.join('\n')}\n\nGET /segments query (cached counts): ${list.median.toFixed(1)} ms`);
    console.log(`GET /segments?limit=100 over HTTP with ${http.segments} segments: median ${http.median.toFixed(1)} ms, max ${http.max.toFixed(1)} ms (${http.created} created now, each counted at create: ${http.createMs.toFixed(0)} ms in all)`);
  } finally {
    await c.end();
    await orm.close(true);
    if (!KEEP) await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
