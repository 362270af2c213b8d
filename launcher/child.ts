import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * The parts of `npm start`: the worker in a process of its own, the API in a thread of the launcher
 * (startThread; both cores work, and a worker busy sending never delays an HTTP answer). Each runs
 * in the same form as this launcher: built JavaScript next to built JavaScript (`npm start`),
 * TypeScript under tsx next to TypeScript (the tests). A child has its own process group, so a
 * terminal's Ctrl-C reaches only the launcher, which stops the parts in order; an IPC channel tells
 * the child when the launcher is gone (a thread goes with it).
 */

const self = fileURLToPath(import.meta.url);
const ext = path.extname(self);
const root = path.resolve(path.dirname(self), '..');

/**
 * Node flags of each part. The young generation's semi-spaces (V8 grows them to 16 MB) capped at
 * 4 MB keep 30-40 MB of each process's resident memory free when idle, for a few more scavenges
 * under load; the worker's heap cap is production's (docker-compose.yml): it keeps its memory near
 * its live set during a campaign.
 */
export const NODE_FLAGS: Record<string, string[]> = {
  'api/main': ['--max-semi-space-size=4'],
  'worker/main': ['--max-old-space-size=160', '--max-semi-space-size=4'],
};

export interface Child {
  /** What the child reported once ready (`reportReady` in core/process.ts). */
  ready: Promise<Record<string, unknown>>;
  /** Settles with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `entry` (e.g. `api/main`) with `args` and `env`; its output goes to this process's. */
export function startChild(entry: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const file = path.join(root, `${entry}${ext}`);
  const loader = ext === '.ts' ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(NODE_FLAGS[entry] ?? []), ...loader, file, ...args], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m?.type === 'ready' && resolve(m as Record<string, unknown>));
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`${entry} exited (code ${code}) before it was ready`)));
  });
  ready.catch(() => {}); // callers await it; an early exit must not be an unhandled rejection meanwhile
  return {
    ready,
    exited,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs `entry` as a thread of this process instead: one node process fewer (the binary's pages and
 * node's runtime, ~40 MB resident, are not paid twice), while the thread still has a core of its own.
 * `args` become its `process.argv` (after the script), `env` its `process.env`. The entry must not
 * rely on signals (none reach a thread): `stop` posts it a `stop` message (core/process.ts
 * onShutdownSignal), then terminates it after `graceMs`.
 */
export function startThread(entry: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const file = path.join(root, `${entry}${ext}`);
  // Under tsx (the tests) the thread registers tsx's loader itself (launcher/tsx-thread.mjs).
  const thread =
    ext === '.ts'
      ? new Worker(path.join(root, 'launcher/tsx-thread.mjs'), { workerData: { entry: pathToFileURL(file).href }, argv: args, env })
      : new Worker(file, { argv: args, env });
  let exitCode: number | undefined;
  const exited = new Promise<number | null>((resolve) =>
    thread.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    thread.on('message', (m: { type?: string }) => m?.type === 'ready' && resolve(m as Record<string, unknown>));
    void exited.then((code) => reject(new Error(`${entry} exited (code ${code}) before it was ready`)));
  });
  ready.catch(() => {});
  // An uncaught exception ends the thread (exit code 1); the launcher learns it from `exited`.
  thread.on('error', (e) => console.error(`${entry}: ${e.stack ?? e.message}`));
  return {
    ready,
    exited,
    async stop(graceMs = 20_000) {
      if (exitCode !== undefined) return;
      thread.postMessage({ type: 'stop' });
      const timer = setTimeout(() => void thread.terminate(), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
