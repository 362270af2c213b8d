import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { App } from '../../api/types.js';

/** Serves an app on a free loopback port, for clients that need a real URL (SDKs, browsers). */
export async function listen(app: App): Promise<{ url: string; close: () => Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
