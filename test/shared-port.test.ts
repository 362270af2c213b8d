import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApi, type RunningApi } from '../api/main.js';
import { loadConfig } from '../core/config.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { apiThreadCount } from '../launcher/launch.js';
import { createTestDatabase } from './helpers.js';

/*
 * `npm start` on PostgreSQL runs two API threads on one port (api/shared-port.ts): the second listens
 * on a copy of the first one's socket. Here both run in this process, as the launcher's threads do.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openOrm(db.url, { migrate: true, poolMax: 2 });
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** Status of GET /no-such-route (404 from the app), on a new connection; 'refused' when nothing listens. */
const statusOnNewConnection = (port: number) =>
  new Promise<number | 'refused'>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/no-such-route', agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNREFUSED' ? resolve('refused') : reject(e)));
  });

describe('API threads sharing one port', () => {
  it('a second API on a copy of the first one\'s socket answers on the same port after the first stops, and the port closes when both have stopped', async () => {
    const config = { ...loadConfig({ ...process.env, DATABASE_URL: db.url, SECRET_KEY: 'shared-port-test-secret-0123456789abcdef', TEMPORAL_ADDRESS: inject('temporalAddress'), PORT: '0' }) };
    const first: RunningApi = await startApi(config, orm, { hostname: '127.0.0.1' });
    let second: RunningApi | undefined;
    try {
      expect(first.fd).toEqual(expect.any(Number));
      second = await startApi(config, orm, { hostname: '127.0.0.1', sharedFd: first.fd });
      expect(second.port).toBe(first.port);
      expect(second.fd).not.toBe(first.fd);
      for (let i = 0; i < 10; i++) expect(await statusOnNewConnection(first.port)).toBe(404);
      await first.stop();
      for (let i = 0; i < 10; i++) expect(await statusOnNewConnection(first.port)).toBe(404);
      await second.stop();
      second = undefined;
      expect(await statusOnNewConnection(first.port)).toBe('refused');
    } finally {
      await second?.stop();
      await first.stop().catch(() => {});
    }
  });

  it('npm start runs 1 API thread unless API_THREADS says how many (1 to 16)', () => {
    expect(apiThreadCount(undefined)).toBe(1);
    expect(apiThreadCount('')).toBe(1);
    expect(apiThreadCount('3')).toBe(3);
    expect(() => apiThreadCount('0')).toThrow(/API_THREADS/);
    expect(() => apiThreadCount('two')).toThrow(/API_THREADS/);
  });
});
