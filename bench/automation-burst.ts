/**
 * Automations at the speed of campaigns? (`npx tsx bench/automation-burst.ts`, issue 20)
 *
 * One stack, one run: a throw-away database, a Temporal dev server, the SMTP sink in its own
 * process, the API in a child process and `worker/main.ts` in another (pacing 100,000/s, rate
 * budgets lifted). Three ways to get one mail to each of BENCH_CONTACTS (default 1,000) contacts:
 *  1. automation: the contacts sign up through POST /v1/track with the public key, BENCH_CONCURRENCY
 *     (16) at a time; each event starts the one-step workflow `EVENT signup -> SEND_EMAIL`;
 *  2. campaign: a TRANSACTIONAL campaign to the same contacts (POST /campaigns, /send);
 *  3. floor: a bare Temporal loop on the same server, in this process: one workflow per contact,
 *     one activity handing a pre-composed message to an SmtpPool of the service's size.
 * Prints mails/s for each (first track / send call / first start to the last message at the sink),
 * track -> mail p50/p99/max, history events per automation execution (a sample of 20), duplicates
 * and the worker's peak RSS.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, NativeConnection } from '@temporalio/worker';
import { createProject } from '../core/projects/keys.js';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { encryptSecret } from '../core/secrets.js';
import { createTemplate } from '../core/templates/templates.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { automationWorkflowId } from '../core/workflow-ids.js';
import { newId } from '../db/ids.js';
import { sqlRows } from '../db/sql.js';
import { SmtpPool } from '../activities/smtp-pool.js';
import { limiter } from '../activities/lib/concurrency.js';
import { SMTP_POOL_CONNECTIONS } from '../activities/mailer.js';
import { BENCH_SECRET, startBenchStack } from './stack.js';
import { spawnWorker } from './worker-process.js';

const N = Number(process.env.BENCH_CONTACTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const root = fileURLToPath(new URL('..', import.meta.url));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Every item through `fn`, at most `n` at once (the service's own limiter). */
async function eachLimited<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  const limit = limiter(n);
  await Promise.all(items.map((item) => limit.run(() => fn(item))));
}

