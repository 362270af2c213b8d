import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The API and the worker of `npm start`, each in its own process (both cores work, and a worker
 * busy sending never delays an HTTP answer). Each runs in the same form as this launcher: built
 * JavaScript next to built JavaScript (`npm start`), TypeScript under tsx next to TypeScript (the
 * tests). A child has its own process group, so a terminal's Ctrl-C reaches only the launcher, which
 * stops the parts in order; an IPC channel tells the child when the launcher is gone.
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
  process: ChildProcess;
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
    process: child,
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
