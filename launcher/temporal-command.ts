import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../core/config.js';
import { readLiveRuntime } from './runtime-file.js';
import { findTemporalCli } from './temporal-cli.js';

/*
 * `npm run temporal -- <args>`: the `temporal` CLI (from PATH or .tools/bin, where `npm start` puts
 * it) pointed at the Temporal of the running `npm start` (its address from DATA_DIR/runtime.json,
 * which moves off 7233 when that port is taken), unless TEMPORAL_ADDRESS says otherwise.
 */
const bin = findTemporalCli();
if (!bin) {
  console.error(
    'The temporal CLI is not installed. `npm start` builds it into .tools/bin when Go is installed; otherwise install it ' +
      '(https://docs.temporal.io/cli#install) or point TEMPORAL_CLI at it.',
  );
  process.exit(1);
}
const config = loadConfig();
const env: NodeJS.ProcessEnv = { ...process.env };
if (!config.temporalAddress) {
  const running = readLiveRuntime(path.resolve(config.dataDir));
  if (running?.temporalAddress) env.TEMPORAL_ADDRESS = running.temporalAddress;
}
env.TEMPORAL_NAMESPACE = config.temporalNamespace;
const child = spawn(bin, process.argv.slice(2), { env, stdio: 'inherit' });
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
