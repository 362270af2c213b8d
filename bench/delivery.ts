/**
 * Delivery pacing benchmark (`npm run bench:delivery`): N real worker processes (`worker/main.ts`,
 * the production entrypoint) share one project's send rate through the PostgreSQL bucket.
 *
 * Creates a throw-away database, starts a headless Temporal dev server and a loopback SMTP server,
 * spawns the workers, warms them up on another project (a cold process misses its first slots),
 * then delivers BENCH_TOTAL queued emails in workflows of 20 and reports: duration against the
 * ideal TOTAL/RATE (target within 10%), the busiest 1 s window of send starts (database clock,
 * emails.sent_at), of SMTP transactions begun (MAIL FROM) and completed (end of DATA) at the sink
 * (its own process, bench/smtp-sink.ts), duplicates.
 *
 * Env: BENCH_RATE (emails/s, 20), BENCH_TOTAL (200), BENCH_WORKERS (2), BENCH_DB_URL (admin URL).
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProject } from '../core/projects/keys.js';
import { maxInWindow, pacingFor } from '../core/pacing.js';
import { newId } from '../db/ids.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { spawnWorker } from './worker-process.js';
import { startBenchStack } from './stack.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

const RATE = Number(process.env.BENCH_RATE ?? 20);
const TOTAL = Number(process.env.BENCH_TOTAL ?? 200);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


async function main() {
  const stack = await startBenchStack();
  const { orm, sink, client, taskQueue } = stack;
  const workers: ChildProcess[] = [];
  try {
    const env = { ...stack.workerEnv, SEND_RATE_PER_SECOND: String(RATE) };
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
        batches.push(client.workflow.execute(DELIVER_EMAILS_WORKFLOW, { taskQueue, workflowId: sendWorkflowId(emailIds[0]), args: [{ projectId, emailIds }] }));
      }
      await Promise.all(batches);
      return { ids, wallMs: Date.now() - started };
    };

    const warm = await createProject(orm.em.fork(), 'warm-up');
    await deliver(warm.project.id, 40);
    await sink.reset();
    const project = await createProject(orm.em.fork(), 'bench');
    const load = loadavg()[0];
    const { ids, wallMs } = await deliver(project.project.id, TOTAL);

    const departures = (
      await orm.em.fork().getConnection().execute<{ t: number }[]>(
        `select extract(epoch from sent_at)::float8 * 1000 as t from emails where project_id = ? and status = 'SENT'`,
        [project.project.id],
      )
    ).map((r) => Number(r.t));
    const received = await sink.arrivals();
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
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
