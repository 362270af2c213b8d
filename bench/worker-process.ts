import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Starts a worker entrypoint (`worker/main.ts` under tsx, or the built `dist/worker/main.js`) as a child process and resolves once it polls its task
 * queue. The readiness line is a log line, and logs go to stderr (stdout stays clean for the CLI):
 * both streams are watched, and passed through so the bench output still shows the worker's logs.
 */
export async function spawnWorker(workerMain: string, opts: Pick<SpawnOptions, 'env' | 'cwd'>): Promise<ChildProcess> {
  // BENCH_WORKER_NODE_ARGS: extra node flags for the worker, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (not allowed in NODE_OPTIONS); the profile is written when the worker exits on SIGTERM.
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // The built worker runs as docker-compose.yml runs it (heap cap included); the sources under tsx.
  const loader = workerMain.endsWith('.ts') ? ['--import', 'tsx'] : ['--max-old-space-size=160'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, workerMain], { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(process.stdout);
  child.stderr!.pipe(process.stderr);
  await new Promise<void>((resolve, reject) => {
    const watch = (d: Buffer) => d.toString().includes('Worker polling') && resolve();
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
  return child;
}
