import { loadConfig, type Config } from '../core/config.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { buildDeps } from '../core/deps.js';
import { isEntrypoint, launcherFlags, onShutdownSignal, reportReady, requireDatabaseUrl, requireSecretKey, temporalAddressOf } from '../core/process.js';
import { createWorker } from './create-worker.js';
import { configureLogging, log } from '../core/log.js';
import { lowerCpuPriority } from './priority.js';
import { trimMemoryWhenIdle } from '../core/memory-trim.js';

export interface RunningWorker {
  /** Settles when the worker stops (rejects if it failed). */
  done: Promise<void>;
  stop(): Promise<void>;
}

/** Connects to Temporal and polls `config.taskQueue` until stopped. */
export async function startWorker(config: Config, orm: MikroORM): Promise<RunningWorker> {
  const address = temporalAddressOf(config);
  const { worker, connection } = await createWorker({
    address,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    deps: buildDeps(config, orm),
    ensureSegmentRefresh: true,
    // The embedded default is `npm start` on one machine: memory before a second workflow core.
    workflowsInMainThread: config.embeddedDatabase,
  }).catch((e: Error) => {
    throw new Error(`Cannot start the worker on Temporal at ${address} (TEMPORAL_ADDRESS): ${e.message}`);
  });
  const done = worker.run();
  return {
    done,
    async stop() {
      // The SDK's runtime also shuts workers down on SIGINT/SIGTERM by itself: only ask when still running.
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done.catch(() => {});
      await connection.close().catch(() => {});
    },
  };
}

async function main() {
  const flags = launcherFlags();
  const config = { ...loadConfig(), embeddedDatabase: flags.embeddedDatabase };
  configureLogging(config);
  // First, before Temporal's runtime and the pools start their threads (they inherit it).
  const priority = lowerCpuPriority(config.workerNice);
  if (priority.threads > 0) log.debug({ nice: config.workerNice, ...priority }, 'worker CPU priority lowered');
  const databaseUrl = requireDatabaseUrl(config, 'npm run start:worker');
  requireSecretKey(config, 'npm run start:worker');
  let worker: RunningWorker | undefined;
  let orm: MikroORM | undefined;
  // Registered first: a signal during startup stops what has started by then.
  onShutdownSignal(async () => {
    await worker?.stop();
    await orm?.close(true);
  });
  orm = await openOrm(databaseUrl, { migrate: flags.migrate, poolMax: flags.poolMax });
  worker = await startWorker(config, orm);
  log.info({ taskQueue: config.taskQueue, temporal: temporalAddressOf(config), namespace: config.temporalNamespace }, 'Worker polling');
  reportReady();
  trimMemoryWhenIdle();
  worker.done.catch((e) => {
    log.error({ err: e }, 'Worker failed');
    process.exit(1);
  });
}

if (isEntrypoint(import.meta.url)) {
  main().catch((e) => {
    log.error(`Failed to start the worker: ${(e as Error).message}`);
    process.exit(1);
  });
}
