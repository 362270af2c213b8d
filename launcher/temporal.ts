import { findTemporalCli, freePort, installTemporalCli, startTemporalDevServer } from './temporal-cli.js';

export interface ResolvedTemporal {
  address: string;
  uiUrl?: string;
  /** How it was obtained, for the startup summary. */
  source: 'TEMPORAL_ADDRESS' | 'temporal CLI dev server' | 'Temporal SDK dev server download';
  stop(): Promise<void>;
}

/**
 * TEMPORAL_ADDRESS when given; otherwise a dev server this process starts (state in `dbFilename`,
 * gRPC on 7233 and UI on 8233 unless taken): the `temporal` CLI (installed with `go install` when
 * missing and Go is present), else the SDK's own download of the dev server.
 */
export async function resolveTemporal(opts: {
  address?: string;
  namespace: string;
  dbFilename: string;
  log: (m: string) => void;
  /** The dev server's CPU priority (a nice value; the SDK's download runs at the launcher's). */
  nice?: number;
}): Promise<ResolvedTemporal> {
  if (opts.address) return { address: opts.address, source: 'TEMPORAL_ADDRESS', stop: async () => {} };

  let bin = findTemporalCli();
  if (!bin) {
    try {
      bin = installTemporalCli(opts.log);
    } catch (e) {
      opts.log(`Could not install the Temporal CLI (${(e as Error).message}); trying the SDK's download instead.`);
    }
  }
  if (bin) {
    const server = await startTemporalDevServer({ bin, port: 7233, uiPort: 8233, dbFilename: opts.dbFilename, namespace: opts.namespace, ownProcessGroup: true, endWithParent: true, nice: opts.nice });
    return { address: server.address, uiUrl: server.uiUrl, source: 'temporal CLI dev server', stop: () => server.stop() };
  }

  opts.log('Go is not installed: downloading the Temporal dev server through the Temporal SDK (first time only)...');
  const uiPort = await freePort(8233);
  // Only on this path: both are heavy to load, and the launcher stays small otherwise.
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const { ALL_SEARCH_ATTRIBUTES } = await import('../core/search-attributes.js');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download' },
      ip: '127.0.0.1',
      port: await freePort(7233),
      dbFilename: opts.dbFilename,
      ui: true,
      uiPort,
      namespace: opts.namespace,
      searchAttributes: ALL_SEARCH_ATTRIBUTES,
      log: { level: 'error', format: 'pretty' },
    },
  });
  return {
    address: env.address,
    uiUrl: `http://127.0.0.1:${uiPort}`,
    source: 'Temporal SDK dev server download',
    stop: () => env.teardown(),
  };
}
