import { installTemporalCli } from './temporal-cli.js';

/** `.ci/run` and first-time setup: puts the Temporal CLI into .tools/bin unless one is found. */
const bin = installTemporalCli();
if (!bin) {
  console.error('Go is not installed: cannot build the Temporal CLI (npm start falls back to the SDK download).');
  process.exit(1);
}
console.log(`Temporal CLI: ${bin}`);
