import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { Config } from './config.js';
import { log as logger } from './log.js';

/** Temporal's own default; used when TEMPORAL_ADDRESS is not set for a standalone API or worker. */
export const DEFAULT_TEMPORAL_ADDRESS = 'localhost:7233';

export const temporalAddressOf = (config: Config) => config.temporalAddress ?? DEFAULT_TEMPORAL_ADDRESS;

/** True when the module at `moduleUrl` is the script node was started with (`tsx api/main.ts`). */
export function isEntrypoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** The standalone entrypoints need a real PostgreSQL; the embedded one is `npm start`'s job. */
export function requireDatabaseUrl(config: Config, command: string): string {
  if (config.databaseUrl) return config.databaseUrl;
  throw new Error(
    `DATABASE_URL is not set. \`${command}\` needs a PostgreSQL server, e.g. ` +
      'DATABASE_URL=postgresql://user:pass@host:5432/mailhub. For a single-process setup with an embedded database run `npm start`.',
  );
}

/** API and worker processes must share one SECRET_KEY (signed links, encrypted DKIM keys): never invent one per process. */
export function requireSecretKey(config: Config, command: string): string {
  if (config.secretKey) return config.secretKey;
  throw new Error(`SECRET_KEY is not set. \`${command}\` needs the same SECRET_KEY in every API and worker process (e.g. \`openssl rand -base64 32\`).`);
}

/**
 * How long after the first signal a repeated one is the same request. A Ctrl-C at a terminal
 * signals the whole process group: npm (or tsx) relays its own copy to its child a moment later,
 * so a process under `npm start` sees SIGINT twice for one key press.
 */
export const REPEATED_SIGNAL_MS = 2000;

/**
 * Runs `stop` once on the first SIGINT/SIGTERM, then exits 0 (1 if stopping failed). Copies of that
 * signal arriving within REPEATED_SIGNAL_MS (a terminal's Ctrl-C relayed by npm/tsx) are ignored; a
 * signal after that, while still stopping, exits at once (a person pressing Ctrl-C again).
 * `process.disconnect` of a child started by the launcher (the launcher went away) stops it too, and
 * so does a `stop` message from the launcher to a part it runs as a thread (no signal reaches a thread).
 */
export function onShutdownSignal(stop: () => Promise<void>, log: (m: string) => void = (m) => logger.info(m)) {
  let firstAt: number | undefined;
  const begin = (reason: string) => {
    firstAt = Date.now();
    log(`${reason}: stopping...`);
    stop().then(
      () => process.exit(0),
      (e) => {
        log(`Error while stopping: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  const handler = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) return begin(signal);
    if (Date.now() - firstAt < REPEATED_SIGNAL_MS) return; // the same Ctrl-C, relayed
    log(`${signal} again: exiting without waiting.`);
    process.exit(1);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  // Started by the launcher with an IPC channel: when the launcher is gone, so is the reason to run.
  process.once('disconnect', () => firstAt === undefined && begin('launcher gone'));
  parentPort?.on('message', (m: { type?: string }) => m?.type === 'stop' && firstAt === undefined && begin('launcher stopping'));
}

/**
 * Options the launcher passes (as arguments) to the API and worker processes it starts:
 * `--embedded-database` (PGlite behind the wire server: one session for all connections),
 * `--pool-max=N` (its connection limit is shared by both processes), `--no-migrate` (the launcher
 * has migrated already). Run by hand, an entrypoint gets none of them.
 */
export function launcherFlags(argv: string[] = process.argv.slice(2)): { embeddedDatabase: boolean; poolMax?: number; migrate: boolean } {
  const pool = argv.find((a) => a.startsWith('--pool-max='));
  return {
    embeddedDatabase: argv.includes('--embedded-database'),
    poolMax: pool ? Number(pool.slice('--pool-max='.length)) || undefined : undefined,
    migrate: !argv.includes('--no-migrate'),
  };
}

/** Tells the launcher (when it started this process or thread) that it is ready; a no-op otherwise. */
export function reportReady(details: Record<string, unknown> = {}): void {
  const message = { type: 'ready', ...details };
  if (process.send) process.send(message);
  else parentPort?.postMessage(message);
}
