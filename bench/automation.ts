/**
 * Automation benchmark (`npx tsx bench/automation.ts`).
 *
 * A throw-away database, a Temporal dev server, a loopback SMTP sink, the API in a child process
 * and `npm run start:worker` in another (pacing set high). BENCH_CONTACTS (default 10,000) contacts
 * each track `trial_started` through /v1/track twice over, in the same run: first with the
 * workflow disabled, then enabled (new contacts each time). The workflow is SEND_EMAIL, DELAY 1 s,
 * SEND_EMAIL. Prints track throughput in both phases and their ratio, executions started per
 * second, the time until every execution completed, the mails received, and the worker's peak RSS.
 *
 * Env: BENCH_CONTACTS, BENCH_CONNECTIONS (50), BENCH_DB_URL (admin URL), TEMPORAL_CLI.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { spawnWorker } from './worker-process.js';

const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECRET = 'bench-secret-key-0123456789abcdef';
const root = fileURLToPath(new URL('..', import.meta.url));

/** Child: the API on a free loopback port. */
async function serveChild() {
  const { serve } = await import('@hono/node-server');
  const { Client, Connection } = await import('@temporalio/client');
  const { createApp } = await import('../api/app.js');
  const { loadConfig } = await import('../core/config.js');
  const { openOrm } = await import('../db/orm.js');
  const { buildDeps, withTemporal } = await import('../core/deps.js');
  const config = loadConfig({ ...process.env, RATE_LIMIT_PER_MINUTE: '1000000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'warn' });
  const orm = await openOrm(config.databaseUrl!);
  const temporal = new Client({ connection: Connection.lazy({ address: config.temporalAddress! }) });
  const server = serve({ fetch: createApp(withTemporal(buildDeps(config, orm), temporal)).fetch, port: 0, hostname: '127.0.0.1' });
  server.once('listening', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('message', () => process.exit(0));
}

async function main() {
  const { openOrm } = await import('../db/orm.js');
  const { createProject } = await import('../core/projects/keys.js');
  const { generateDkimKeyPair } = await import('../core/domains/dkim.js');
  const { encryptSecret } = await import('../core/secrets.js');
  const { createTemplate } = await import('../core/templates/templates.js');
  const { createWorkflow } = await import('../core/automations/workflows.js');
  const { findTemporalCli, startTemporalDevServer } = await import('../launcher/temporal-cli.js');
  const { newId } = await import('../db/ids.js');
  const { default: autocannon } = await import('autocannon');

  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  let received = 0;
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, disableReverseLookup: true,
    onData(stream, _s, cb) { stream.on('data', () => {}); stream.on('end', () => { received++; cb(); }); } });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const temporal = await startTemporalDevServer({ bin: findTemporalCli()!, headless: true });
  const children: { kill(): void }[] = [];
  try {
    const orm = await openOrm(dbUrl.toString(), { migrate: true });
    const em = orm.em.fork();
    const { publicKey, project } = await createProject(em, 'bench');
    const keys = await generateDkimKeyPair();
    await em.getConnection().execute(
      `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
       values (?, ?, 'bench.test', 'VERIFIED', 'b', ?, ?, '[]', now())`,
      [newId(), project.id, keys.publicKey, encryptSecret(SECRET, keys.privateKeyPem)],
    );
    const t1 = await createTemplate(em, project.id, { name: 'one', subject: 'Welcome', body: '<p>Hi {{email}}</p>', type: 'TRANSACTIONAL', from: 'hi@bench.test' });
    const t2 = await createTemplate(em, project.id, { name: 'two', subject: 'Day two', body: '<p>Again</p>', type: 'TRANSACTIONAL', from: 'hi@bench.test' });
    const wf = await createWorkflow(em, project.id, {
      name: 'bench', enabled: false, trigger: { type: 'EVENT', eventName: 'trial_started' },
      steps: [
        { id: 'a', type: 'SEND_EMAIL', templateId: t1.id, next: 'wait' },
        { id: 'wait', type: 'DELAY', amount: 1, unit: 'seconds', next: 'b' },
        { id: 'b', type: 'SEND_EMAIL', templateId: t2.id },
      ],
    });
    const env = {
      ...process.env, DATABASE_URL: dbUrl.toString(), TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'bench',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, SEND_RATE_PER_SECOND: '100000', SECRET_KEY: SECRET, TEMPORAL_LOG_LEVEL: 'ERROR',
    };
    const api = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], env });
    children.push(api);
    const port = await new Promise<number>((resolve) => api.once('message', (m: any) => resolve(m.port)));
    const worker = await spawnWorker('worker/main.ts', { cwd: root, env });
    children.push(worker);
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'));
      if (m) peakRss = Math.max(peakRss, Number(m[1]) * 1024);
    }, 200);

    const count = async (where: string) => Number((await em.getConnection().execute<any[]>(`select count(*) as n from workflow_executions where ${where}`, []))[0].n);
    // A batch's executions are written dispatched by their insert: their start is their batch head's mark (core/automations/dispatch.ts, planBatches).
    const startedInTemporal = async () =>
      Number((await em.getConnection().execute<any[]>(
        `select count(*) as n from workflow_executions x left join workflow_executions h on h.batch_id = x.batch_id and h.batch_members is not null
         where (case when h.id is not null then h.dispatched_at else x.dispatched_at end) is not null`, []))[0].n);
    const phase = async (prefix: string) => {
      let n = 0;
      const r = await autocannon({
        url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, amount: CONTACTS,
        requests: [{ method: 'POST', path: '/v1/track', headers: { authorization: `Bearer ${publicKey}`, 'content-type': 'application/json' },
          setupRequest: (req: any) => ({ ...req, body: JSON.stringify({ email: `${prefix}${n++}@bench.test`, event: 'trial_started', data: { plan: 'pro' } }) }) }],
      });
      return { rps: (r.statusCodeStats['200']?.count ?? 0) / r.duration, p99: r.latency.p99, non2xx: r.non2xx };
    };
    const disabled = await phase('off');
    await em.getConnection().execute('update workflows set enabled = true where id = ?', [wf.id]);
    // The track path alone (trigger + inbox row + NOTIFY), with the worker paused: on a shared
    // machine the worker's own CPU (starting and running executions) otherwise lands in the number.
    worker.kill('SIGSTOP');
    const enabledPaused = await phase('paused');
    const queued = Number((await em.getConnection().execute<any[]>('select count(*) as n from automation_inbox', []))[0].n);
    await em.getConnection().execute('delete from automation_inbox'); // these contacts are not part of the run below
    worker.kill('SIGCONT');
    const started = Date.now();
    const enabled = await phase('on');
    let allStartedAt = 0;
    while (Date.now() - started < 30 * 60_000) {
      if (!allStartedAt && (await startedInTemporal()) >= CONTACTS) allStartedAt = Date.now();
      if ((await count(`status = 'COMPLETED'`)) >= CONTACTS) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const finished = Date.now();
    clearInterval(rssTimer);
    const line = (k: string, v: string | number) => console.log(`${k.padEnd(30)} ${v}`);
    console.log(`\nAutomations: ${CONTACTS} contacts per phase, ${CONNECTIONS} connections; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    line('track, workflow disabled', `${disabled.rps.toFixed(0)} req/s (p99 ${disabled.p99} ms, ${disabled.non2xx} non-2xx)`);
    line('track, workflow enabled', `${enabled.rps.toFixed(0)} req/s (p99 ${enabled.p99} ms, ${enabled.non2xx} non-2xx)`);
    line('enabled / disabled', (enabled.rps / disabled.rps).toFixed(2));
    line('track, enabled, worker paused', `${enabledPaused.rps.toFixed(0)} req/s (p99 ${enabledPaused.p99} ms): ratio ${(enabledPaused.rps / disabled.rps).toFixed(2)}, ${queued} inbox rows written`);
    line('executions started', `${await startedInTemporal()} in ${((allStartedAt - started) / 1000).toFixed(1)} s (${(CONTACTS / ((allStartedAt - started) / 1000)).toFixed(0)}/s, from the first track of the phase)`);
    line('executions completed', `${await count(`status = 'COMPLETED'`)} after ${((finished - started) / 1000).toFixed(1)} s`);
    line('mails received', received);
    line('worker peak RSS', `${(peakRss / 2 ** 20).toFixed(0)} MB`);
    await orm.close(true);
  } finally {
    for (const c of children) c.kill();
    await new Promise((r) => setTimeout(r, 1000));
    await temporal.stop();
    smtp.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

if (process.argv.includes('--serve')) void serveChild();
else main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
