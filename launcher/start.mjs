// `npm start`: runs the built JavaScript (dist/, as production does: no TypeScript loader in any
// process), building it first when the sources changed since the last build (dist/.source-hash).
// Plain JavaScript so that it runs before anything is built.
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
