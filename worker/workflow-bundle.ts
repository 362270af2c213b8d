import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { isEntrypoint } from '../core/process.js';
import { log } from '../core/log.js';

/*
 * The workflow bundle (webpack over workflows/ and what it imports) is built by a child process and
 * kept on disk under a hash of its sources. Why: webpack's peak (~250 MB) then never lands in a
 * worker process, whose resident memory stays what running needs, and a restarted worker (after a
 * crash, a deploy, or in every test file) loads the bundle in milliseconds instead of rebuilding it.
 */

const self = fileURLToPath(import.meta.url);
/** The code's root: the repository (TypeScript under tsx) or dist/ (`npm run build`'s JavaScript). */
const root = path.resolve(path.dirname(self), '..');
const ext = path.extname(self);
const projectRoot = existsSync(path.join(root, 'package.json')) ? root : path.dirname(root);
export const workflowsPath = path.join(root, `workflows/index${ext}`);
/** What the bundle is built from: the workflow code, the core modules it imports, and the SDK. */
const SOURCE_DIRS = ['workflows', 'core'];

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : e.name.endsWith(ext) ? [path.join(dir, e.name)] : []))
    .sort();
}

/** A hash of every file the bundle can depend on: any change builds a new bundle. */
export function workflowSourceHash(): string {
  const h = createHash('sha256');
  const sdk = createRequire(import.meta.url).resolve('@temporalio/workflow/package.json');
  h.update(readFileSync(sdk));
  for (const file of SOURCE_DIRS.flatMap((d) => listFiles(path.join(root, d)))) {
    h.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return h.digest('hex').slice(0, 24);
}

function cacheDir(): string {
  const preferred = path.join(projectRoot, 'node_modules/.cache/mailhub-workflows');
  try {
    mkdirSync(preferred, { recursive: true });
    return preferred;
  } catch {
    const fallback = path.join(tmpdir(), 'mailhub-workflows');
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

let built: Promise<string> | undefined;

/** The path of the current bundle, building it (in a child process) when no cached one matches. */
export function workflowBundlePath(): Promise<string> {
  built ??= (async () => {
    const file = path.join(cacheDir(), `workflows-${workflowSourceHash()}.js`);
    if (existsSync(file)) return file;
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const loader = ext === '.ts' ? ['--import', 'tsx'] : [];
      const child = spawn(process.execPath, [...loader, self, file], { stdio: ['ignore', 'inherit', 'inherit'] });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the workflow bundle failed (exit ${code})`))));
    });
    log.debug({ file, ms: Date.now() - started }, 'workflow bundle built');
    pruneOldBundles(path.dirname(file));
    return file;
  })();
  built.catch(() => (built = undefined));
  return built;
}

/** Bundles of earlier sources, untouched for a day, go (a checkout's edits leave one per change). */
function pruneOldBundles(dir: string) {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (name.startsWith('workflows-') && statSync(file).mtimeMs < dayAgo) rmSync(file);
    } catch {
      /* another process pruned it first */
    }
  }
}

/** Reads the bundle for APIs that take the code itself (replay tests). */
export async function workflowBundle(): Promise<{ code: string }> {
  return { code: readFileSync(await workflowBundlePath(), 'utf8') };
}

/** The child: bundle and write atomically (several processes may build the same hash at once). */
async function buildInto(file: string) {
  const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) };
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: quiet });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, file);
}

if (isEntrypoint(import.meta.url)) {
  // `--prebuild` (npm run build): make sure the current bundle is in the cache; otherwise build into the file named.
  const job = process.argv[2] === '--prebuild' ? workflowBundlePath().then(() => {}) : buildInto(process.argv[2]);
  job.catch((e: Error) => {
    log.error(`Failed to bundle the workflows: ${e.message}`);
    process.exit(1);
  });
}
