/**
 * `npm run build`: the service as plain JavaScript in dist/ (same tree, `.ts` -> `.js`, one file per
 * source file, no bundling), and the workflow bundle built from it. What production runs
 * (`node dist/api/main.js`, `node dist/worker/main.js`: the Dockerfile and docker-compose.yml):
 * without tsx's loader and the source maps it keeps for every loaded module, a worker takes ~70 MB
 * less memory and starts faster. Development and the tests run the TypeScript sources through tsx.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { sourceFiles, sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(root, 'dist');

/**
 * Builds into a fresh folder beside dist/ and swaps it in at the end, so processes running from
 * dist/ (or a concurrent build) never see half a tree. dist/.source-hash names the sources it came
 * from: `npm start` (launcher/start.mjs) rebuilds when they differ.
 */
export async function buildDist(): Promise<void> {
  const hash = sourceHash(root);
  const tmp = `${DIST}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    // esbuild is what tsx transpiles with, so the output behaves as the sources do under tsx.
    await build({
      entryPoints: sourceFiles(root),
      outdir: tmp,
      outbase: root,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      bundle: false,
      logLevel: 'warning',
    });
    // The tree is an ES module tree like the sources (package.json "type": "module" one level up applies).
    const bundled = spawnSync(process.execPath, [path.join(tmp, 'worker/workflow-bundle.js'), '--prebuild'], { stdio: 'inherit' });
    if (bundled.status !== 0) throw new Error('building the workflow bundle failed');
    writeFileSync(path.join(tmp, '.source-hash'), `${hash}\n`);
    const old = `${DIST}.${process.pid}.old`;
    try {
      renameSync(DIST, old);
    } catch {
      /* no dist/ yet */
    }
    renameSync(tmp, DIST);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
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
