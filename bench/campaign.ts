/**
 * Campaign throughput benchmark (`npm run bench:campaign`): one campaign to BENCH_TOTAL contacts
 * (100,000 by default) through the real path (API core -> Temporal workflow -> worker process ->
 * pooled SMTP with DKIM) into a loopback SMTP sink that accepts and discards, with pacing far above
 * what the machine can do. Then, in the same run, the ceiling: one process, a plain pooled
 * nodemailer loop (same pool size), every message DKIM-signed with an RSA-2048 key, to the same sink.
 *
 * Reports messages/s of both and their ratio, total time, the worker's peak RSS, Temporal history
 * events per 1,000 recipients (all runs of the workflow), PostgreSQL rows written per message, and
 * duplicates at the sink, PostgreSQL transactions per message and the CPU of the backends serving the
 * workers; on a server that preloads pg_stat_statements, also the 10 statements that took most of its
 * time. Env: BENCH_TOTAL (100000), BENCH_DB_URL (admin URL), BENCH_WORKERS (worker
 * processes polling the queue, 1 by default: the campaign's pages in flight spread over them),
 * BENCH_WORKER_SOURCE=ts (run the worker from the sources under tsx instead of `npm run build`'s dist/).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { signingLoop } from './signing-loop.js';
import { createCampaign } from '../core/campaigns/campaigns.js';
import { sendCampaign } from '../core/campaigns/sending.js';
import { spawnWorker } from './worker-process.js';
import { addVerifiedBenchDomain, insertBenchContacts, startBenchStack } from './stack.js';
import { buildDist } from '../launcher/build.js';
import { createProject } from '../core/projects/keys.js';
import { campaignWorkflowId } from '../core/workflow-ids.js';

const TOTAL = Number(process.env.BENCH_TOTAL ?? 100_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** The worker as production runs it (`npm run build`'s JavaScript); BENCH_WORKER_SOURCE=ts runs the sources under tsx. */
const FROM_SOURCES = process.env.BENCH_WORKER_SOURCE === 'ts';
/** The campaign must be SENT within this (a hung run fails instead of waiting forever). */
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? Math.max(600, TOTAL / 20)) * 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const peakRssMb = (pid: number) => Number(/VmHWM:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Rows written so far (inserted, updated, deleted) by table, and transactions ended, in the bench's database. */
async function dbCounters(db: pg.Client): Promise<{ rows: Map<string, number>; transactions: number }> {
  await new Promise((r) => setTimeout(r, 1500)); // backends report their counters at transaction end, the view lags a little
  const r = (await db.query(
    `select pg_stat_clear_snapshot();
     select relname, (n_tup_ins + n_tup_upd + n_tup_del)::bigint as n from pg_stat_user_tables;
     select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()`,
  )) as unknown as pg.QueryResult[];
  return { rows: new Map(r[1].rows.map((x) => [x.relname as string, Number(x.n)])), transactions: Number(r[2].rows[0].n) };
}

/** Calls and time (ms, own) of each plpgsql function so far (the bench's database tracks them: track_functions = pl). */
async function functionTimes(db: pg.Client): Promise<Map<string, { calls: number; selfMs: number }>> {
  const r = await db.query<{ funcname: string; calls: string; self_time: number }>('select funcname, calls, self_time from pg_stat_user_functions');
  return new Map(r.rows.map((x) => [x.funcname, { calls: Number(x.calls), selfMs: x.self_time }]));
}

/**
 * The statements that took most of PostgreSQL's time in the bench's database since `reset()`, when
 * the server preloads pg_stat_statements (`shared_preload_libraries`; the bench cannot turn it on):
 * calls, rows and execution time per message. Null otherwise.
 */
async function statementProfile(db: pg.Client): Promise<{ reset(): Promise<void>; top(messages: number): Promise<unknown[]> } | null> {
  const preload = (await db.query<{ v: string }>("select current_setting('shared_preload_libraries') as v")).rows[0].v;
  if (!preload.split(',').some((l) => l.trim() === 'pg_stat_statements')) return null;
  await db.query('create extension if not exists pg_stat_statements');
  const thisDb = '(select oid from pg_database where datname = current_database())';
  return {
    reset: async () => void (await db.query(`select pg_stat_statements_reset(0, ${thisDb}, 0)`)),
    top: async (messages: number) =>
      (
        await db.query<{ calls: string; rows: string; ms: number; query: string }>(
          `select calls, rows, total_exec_time as ms, regexp_replace(query, '\\s+', ' ', 'g') as query
           from pg_stat_statements where dbid = ${thisDb} order by total_exec_time desc limit 10`,
        )
      ).rows.map((r) => ({
        calls: Number(r.calls),
        rowsPerCall: Number((Number(r.rows) / Number(r.calls)).toFixed(1)),
        msPerCall: Number((r.ms / Number(r.calls)).toFixed(3)),
        msPerMessage: Number((r.ms / messages).toFixed(4)),
        statement: r.query.slice(0, 160),
      })),
  };
}

/** CPU (ms) of each PostgreSQL backend serving the bench's database now (the workers' pools keep theirs open). */
async function backendCpu(db: pg.Client): Promise<Map<number, number>> {
  const r = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  const cpu = new Map<number, number>();
  for (const { pid } of r.rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

async function main() {
  const stack = await startBenchStack();
  const { orm, sink, client, taskQueue } = stack;
  const stats = new pg.Client({ connectionString: stack.dbUrl });
  await stats.connect();
  // For the connections opened from now on (the workers'): time spent in each plpgsql function.
  await stats.query(`select set_config('track_functions', 'pl', false); alter database "${new URL(stack.dbUrl).pathname.slice(1)}" set track_functions = 'pl'`);
  const env = { ...stack.workerEnv, SEND_RATE_PER_SECOND: '1000000' };
  if (!FROM_SOURCES) await buildDist();
  const workerMain = path.join(root, FROM_SOURCES ? 'worker/main.ts' : 'dist/worker/main.js');
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => spawnWorker(workerMain, { env })));
  try {
    const em = orm.em.fork();
    const { project } = await createProject(em, 'bench');
    const keys = await addVerifiedBenchDomain(em, project.id);
    await insertBenchContacts(em, project.id, TOTAL, (i) => ({ email: `c${i}@recipients.test`, data: { first_name: `N${i}` } }));
    const campaign = await createCampaign(em, project.id, {
      name: 'bench', subject: 'Hello {{first_name}}', from: 'news@example.com', audienceType: 'ALL',
      body: '<html><body><p>Hi {{first_name}}, see <a href="https://example.org/x">this</a></p></body></html>',
    });
    const load = loadavg()[0];
    const countersBefore = await dbCounters(stats);
    const backendsBefore = await backendCpu(stats);
    const functionsBefore = await functionTimes(stats);
    const workersCpuBefore = workers.reduce((sum, w) => sum + cpuMs(w.pid!), 0);
    const sinkCpuBefore = cpuMs(sink.pid);
    const statements = await statementProfile(stats);
    await statements?.reset();
    const started = Date.now();
    await sendCampaign(em, { temporal: client, config: { taskQueue } }, project.id, campaign.id);
    let lastProgress = 0;
    for (;;) {
      const r = await stats.query('select status, sent_count from campaigns where id = $1', [campaign.id]);
      if (r.rows[0].status === 'SENT') break;
      const elapsed = Date.now() - started;
      if (elapsed - lastProgress >= 10_000) {
        lastProgress = elapsed;
        console.error(`bench: ${Math.round(elapsed / 1000)} s, ${r.rows[0].sent_count}/${TOTAL} sent, load ${loadavg()[0].toFixed(2)}`);
      }
      if (elapsed > TIMEOUT_MS) throw new Error(`bench: the campaign did not finish within ${TIMEOUT_MS / 1000} s (BENCH_TIMEOUT_S)`);
      await new Promise((res) => setTimeout(res, 250));
    }
    const campaignMs = Date.now() - started;
    const topStatements = (await statements?.top(TOTAL)) ?? null;
    const workersCpuMs = workers.reduce((sum, w) => sum + cpuMs(w.pid!), 0) - workersCpuBefore;
    const sinkCpuMs = cpuMs(sink.pid) - sinkCpuBefore;
    const backendsAfter = await backendCpu(stats);
    const backendsCpuMs = [...backendsAfter].reduce((sum, [pid, ms]) => sum + ms - (backendsBefore.get(pid) ?? 0), 0);
    const countersAfter = await dbCounters(stats);
    const functions = Object.fromEntries(
      [...(await functionTimes(stats))].map(([name, f]) => {
        const before = functionsBefore.get(name) ?? { calls: 0, selfMs: 0 };
        return [name, { callsPerMessage: Number(((f.calls - before.calls) / TOTAL).toFixed(3)), msPerMessage: Number(((f.selfMs - before.selfMs) / TOTAL).toFixed(3)) }];
      }),
    );
    const rowsByTable = Object.fromEntries(
      [...countersAfter.rows]
        .map(([t, n]) => [t, n - (countersBefore.rows.get(t) ?? 0)] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([t, n]) => [t, Number((n / TOTAL).toFixed(3))]),
    );
    const rows = [...countersAfter.rows.values()].reduce((a, b) => a + b, 0) - [...countersBefore.rows.values()].reduce((a, b) => a + b, 0);
    const workerRss = Math.max(...workers.map((w) => peakRssMb(w.pid!)));
    let events = 0;
    let runs = 0;
    for await (const w of client.workflow.list({ query: `WorkflowId = '${campaignWorkflowId(campaign.id)}'` })) {
      runs++;
      events += (await client.workflow.getHandle(w.workflowId, w.runId).fetchHistory()).events?.length ?? 0;
    }
    const atSink = await sink.report();
    await sink.reset();

    // With DKIM_SIGNING=off (a relay signs) the service sends unsigned: so does its peer.
    const unsigned = process.env.DKIM_SIGNING === 'off';
    console.error(`bench: campaign done in ${campaignMs} ms; the pooled-nodemailer loop now`);
    const sinkCpuBeforeLoop = cpuMs(sink.pid);
    const ceiling = await signingLoop(sink.url, TOTAL, unsigned ? undefined : keys.privateKeyPem);
    const loopSinkCpuMs = cpuMs(sink.pid) - sinkCpuBeforeLoop;
    const ceilingMs = ceiling.ms;
    const campaignRate = (TOTAL * 1000) / campaignMs;
    const ceilingRate = (TOTAL * 1000) / ceilingMs;
    console.log(
      JSON.stringify(
        {
          total: TOTAL,
          workers: WORKERS,
          worker: FROM_SOURCES ? 'worker/main.ts (tsx)' : 'dist/worker/main.js',
          loadAverageAtStart: Number(load.toFixed(2)),
          loadAverageAtEnd: Number(loadavg()[0].toFixed(2)),
          campaign: {
            ms: campaignMs,
            messagesPerSecond: Number(campaignRate.toFixed(1)),
            workerCpuMsPerMessage: Number((workersCpuMs / TOTAL).toFixed(3)),
            // The receiving side, on the same cores: what the machine spends per message beside the sender.
            sinkCpuMsPerMessage: Number((sinkCpuMs / TOTAL).toFixed(3)),
            received: atSink.received,
            distinctRecipients: atSink.distinctRecipients,
            duplicatesSameMessageId: atSink.duplicatesSameMessageId,
            duplicatesOtherMessageId: atSink.duplicatesOtherMessageId,
            dkimSigned: atSink.dkimSigned,
          },
          ceiling: { dkim: unsigned ? 'off' : 'RSA-2048', ms: ceilingMs, messagesPerSecond: Number(ceilingRate.toFixed(1)), cpuMsPerMessage: Number((ceiling.cpuMs / TOTAL).toFixed(3)), sinkCpuMsPerMessage: Number((loopSinkCpuMs / TOTAL).toFixed(3)), ...(({ received, dkimSigned }) => ({ received, dkimSigned }))(await sink.report()) },
          ratio: Number((campaignRate / ceilingRate).toFixed(3)),
          workerPeakRssMb: Number(workerRss.toFixed(1)),
          temporal: { runs, events, eventsPer1000Recipients: Number(((events * 1000) / TOTAL).toFixed(1)) },
          postgresRowsWrittenPerMessage: Number((rows / TOTAL).toFixed(2)),
          postgresRowsWrittenPerMessageByTable: rowsByTable,
          postgresTransactionsPerMessage: Number(((countersAfter.transactions - countersBefore.transactions) / TOTAL).toFixed(3)),
          // Backends connected at the end (the workers' pools): a lower bound of the server's CPU for the campaign.
          postgresBackendCpuMsPerMessage: Number((backendsCpuMs / TOTAL).toFixed(3)),
          // Wall time inside each plpgsql function (its own, lock waits included), per message.
          postgresFunctions: functions,
          // With pg_stat_statements preloaded by the server: the 10 statements that took most of its time.
          postgresTopStatements: topStatements,
        },
        null,
        2,
      ),
    );
  } finally {
    for (const worker of workers) {
      worker.kill('SIGTERM');
      await new Promise((r) => (worker.exitCode !== null ? r(null) : worker.once('exit', r)));
    }
    await stats.end();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
