/**
 * `npm run build`: the service as plain JavaScript in dist/ (same tree, `.ts` -> `.js`, one file per
 * source file, no bundling), and the workflow bundle built from it. What production runs
 * (`node dist/api/main.js`, `node dist/worker/main.js`: the Dockerfile and docker-compose.yml):
 * without tsx's loader and the source maps it keeps for every loaded module, a worker takes ~70 MB
 * less memory and starts faster. Development and the tests run the TypeScript sources through tsx.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The service's own code; tests, benches and the SDK package are not part of what runs. */
const SOURCE_DIRS = ['core', 'api', 'db', 'workflows', 'activities', 'worker', 'launcher', 'cli', 'openapi'];
const SKIP = new Set(['openapi/sdk']);
export const DIST = path.join(root, 'dist');

function sources(dir: string): string[] {
  if (SKIP.has(path.relative(root, dir))) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

export async function buildDist(): Promise<void> {
  rmSync(DIST, { recursive: true, force: true });
  // esbuild is what tsx transpiles with, so the output behaves as the sources do under tsx.
  await build({
    entryPoints: SOURCE_DIRS.flatMap((d) => sources(path.join(root, d))),
    outdir: DIST,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: false,
    logLevel: 'warning',
  });
  // dist/ is an ES module tree like the sources (package.json "type": "module" one level up applies).
  const bundled = spawnSync(process.execPath, [path.join(DIST, 'worker/workflow-bundle.js'), '--prebuild'], { stdio: 'inherit' });
  if (bundled.status !== 0) throw new Error('building the workflow bundle failed');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildDist().then(
    () => console.log(`built ${path.relative(process.cwd(), DIST)}/`),
    (e: Error) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
