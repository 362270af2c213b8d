import { configureLogging, log, logLevelOf } from '../core/log.js';
import { trimMemoryWhenIdle } from '../core/memory-trim.js';
import { onShutdownSignal } from '../core/process.js';
import { launch, summary } from './launch.js';

// `npm start` is run by a person at a terminal: readable lines unless LOG_FORMAT says otherwise (the
// API and worker processes inherit the choice).
// A value that is neither is left as given, for the configuration to name it (a readable stop).
const logFormat = process.env.LOG_FORMAT === 'json' ? 'json' : 'pretty';
if (!process.env.LOG_FORMAT) process.env.LOG_FORMAT = logFormat;
configureLogging({ logLevel: logLevelOf(process.env.LOG_LEVEL), logFormat });

/** `npm start`: everything in one process tree; Ctrl-C stops it all. */
const startup = launch();
let stopping = false;
// Registered before anything starts: Ctrl-C during startup waits for it, then stops what started.
onShutdownSignal(async () => {
  stopping = true;
  const launched = await startup.catch(() => undefined);
  await launched?.stop();
  log.info('Stopped.');
});
try {
  const launched = await startup;
  if (!stopping) for (const line of summary(launched)) log.info(line);
  // This process holds the embedded database and the API's thread: one trim covers both.
  trimMemoryWhenIdle();
  launched.workerDone.catch(async (e) => {
    log.error(`${(e as Error).message}. Stopping.`);
    await launched.stop();
    process.exit(1);
  });
} catch (e) {
  log.error(`Failed to start: ${(e as Error).message}`);
  process.exit(1);
}
