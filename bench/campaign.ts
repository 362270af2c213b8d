/**
 * Campaign throughput benchmark (`npm run bench:campaign`): one campaign to BENCH_TOTAL contacts
 * (100,000 by default) through the real path (API core -> Temporal workflow -> worker process ->
 * pooled SMTP with DKIM) into a loopback SMTP sink that accepts and discards, with pacing far above
 * what the machine can do. Then, in the same run, the ceiling: one process, a plain pooled
 * nodemailer loop (same pool size), every message DKIM-signed with an RSA-2048 key, to the same sink.
 *
 * Reports messages/s of both and their ratio, total time, the worker's peak RSS, Temporal history
 * events per 1,000 recipients (all runs of the workflow), PostgreSQL rows written per message, and
 * duplicates at the sink. Env: BENCH_TOTAL (100000), BENCH_DB_URL (admin URL), BENCH_WORKERS (worker
 * processes polling the queue, 1 by default: the campaign's pages in flight spread over them).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { DKIM_HEADER_FIELDS, SMTP_POOL_CONNECTIONS } from '../activities/mailer.js';
import { createCampaign } from '../core/campaigns/campaigns.js';
import { sendCampaign } from '../core/campaigns/sending.js';
import { spawnWorker } from './worker-process.js';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { createProject } from '../core/projects/keys.js';
import { encryptSecret } from '../core/secrets.js';
import { campaignWorkflowId } from '../core/workflow-ids.js';
import { newId } from '../db/ids.js';
import { openOrm } from '../db/orm.js';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';

const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_TOTAL ?? 100_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SECRET = 'bench-secret-key-0123456789abcdef';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

/** The sink: accepts everything, keeps the Message-ID and recipient of each message only. */
async function startSink() {
  const got: { to: string; messageId: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => (head.length < 4096 ? (head += c.toString('utf8')) : undefined));
      stream.on('end', () => {
        got.push({ to: session.envelope.rcptTo[0]?.address ?? '', messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '' });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { got, url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const peakRssMb = (pid: number) => Number(/VmHWM:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function rowsWritten(db: pg.Client): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500)); // backends report their counters at transaction end, the view lags a little
  const r = await db.query('select pg_stat_clear_snapshot(); select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as n from pg_stat_user_tables');
  return Number((r as unknown as pg.QueryResult[])[1].rows[0].n);
}

/** The ceiling: pooled nodemailer, same pool size, DKIM RSA-2048 on every message. */
async function ceilingLoop(smtpUrl: string, n: number, privateKey: string) {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_POOL_CONNECTIONS });
  const started = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      await transport.sendMail({
        from: 'news@example.com',
        to: `ceiling-${i}@recipients.test`,
        subject: `Hello N${i}`,
        html: `<html><body><p>Hi N${i}, see <a href="https://example.org/x">this</a></p></body></html>`,
        text: `Hi N${i}`,
        messageId: `<${newId()}@example.com>`,
        dkim: { domainName: 'example.com', keySelector: 'bench', privateKey, headerFieldNames: DKIM_HEADER_FIELDS },
      });
    }
  };
  await Promise.all(Array.from({ length: SMTP_POOL_CONNECTIONS }, lane));
  transport.close();
  return Date.now() - started;
}

async function main() {
  const bin = findTemporalCli();
  if (!bin) throw new Error('temporal CLI not found: run .ci/run once (it installs it)');
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const orm = await openOrm(dbUrl, { migrate: true });
  const stats = new pg.Client({ connectionString: dbUrl });
  await stats.connect();
  const temporalServer = await startTemporalDevServer({ bin, headless: true });
  const sink = await startSink();
  const taskQueue = `bench-${randomBytes(4).toString('hex')}`;
  const connection = await Connection.connect({ address: temporalServer.address });
  const client = new Client({ connection });
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl,
    TEMPORAL_ADDRESS: temporalServer.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    SMTP_URL: sink.url,
    SEND_RATE_PER_SECOND: '1000000',
    SECRET_KEY: SECRET,
    DATA_DIR: path.join(tmpdir(), dbName),
  };
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => spawnWorker(path.join(root, 'worker/main.ts'), { env })));
  try {
    const em = orm.em.fork();
    const { project } = await createProject(em, 'bench');
    const keys = await generateDkimKeyPair();
    await em.getConnection().execute(
      `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
       values (?, ?, 'example.com', 'VERIFIED', 'bench', ?, ?, '[]', now())`,
      [newId(), project.id, keys.publicKey, encryptSecret(SECRET, keys.privateKeyPem)],
    );
    for (let b = 0; b < TOTAL; b += 10_000) {
      const rows = Array.from({ length: Math.min(10_000, TOTAL - b) }, (_, i) => ({ id: newId(), email: `c${b + i}@recipients.test`, data: { first_name: `N${b + i}` } }));
      await em.getConnection().execute(
        `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
         select v.id, ?, v.email, true, v.data, now(), now() from jsonb_to_recordset(?::jsonb) as v(id uuid, email text, data jsonb)`,
        [project.id, JSON.stringify(rows)],
      );
    }
    const campaign = await createCampaign(em, project.id, {
      name: 'bench', subject: 'Hello {{first_name}}', from: 'news@example.com', audienceType: 'ALL',
      body: '<html><body><p>Hi {{first_name}}, see <a href="https://example.org/x">this</a></p></body></html>',
    });
    const load = loadavg()[0];
    const rowsBefore = await rowsWritten(stats);
    const started = Date.now();
    await sendCampaign(em, { temporal: client, config: { taskQueue } }, project.id, campaign.id);
    for (;;) {
      const r = await stats.query('select status from campaigns where id = $1', [campaign.id]);
      if (r.rows[0].status === 'SENT') break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const campaignMs = Date.now() - started;
    const rows = (await rowsWritten(stats)) - rowsBefore;
    const workerRss = Math.max(...workers.map((w) => peakRssMb(w.pid!)));
    let events = 0;
    let runs = 0;
    for await (const w of client.workflow.list({ query: `WorkflowId = '${campaignWorkflowId(campaign.id)}'` })) {
      runs++;
      events += (await client.workflow.getHandle(w.workflowId, w.runId).fetchHistory()).events?.length ?? 0;
    }
    const campaignMessages = sink.got.length;
    const distinct = new Set(sink.got.map((g) => g.to)).size;

    const ceilingMs = await ceilingLoop(sink.url, TOTAL, keys.privateKeyPem);
    const campaignRate = (TOTAL * 1000) / campaignMs;
    const ceilingRate = (TOTAL * 1000) / ceilingMs;
    console.log(
      JSON.stringify(
        {
          total: TOTAL,
          workers: WORKERS,
          loadAverageAtStart: Number(load.toFixed(2)),
          campaign: { ms: campaignMs, messagesPerSecond: Number(campaignRate.toFixed(1)), received: campaignMessages, distinctRecipients: distinct, duplicates: campaignMessages - distinct },
          ceiling: { ms: ceilingMs, messagesPerSecond: Number(ceilingRate.toFixed(1)) },
          ratio: Number((campaignRate / ceilingRate).toFixed(3)),
          workerPeakRssMb: Number(workerRss.toFixed(1)),
          temporal: { runs, events, eventsPer1000Recipients: Number(((events * 1000) / TOTAL).toFixed(1)) },
          postgresRowsWrittenPerMessage: Number((rows / TOTAL).toFixed(2)),
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
    await connection.close();
    await temporalServer.stop();
    await sink.close();
    await stats.end();
    await orm.close(true);
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
