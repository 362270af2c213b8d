import { onShutdownSignal } from '../core/process.js';
import { launch, summary } from './launch.js';

/** `npm start`: everything in one process tree; Ctrl-C stops it all. */
const startup = launch();
let stopping = false;
// Registered before anything starts: Ctrl-C during startup waits for it, then stops what started.
onShutdownSignal(async () => {
  stopping = true;
  const launched = await startup.catch(() => undefined);
  await launched?.stop();
  console.error('Stopped.');
});
try {
  const launched = await startup;
  if (!stopping) for (const line of summary(launched)) console.log(line);
  launched.workerDone.catch(async (e) => {
    console.error(`The worker failed: ${(e as Error).message}. Stopping.`);
    await launched.stop();
    process.exit(1);
  });
} catch (e) {
  console.error(`Failed to start: ${(e as Error).message}`);
  process.exit(1);
}
