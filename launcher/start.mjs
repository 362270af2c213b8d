// `npm start`: runs the built JavaScript (dist/, as production does: no TypeScript loader in any
// process), building it first when the sources changed since the last build (dist/.source-hash).
// Plain JavaScript so that it runs before anything is built.
//
// package.json's start script runs this with GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 (unless
// GLIBC_TUNABLES is set), which the launcher's children (API, worker) inherit: glibc then serves
// allocations of 128 KB and more with their own mappings, returned to the system when freed. With its
// default (a threshold that rises up to 32 MB), large blocks V8's compiler threads free stay in
// glibc's arenas for good. 32 KB returned more (10-40 MB a process) but put libuv's 64 KB socket
// read buffers on mmap/munmap: 2-3 x the API's CPU per /v1/track call. bench/RESULTS.md, "npm start
// idle memory (issue 23, helper start-lean)".
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

let built;
try {
  built = readFileSync(path.join(dist, '.source-hash'), 'utf8').trim();
} catch {
  built = undefined;
}
if (built !== sourceHash(root)) {
  console.error(built ? 'The sources changed: building dist/ (npm run build)...' : 'Building dist/ (npm run build, first start only)...');
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'launcher/build.ts')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(pathToFileURL(path.join(dist, 'launcher/main.js')).href);
