import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { createActivities, type ActivityDeps } from '../activities/index.js';
import { createMailer, type Mailer } from '../activities/mailer.js';
import { log } from '../core/log.js';
import { ensureSearchAttributes } from './search-attributes.js';
import { createAutomationEngine } from '../core/automations/engine.js';
import { startAutomationDispatcher, type DispatcherOptions } from './automation-dispatcher.js';
import { startSweeper, type SweeperOptions } from './sweeper.js';
import { workflowBundlePath } from './workflow-bundle.js';
import { ensureSegmentRefreshWorkflows } from '../core/segments/refresh.js';
import { CAMPAIGN_PAGES_PER_WORKER, campaignPagesQueue } from '../core/campaigns/campaign-workflow.js';

const PINO_LEVEL = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;
const ACTIVITIES_ONLY_WARNING = 'No workflows registered';

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Without `mailer`, one is built from `deps.config` (SMTP_URL or outbox) and closed when the worker stops. */
  deps: Omit<ActivityDeps, 'mailer'> & { mailer?: Mailer };
  /** The stranded-QUEUED-email sweeper (worker/sweeper.ts) runs while the worker runs; false turns it off. */
  sweeper?: Pick<SweeperOptions, 'intervalMs' | 'olderThanMs'> | false;
  /** The automation dispatcher (worker/automation-dispatcher.ts: recorded events -> executions); false turns it off. */
  automations?: Pick<DispatcherOptions, 'intervalMs' | 'gatherMs' | 'holdMs' | 'holdPerSecond'> | false;
  /**
   * At start, give every DYNAMIC segment without a running refresh workflow one (Temporal was down
   * when it was created, or its workflow ended): the production entrypoints do; tests drive passes themselves.
   */
  ensureSegmentRefresh?: boolean;
  /**
   * Run the workflow code on this process's main thread instead of the SDK's workflow thread: one
   * V8 isolate fewer (~20-25 MB resident), activations share the main thread with the activities.
   * The embedded default of `npm start` (one laptop, memory first); the deadlock timeout stays.
   */
  workflowsInMainThread?: boolean;
}

let runtimeInstalled = false;
/** The SDK logs every worker state change at INFO; keep warnings and errors only. */
export function installRuntime() {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    // The SDK's lines (worker state, workflow and activity failures) go to the service's logger, with their ids.
    const logger = new DefaultLogger((process.env.TEMPORAL_LOG_LEVEL as 'WARN') ?? 'WARN', (entry) => {
      // The campaign pages' worker runs activities only, by design: its start-up warning is not one.
      const level = entry.message.startsWith(ACTIVITIES_ONLY_WARNING) ? 'debug' : PINO_LEVEL[entry.level];
      log[level]({ ...entry.meta, sdk: 'temporal' }, entry.message);
    });
    Runtime.install({ logger });
  } catch {
    /* already installed by the host process */
  }
}

export async function createWorker(opts: WorkerOptions) {
  installRuntime();
  const connection = await NativeConnection.connect({ address: opts.address });
  const searchAttributes = await ensureSearchAttributes(connection, opts.namespace);
  const ownMailer = opts.deps.mailer ? undefined : createMailer(opts.deps.config);
  const deps: ActivityDeps = { ...opts.deps, mailer: opts.deps.mailer ?? ownMailer! };
  const activities = createActivities(deps);
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    workflowBundle: { codePath: await workflowBundlePath() },
    activities,
    // Automation executions are many and short: a cache that holds a burst of them spares their
    // replays (bench/RESULTS.md, automations); the activities mostly wait on the database and SMTP.
    maxCachedWorkflows: 1000,
    maxConcurrentActivityTaskExecutions: 100,
    maxConcurrentLocalActivityExecutions: 100,
    // The SDK's debugMode is what runs workflows in the main thread; it would also lift the 5 s
    // deadlock timeout, which is kept.
    ...(opts.workflowsInMainThread ? { debugMode: true, isolateExecutionTimeout: '5s' } : {}),
  });
  // Campaign pages, CAMPAIGN_PAGES_PER_WORKER at a time per process, on their queue (campaignPagesQueue): one worker
  // object runs and stops both.
  const pageWorker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: campaignPagesQueue(opts.taskQueue),
    activities,
    maxConcurrentActivityTaskExecutions: CAMPAIGN_PAGES_PER_WORKER,
  });
  const stopIfRunning = (w: Worker) => {
    if (w.getState() === 'RUNNING') w.shutdown();
  };
  const shutdown = worker.shutdown.bind(worker);
  worker.shutdown = () => {
    stopIfRunning(pageWorker);
    shutdown();
  };
  // run() settles after shutdown has drained the activities: the sweeper and our own mailer stop with it.
  const runMain = worker.run.bind(worker);
  const run = async () => {
    // Either one stopping (or failing) stops the other; the first failure is run()'s.
    const [main, pages] = await Promise.allSettled([
      runMain().finally(() => stopIfRunning(pageWorker)),
      pageWorker.run().finally(() => stopIfRunning(worker)),
    ]);
    for (const r of [main, pages]) if (r.status === 'rejected') throw r.reason;
  };
  worker.run = async () => {
    const client = new Client({ connection, namespace: opts.namespace });
    if (opts.ensureSegmentRefresh) {
      ensureSegmentRefreshWorkflows({ orm: deps.orm, temporal: client, config: deps.config }).then(
        (r) => r.started.length > 0 && log.info({ started: r.started.length, running: r.running }, 'segment refresh workflows started'),
        (e: Error) => log.warn(`segment refresh workflows not checked: ${e.message}`),
      );
    }
    const sweeper = opts.sweeper === false ? undefined : startSweeper({ orm: deps.orm, client, taskQueue: opts.taskQueue, ...opts.sweeper });
    const dispatcher =
      opts.automations === false
        ? undefined
        : startAutomationDispatcher({
            orm: deps.orm,
            engine: createAutomationEngine(client, opts.taskQueue, { deliveryRetry: deps.config.deliveryRetry, searchAttributes }),
            holdMs: deps.config.automationBurstHoldMs,
            ...opts.automations,
          });
    try {
      await run();
    } finally {
      await dispatcher?.stop();
      await sweeper?.stop();
      await ownMailer?.close();
    }
  };
  return { worker, connection };
}

