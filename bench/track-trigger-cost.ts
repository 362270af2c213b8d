/**
 * What a listening workflow adds to a track statement (`npx tsx bench/track-trigger-cost.ts`, issue 20):
 * one PostgreSQL backend (pool of 1) on a throw-away database runs the track statement (core/events/track.ts)
 * in blocks of BLOCK (1000), alternately into a project with no workflow and into one whose enabled workflow
 * `EVENT signup` listens (there the trigger on `events` writes an automation_inbox row), ROUNDS (4) times; it
 * prints that backend's CPU per statement for each block (from /proc: CPU time, so other programs' load moves
 * it less than a rate). PostgreSQL on this host only.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openOrm } from '../db/orm.js';
import { sqlRows } from '../db/sql.js';
import { newId } from '../db/ids.js';
import { createProject } from '../core/projects/keys.js';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { encryptSecret } from '../core/secrets.js';
import { createTemplate } from '../core/templates/templates.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { trackEvent } from '../core/events/track.js';
import { ADMIN_URL, BENCH_SECRET } from '../bench/stack.js';

const name = `mh_tl_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL }); await admin.connect(); await admin.query(`create database ${name}`);
const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const orm = await openOrm(url, { migrate: true, poolMax: 1 });
try {
  const em = orm.em.fork();
  const { project } = await createProject(em, 'listen');
  const quiet = await createProject(em, 'quiet');
  const keys = await generateDkimKeyPair();
  await em.getConnection().execute(`insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at) values (?, ?, 'bench.test', 'VERIFIED', 'b', ?, ?, '[]', now())`, [newId(), project.id, keys.publicKey, encryptSecret(BENCH_SECRET, keys.privateKeyPem)]);
  const t = await createTemplate(em, project.id, { name: 'welcome', subject: 'Welcome', body: '<p>Hi</p>', type: 'TRANSACTIONAL', from: 'hi@bench.test' });
  await createWorkflow(em, project.id, { name: 'signup', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps: [{ id: 'welcome', type: 'SEND_EMAIL', templateId: t.id }] });
  const [{ pid }] = await sqlRows<{ pid: number }>(em, 'select pg_backend_pid() as pid');
  const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
  const BLOCK = Number(process.env.BLOCK ?? 1000);
  const res: Record<string, number[]> = { none: [], listening: [] };
  let i = 0;
  for (let round = 0; round < Number(process.env.ROUNDS ?? 4); round++) {
    for (const [k, pid_] of [['none', quiet.project.id], ['listening', project.id]] as const) {
      const c0 = cpu();
      for (let j = 0; j < BLOCK; j++) await trackEvent(em, pid_, { email: `u${i++}@x.test`, event: 'signup' });
      res[k].push((cpu() - c0) / BLOCK);
    }
  }
  const [{ n }] = await sqlRows<{ n: string }>(em, 'select count(*) as n from automation_inbox');
  console.log(`backend CPU ms per track statement, blocks of ${BLOCK}: none ${res.none.map((x) => x.toFixed(3)).join(' ')}; listening ${res.listening.map((x) => x.toFixed(3)).join(' ')}; inbox rows ${n}`);
} finally {
  await orm.close(true);
  await admin.query(`drop database ${name} with (force)`); await admin.end();
}
