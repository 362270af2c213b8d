/**
 * Where one automation execution's time and work go (`npx tsx bench/automation-profile.ts`).
 *
 * Counts more than it times (the machine is shared): a throw-away database, a Temporal dev server,
 * the SMTP sink, and the worker in this process with a query-counting ORM. BENCH_EXECUTIONS
 * (default 20) sign-ups, ONE AT A TIME, each start the one-step workflow `EVENT signup ->
 * SEND_EMAIL (TRANSACTIONAL template)`; for each: the SQL statements the worker side ran (begin,
 * commit and savepoints included; the idle dispatcher's polling subtracted), the Temporal history
 * (events by type, activity tasks, local-activity markers, workflow tasks), and the time from the
 * recorded event to the execution row, the workflow start, its first activity or marker, the
 * message at the SMTP server and the final status.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import proto from '@temporalio/proto';

const { temporal } = proto;
import { loadConfig } from '../core/config.js';
import { buildDeps } from '../core/deps.js';
import { createProject } from '../core/projects/keys.js';
import { createTemplate } from '../core/templates/templates.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { trackEvent } from '../core/events/track.js';
import { automationWorkflowId } from '../core/workflow-ids.js';
import { openOrm, ormOptions } from '../db/orm.js';
import { sqlRows } from '../db/sql.js';
import { createWorker } from '../worker/create-worker.js';
import { BENCH_SECRET, startBenchStack } from './stack.js';

const N = Number(process.env.BENCH_EXECUTIONS ?? 20);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const stack = await startBenchStack();
  let statements = 0;
  const orm = await MikroORM.init({ ...ormOptions(stack.dbUrl), debug: ['query'], logger: () => void statements++ });
  const config = loadConfig({ ...stack.workerEnv, SEND_RATE_PER_SECOND: '100000', LOG_LEVEL: 'warn', SECRET_KEY: BENCH_SECRET });
  // The bench's own reads and tracks go through another ORM: only the worker's statements are counted.
  const plain = await openOrm(stack.dbUrl);
  const em = plain.em.fork();
  const { project } = await createProject(em, 'profile');
  await em.getConnection().execute(
    `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
     values (gen_random_uuid(), ?, 'bench.test', 'VERIFIED', 'b', 'x', 'x', '[]', now())`,
    [project.id],
  );
  const t = await createTemplate(em, project.id, { name: 'welcome', subject: 'Welcome', body: '<p>Hi {{email}}</p>', type: 'TRANSACTIONAL', from: 'hi@bench.test' });
  const wf = await createWorkflow(em, project.id, { name: 'signup', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps: [{ id: 'welcome', type: 'SEND_EMAIL', templateId: t.id }] });
  const { worker } = await createWorker({
    address: config.temporalAddress!, namespace: config.temporalNamespace, taskQueue: config.taskQueue,
    deps: { ...buildDeps({ ...config, dkimSigning: false }, orm) }, sweeper: false,
  });
  const running = worker.run();
  try {
    // Warm-up (workflow bundle, connections), then the idle statement rate (the dispatcher's polls).
    await one('warmup@bench.test');
    const idle0 = statements;
    await new Promise((r) => setTimeout(r, 3000));
    const idlePerMs = (statements - idle0) / 3000;
    await stack.sink.reset();

    const rows: Record<string, number>[] = [];
    const kinds = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const s0 = statements;
      const t0 = Date.now();
      const r = await one(`p${i}@bench.test`);
      const ms = Date.now() - t0;
      const [x] = await sqlRows<{ started_at: Date; workflow_id: string; contact_id: string; seq: number }>(plain.em.fork(), 'select started_at, workflow_id, contact_id, seq from workflow_executions where id = ?', [r.executionId]);
      const history = await stack.client.workflow.getHandle(automationWorkflowId(x.workflow_id, x.contact_id, x.seq)).fetchHistory();
      const events = history.events ?? [];
      const type = (e: (typeof events)[number]) => temporal.api.enums.v1.EventType[e.eventType ?? 0].replace('EVENT_TYPE_', '');
      for (const e of events) kinds.set(type(e), (kinds.get(type(e)) ?? 0) + 1);
      const at = (e: (typeof events)[number] | undefined) => (e?.eventTime?.seconds ? Number(e.eventTime.seconds) * 1000 + Math.floor((e.eventTime.nanos ?? 0) / 1e6) : NaN);
      const firstWork = events.find((e) => ['ACTIVITY_TASK_SCHEDULED', 'MARKER_RECORDED'].includes(type(e)));
      rows.push({
        statements: statements - s0 - idlePerMs * ms,
        historyEvents: events.length,
        toRow: new Date(x.started_at).getTime() - t0,
        toStart: at(events[0]) - t0,
        toFirstWork: at(firstWork) - t0,
        toMail: r.mailAt - t0,
        toDone: ms,
      });
    }
    const line = (k: string, v: string) => console.log(`${k.padEnd(44)} ${v}`);
    console.log(`\nOne-step SEND_EMAIL automation, ${N} executions one at a time (worker in this process, DKIM off)`);
    for (const k of ['statements', 'historyEvents'] as const) line(`${k} per execution (avg, min-max)`, `${avg(rows.map((r) => r[k])).toFixed(1)} (${Math.min(...rows.map((r) => r[k])).toFixed(0)}-${Math.max(...rows.map((r) => r[k])).toFixed(0)})`);
    console.log('history events by type, per execution:');
    for (const [k, n] of [...kinds].sort()) line(`  ${k}`, (n / N).toFixed(1));
    for (const k of ['toRow', 'toStart', 'toFirstWork', 'toMail', 'toDone'] as const) line(`event -> ${k.slice(2)} ms (p50 / max)`, `${pct(rows.map((r) => r[k]), 50)} / ${Math.max(...rows.map((r) => r[k]))}`);
  } finally {
    worker.shutdown();
    await running;
    await orm.close(true);
    await plain.close(true);
    await stack.stop();
  }

  /** Tracks `signup` for `email` (the event is recorded: the inbox trigger fires) and waits for its mail and its COMPLETED. */
  async function one(email: string) {
    const tracked = await trackEvent(plain.em.fork(), project.id, { email, event: 'signup' });
    const contactId = tracked.contactId;
    for (;;) {
      const [x] = await sqlRows<{ id: string; status: string }>(plain.em.fork(), 'select id, status from workflow_executions where contact_id = ?', [contactId]);
      if (x && x.status !== 'RUNNING' && x.status !== 'WAITING') {
        const mail = (await stack.sink.arrivals()).find((a) => a.to === email);
        return { executionId: x.id, mailAt: mail?.arrivedAt ?? NaN };
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
