import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
 * Runs `stop` once on the first SIGINT/SIGTERM, then exits 0 (1 if stopping failed). A second
 * signal while stopping exits at once.
 */
export function onShutdownSignal(stop: () => Promise<void>, log: (m: string) => void = (m) => logger.info(m)) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping...`);
    stop().then(
      () => process.exit(0),
      (e) => {
        log(`Error while stopping: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
