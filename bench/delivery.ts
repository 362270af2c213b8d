/**
 * Delivery pacing benchmark (`npm run bench:delivery`): N real worker processes (`worker/main.ts`,
 * the production entrypoint) share one project's send rate through the PostgreSQL bucket.
 *
 * Creates a throw-away database, starts a headless Temporal dev server and a loopback SMTP server,
 * spawns the workers, warms them up on another project (a cold process misses its first slots),
 * then delivers BENCH_TOTAL queued emails in workflows of 20 and reports: duration against the
 * ideal TOTAL/RATE (target within 10%), the busiest 1 s window of send starts (database clock,
 * emails.sent_at), of SMTP transactions begun (MAIL FROM) and completed (end of DATA), duplicates.
 *
 * Env: BENCH_RATE (emails/s, 20), BENCH_TOTAL (200), BENCH_WORKERS (2), BENCH_DB_URL (admin URL).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createProject } from '../core/projects/keys.js';
import { maxInWindow, pacingFor } from '../core/pacing.js';
import { newId } from '../db/ids.js';
import { openOrm } from '../db/orm.js';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { spawnWorker } from './worker-process.js';

const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const RATE = Number(process.env.BENCH_RATE ?? 20);
const TOTAL = Number(process.env.BENCH_TOTAL ?? 200);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

async function main() {
  const bin = findTemporalCli();
  if (!bin) throw new Error('temporal CLI not found: run .ci/run once (it installs it)');
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const orm = await openOrm(dbUrl, { migrate: true });
  const temporalServer = await startTemporalDevServer({ bin, headless: true });
  const received: { messageId: string; mailFromAt: number; arrivedAt: number }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onMailFrom(_a, session, cb) {
      (session as unknown as { at: number }).at = Date.now();
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8', 0, 4096);
        received.push({ messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '', mailFromAt: (session as unknown as { at: number }).at, arrivedAt: Date.now() });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const taskQueue = `bench-${randomBytes(4).toString('hex')}`;
  const workers: ChildProcess[] = [];
  const connection = await Connection.connect({ address: temporalServer.address });
  const client = new Client({ connection });
  try {
    const env = {
      ...process.env,
      DATABASE_URL: dbUrl,
      TEMPORAL_ADDRESS: temporalServer.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SMTP_URL: smtpUrl,
      SEND_RATE_PER_SECOND: String(RATE),
      SECRET_KEY: 'bench-secret-key-0123456789abcdef',
      DATA_DIR: path.join(tmpdir(), dbName),
    };
    for (let i = 0; i < WORKERS; i++) {
      workers.push(await spawnWorker(path.join(root, 'worker/main.ts'), { env }));
    }

    const deliver = async (projectId: string, count: number) => {
      const ids = Array.from({ length: count }, () => newId());
      const rows = ids.map((id, i) => ({ id, to_email: `bench${i}@recipients.test`, message_id: `<${id}@example.com>` }));
      await orm.em.fork().getConnection().execute(
        `insert into emails (id, project_id, to_email, from_email, subject, html, text_body, headers, attachments, message_id, status)
         select r.id, ?, r.to_email, 'bench@example.com', 'Bench', '<p>Hello</p>', 'Hello', '{}', '[]', r.message_id, 'QUEUED'
         from jsonb_to_recordset(?::jsonb) as r(id uuid, to_email text, message_id text)`,
        [projectId, JSON.stringify(rows)],
        'run',
      );
      const started = Date.now();
      const batches: Promise<unknown>[] = [];
      for (let b = 0; b < ids.length; b += 20) {
        const emailIds = ids.slice(b, b + 20);
        batches.push(client.workflow.execute('deliverEmailsWorkflow', { taskQueue, workflowId: sendWorkflowId(emailIds[0]), args: [{ projectId, emailIds }] }));
      }
      await Promise.all(batches);
      return { ids, wallMs: Date.now() - started };
    };

    const warm = await createProject(orm.em.fork(), 'warm-up');
    await deliver(warm.project.id, 40);
    received.length = 0;
    const project = await createProject(orm.em.fork(), 'bench');
    const load = loadavg()[0];
    const { ids, wallMs } = await deliver(project.project.id, TOTAL);

    const departures = (
      await orm.em.fork().getConnection().execute<{ t: number }[]>(
        `select extract(epoch from sent_at)::float8 * 1000 as t from emails where project_id = ? and status = 'SENT'`,
        [project.project.id],
      )
    ).map((r) => Number(r.t));
    const arrivals = received.map((r) => r.arrivedAt).sort((a, b) => a - b);
    const duration = arrivals[arrivals.length - 1] - arrivals[0];
    const ideal = (TOTAL / RATE) * 1000;
    const distinct = new Set(received.map((r) => r.messageId)).size;
    const result = {
      rate: RATE,
      total: TOTAL,
      workers: WORKERS,
      loadAverageAtStart: Number(load.toFixed(2)),
      sent: departures.length,
      received: received.length,
      duplicates: received.length - distinct,
      durationMs: duration,
      workflowWallMs: wallMs,
      idealMs: ideal,
      withinTenPercent: duration >= ideal * 0.9 && duration <= ideal * 1.1,
      peak1sSendStarts: maxInWindow(departures, 1000),
      peakSendStartsInPacingWindow: maxInWindow(departures, pacingFor(RATE).windowMs),
      guaranteedMax: pacingFor(RATE).maxStarts,
      peak1sMailFrom: maxInWindow(received.map((r) => r.mailFromAt), 1000),
      peak1sCompleted: maxInWindow(arrivals, 1000),
      allDelivered: distinct === ids.length,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    await connection.close();
    await temporalServer.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
    await orm.close(true);
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