async function main() {
  const stack = await startBenchStack();
  const children: { kill(signal?: NodeJS.Signals): void }[] = [];
  try {
    const em = stack.orm.em.fork();
    const { project, publicKey, secretKey } = await createProject(em, 'burst');
    const keys = await generateDkimKeyPair();
    await em.getConnection().execute(
      `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
       values (?, ?, 'bench.test', 'VERIFIED', 'b', ?, ?, '[]', now())`,
      [newId(), project.id, keys.publicKey, encryptSecret(BENCH_SECRET, keys.privateKeyPem)],
    );
    const body = '<p>Hi {{email}}, welcome.</p>';
    const t = await createTemplate(em, project.id, { name: 'welcome', subject: 'Welcome', body, type: 'TRANSACTIONAL', from: 'hi@bench.test' });
    const wf = await createWorkflow(em, project.id, { name: 'signup', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps: [{ id: 'welcome', type: 'SEND_EMAIL', templateId: t.id }] });

    const env: NodeJS.ProcessEnv = { ...stack.workerEnv, SEND_RATE_PER_SECOND: '100000', TEMPORAL_LOG_LEVEL: 'ERROR', LOG_LEVEL: 'warn' };
    const api = fork(fileURLToPath(new URL('./automation.ts', import.meta.url)), ['--serve'], { execArgv: ['--import', 'tsx'], env });
    children.push(api);
    const port = await new Promise<number>((resolve) => api.once('message', (m: any) => resolve(m.port)));
    const worker = await spawnWorker('worker/main.ts', { cwd: root, env });
    children.push(worker);
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'));
      if (m) peakRss = Math.max(peakRss, Number(m[1]) * 1024);
    }, 200);
    const base = `http://127.0.0.1:${port}`;
    const call = (method: string, path: string, key: string, payload?: unknown) =>
      fetch(base + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: payload === undefined ? undefined : JSON.stringify(payload) });
    const untilArrived = async (count: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const r = await stack.sink.report();
        if (r.distinctRecipients >= count || Date.now() > deadline) return;
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    const emails = Array.from({ length: N }, (_, i) => `c${i}@bench.test`);

    // 1. Automation.
    await stack.sink.reset();
    const tracked = new Map<string, number>();
    const t0 = Date.now();
    await eachLimited(emails, CONCURRENCY, async (email) => {
      const res = await call('POST', '/v1/track', publicKey, { email, event: 'signup' });
      if (res.status !== 200) throw new Error(`track ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      tracked.set(email, Date.now());
    });
    const trackSeconds = (Date.now() - t0) / 1000;
    await untilArrived(N, 15 * 60_000);
    const auto = await stack.sink.report();
    const arrivals = await stack.sink.arrivals();
    const latencies = arrivals.filter((a) => tracked.has(a.to)).map((a) => a.arrivedAt - tracked.get(a.to)!);
    const autoSeconds = (Math.max(...arrivals.map((a) => a.arrivedAt)) - t0) / 1000;
    const sample = await sqlRows<{ workflow_id: string; contact_id: string; seq: number }>(em, 'select workflow_id, contact_id, seq from workflow_executions where workflow_id = ? limit 20', [wf.id]);
    const historyLengths = await Promise.all(sample.map(async (x) => ((await stack.client.workflow.getHandle(automationWorkflowId(x.workflow_id, x.contact_id, x.seq)).fetchHistory()).events ?? []).length));
    const [{ n: completed }] = await sqlRows<{ n: string }>(em, `select count(*) as n from workflow_executions where workflow_id = ? and status = 'COMPLETED'`, [wf.id]);

    // 2. Campaign to the same contacts, same stack.
    await stack.sink.reset();
    const created: any = await (await call('POST', '/campaigns', secretKey, { name: 'burst', subject: 'Campaign', body, from: 'hi@bench.test', type: 'TRANSACTIONAL', audienceType: 'ALL' })).json();
    const c0 = Date.now();
    const sent = await call('POST', `/campaigns/${created.data.id}/send`, secretKey, {});
    if (sent.status !== 200) throw new Error(`campaign send ${sent.status}: ${await sent.text()}`);
    await untilArrived(N, 15 * 60_000);
    const camp = await stack.sink.report();
    const campSeconds = (camp.lastMailFromAt! - c0) / 1000;

    // 3. The bare Temporal floor on the same server (this process: the worker child stays idle).
    await stack.sink.reset();
    const pool = new SmtpPool({ url: stack.sink.url, maxConnections: SMTP_POOL_CONNECTIONS });
    const raw = (to: string) => Buffer.from(`From: hi@bench.test\r\nTo: ${to}\r\nSubject: Floor\r\nMessage-ID: <${newId()}@bench.test>\r\nContent-Type: text/html\r\n\r\n<p>Hi ${to}, welcome.</p>\r\n`);
    const connection = await NativeConnection.connect({ address: String(env.TEMPORAL_ADDRESS) });
    const floorQueue = `${stack.taskQueue}-floor`;
    const floorWorker = await Worker.create({
      connection, taskQueue: floorQueue, workflowsPath: fileURLToPath(new URL('./workflows/floor.workflow.ts', import.meta.url)),
      activities: { handOff: async (to: string) => void (await pool.send({ envelope: { from: 'hi@bench.test', to: [to] }, raw: raw(to) })) },
      maxCachedWorkflows: 1000, maxConcurrentActivityTaskExecutions: 100,
    });
    const floorRun = floorWorker.run();
    const started = new Map<string, number>();
    const f0 = Date.now();
    await eachLimited(emails, 32, async (email) => {
      await stack.client.workflow.start('floorWorkflow', { taskQueue: floorQueue, workflowId: `floor-${email}`, args: [email] });
      started.set(email, Date.now());
    });
    await untilArrived(N, 15 * 60_000);
    const floor = await stack.sink.report();
    const floorArrivals = await stack.sink.arrivals();
    const floorLat = floorArrivals.map((a) => a.arrivedAt - started.get(a.to)!);
    const floorSeconds = (floor.lastMailFromAt! - f0) / 1000;
    floorWorker.shutdown();
    await floorRun;
    await connection.close();
    await pool.close();
    clearInterval(rssTimer);

    const line = (k: string, v: string | number) => console.log(`${k.padEnd(40)} ${v}`);
    console.log(`\nAutomations vs campaign vs bare Temporal: ${N} contacts, tracks ${CONCURRENCY} at a time; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    line('automation: mails', `${auto.distinctRecipients}/${N} (${auto.duplicatesSameMessageId + auto.duplicatesOtherMessageId} duplicates), ${completed} COMPLETED`);
    line('automation: mails/s (first track -> last mail)', `${(auto.distinctRecipients / autoSeconds).toFixed(1)} (${autoSeconds.toFixed(1)} s; tracks took ${trackSeconds.toFixed(1)} s)`);
    line('automation: track -> mail p50 / p99 / max', `${pct(latencies, 50)} / ${pct(latencies, 99)} / ${Math.max(...latencies)} ms`);
    line('automation: history events per execution', `${Math.min(...historyLengths)}-${Math.max(...historyLengths)} (sample of ${historyLengths.length})`);
    line('campaign: mails/s (send call -> last mail)', `${(camp.distinctRecipients / campSeconds).toFixed(1)} (${camp.distinctRecipients}/${N}, ${campSeconds.toFixed(1)} s, ${camp.duplicatesSameMessageId + camp.duplicatesOtherMessageId} duplicates)`);
    line('floor: mails/s (first start -> last mail)', `${(floor.distinctRecipients / floorSeconds).toFixed(1)} (${floor.distinctRecipients}/${N}, ${floorSeconds.toFixed(1)} s); start -> mail p50 ${pct(floorLat, 50)} ms, p99 ${pct(floorLat, 99)} ms`);
    line('automation / campaign', ((auto.distinctRecipients / autoSeconds) / (camp.distinctRecipients / campSeconds)).toFixed(2));
    line('automation / floor', ((auto.distinctRecipients / autoSeconds) / (floor.distinctRecipients / floorSeconds)).toFixed(2));
    line('worker peak RSS', `${(peakRss / 2 ** 20).toFixed(0)} MB`);
  } finally {
    for (const c of children) c.kill();
    await new Promise((r) => setTimeout(r, 1000));
    await stack.stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
