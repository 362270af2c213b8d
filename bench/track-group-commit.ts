/**
 * What one statement and one commit per track cost PostgreSQL (`npx tsx bench/track-group-commit.ts`, issue 20):
 * CONCURRENCY (16) loops on a throw-away database track new contacts, in blocks of BLOCK (4,000) tracks, ROUNDS (3)
 * times, three ways in turn:
 *  - one: the track statement (core/events/track.ts, TRACK_SQL) one call per statement and commit, as POST
 *    /v1/track ran every call before it grouped plain ones;
 *  - tx: GROUP (8) of those statements per transaction (one commit for them);
 *  - rows: the service's own path (trackEvent): each loop makes GROUP calls at once, and the calls that arrive
 *    together go in one statement (TRACK_ROWS_SQL).
 * Prints, per block, tracks/s, the CPU of every PostgreSQL process on this host per track (backends, WAL writer;
 * from /proc) and this process's CPU per track (the client's side, node-postgres). Each loop tracks its own event
 * name. WORKFLOW=1 makes a workflow listen to every name (the automation trigger writes an inbox row per track).
 * PostgreSQL on this host only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openOrm } from '../db/orm.js';
import { newId } from '../db/ids.js';
import { preparedStatement, sqlPreparedRows } from '../db/sql.js';
import { upsertContactParams } from '../core/contact-upsert.js';
import { createProject } from '../core/projects/keys.js';
import { createTemplate } from '../core/templates/templates.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { TRACK_SQL, trackEvent } from '../core/events/track.js';
import { ADMIN_URL, addVerifiedBenchDomain } from './stack.js';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const GROUP = Number(process.env.GROUP ?? 8);
const BLOCK = Number(process.env.BLOCK ?? 4000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** CPU (ms) used so far by every process named postgres on this host. */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10;
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const name = `mh_tg_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const orm = await openOrm(url, { migrate: true, poolMax: CONCURRENCY });
try {
  const em = orm.em.fork();
  const { project } = await createProject(em, 'group-commit');
  const names = Array.from({ length: CONCURRENCY }, (_, i) => `signup-${i}`);
  if (process.env.WORKFLOW === '1') {
    await addVerifiedBenchDomain(em, project.id, 'bench.test');
    const t = await createTemplate(em, project.id, { name: 'welcome', subject: 'Welcome', body: '<p>Hi</p>', type: 'TRANSACTIONAL', from: 'hi@bench.test' });
    for (const eventName of names) {
      await createWorkflow(em, project.id, { name: eventName, enabled: true, trigger: { type: 'EVENT', eventName }, steps: [{ id: 'welcome', type: 'SEND_EMAIL', templateId: t.id }] });
    }
  }
  let next = 0;
  const ONE = preparedStatement('bench_track_one_v1', TRACK_SQL);
  /** TRACK_SQL as trackEvent binds it for a plain call. */
  const trackStatement = (tx: EntityManager, loop: number) =>
    sqlPreparedRows(tx, ONE, [...upsertContactParams(project.id, { email: `u${next++}@x.test` }, true), newId(), project.id, names[loop], '{}', project.id]);
  const ways = {
    one: async (loop: number) => void (await trackStatement(orm.em.fork(), loop)),
    tx: (loop: number, n: number) =>
      orm.em.fork().transactional(async (tx) => {
        for (let i = 0; i < n; i++) await trackStatement(tx, loop);
      }),
    rows: async (loop: number, n: number) =>
      void (await Promise.all(Array.from({ length: n }, () => trackEvent(orm.em.fork(), project.id, { email: `u${next++}@x.test`, event: names[loop] })))),
  };

  async function block(way: keyof typeof ways): Promise<string> {
    const [pg0, own0, t0] = [postgresCpuMs(), ownCpuMs(), Date.now()];
    let left = BLOCK;
    await Promise.all(
      names.map(async (_, loop) => {
        while (left > 0) {
          const n = way === 'one' ? 1 : Math.min(GROUP, left);
          left -= n;
          await ways[way](loop, n);
        }
      }),
    );
    const ms = Date.now() - t0;
    return `${way} ${((BLOCK * 1000) / ms).toFixed(0)}/s pg ${((postgresCpuMs() - pg0) / BLOCK).toFixed(3)} client ${((ownCpuMs() - own0) / BLOCK).toFixed(3)}`;
  }

  for (const way of ['one', 'tx', 'rows'] as const) await block(way); // warm-up: connections, prepared statements, caches
  for (let round = 1; round <= ROUNDS; round++) {
    const results = [];
    for (const way of ['one', 'tx', 'rows'] as const) results.push(await block(way));
    console.log(`round ${round}: ${results.join(' | ')} (ms of CPU per track; ${CONCURRENCY} loops, ${GROUP} per transaction or at once, blocks of ${BLOCK})`);
  }
} finally {
  await orm.close(true);
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
