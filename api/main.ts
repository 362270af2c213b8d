import type { AddressInfo } from 'node:net';
import { isMainThread } from 'node:worker_threads';
import { Client, Connection } from '@temporalio/client';
import { buildDeps, withTemporal } from '../core/deps.js';
import { isEntrypoint, launcherFlags, onShutdownSignal, reportReady, requireDatabaseUrl, requireSecretKey, temporalAddressOf } from '../core/process.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { createApi, serveApi } from './app.js';
import { loadConfig, type Config } from '../core/config.js';
import { configureLogging, log } from '../core/log.js';
import { trimMemoryWhenIdle } from '../core/memory-trim.js';

export interface RunningApi {
  /** Where the API listens, e.g. `http://localhost:3000`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves the HTTP API on `config.port` (0 = any free port) and `opts.hostname` (unset: every
 * interface). The Temporal connection is lazy so the API answers (with /health 503) before Temporal
 * is reachable.
 */
export async function startApi(config: Config, orm: MikroORM, opts: { hostname?: string } = {}): Promise<RunningApi> {
  const connection = Connection.lazy({ address: temporalAddressOf(config) });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  const server = serveApi(createApi(withTemporal(buildDeps(config, orm), temporal)), { port: config.port, hostname: opts.hostname });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new Error(`Port ${config.port} is already in use: set PORT to a free port`) : e),
    );
  });
  const port = (server.address() as AddressInfo).port;
  const local = !opts.hostname || ['0.0.0.0', '::', 'localhost'].includes(opts.hostname);
  return {
    url: `http://${local ? 'localhost' : opts.hostname!.includes(':') ? `[${opts.hostname}]` : opts.hostname}:${port}`,
    port,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold the port open until they time out; requests still
        // running get a few seconds to finish.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), 5000).unref();
      });
      await connection.close().catch(() => {});
    },
  };
}

async function main() {
  const flags = launcherFlags();
  const config = { ...loadConfig(), embeddedDatabase: flags.embeddedDatabase };
  configureLogging(config);
  const databaseUrl = requireDatabaseUrl(config, 'npm run start:api');
  requireSecretKey(config, 'npm run start:api');
  let api: RunningApi | undefined;
  let orm: MikroORM | undefined;
  // Registered first: a signal during startup stops what has started by then.
  onShutdownSignal(async () => {
    await api?.stop();
    await orm?.close(true);
  });
  orm = await openOrm(databaseUrl, { migrate: flags.migrate, poolMax: flags.poolMax });
  // A container's port is published by its runtime: every interface unless HOST says otherwise.
  api = await startApi(config, orm, { hostname: config.host });
  log.info({ url: api.url, docs: `${api.url}/docs`, temporal: temporalAddressOf(config) }, 'API listening');
  reportReady({ url: api.url });
  // As a thread of `npm start`'s launcher, the launcher trims the process.
  if (isMainThread) trimMemoryWhenIdle();
}

/** `node api/main.js` (or `npm run start:api`), and the API thread of `npm start` (launcher/api-thread.ts). */
export function runApi(): void {
  main().catch((e) => {
    log.error(`Failed to start the API: ${(e as Error).message}`);
    process.exit(1);
  });
}

if (isEntrypoint(import.meta.url)) runApi();
