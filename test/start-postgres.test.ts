import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch } from '../launcher/launch.js';
import { createTestDatabase } from './helpers.js';

/* `npm start` on PostgreSQL (DATABASE_URL set) with API_THREADS=2: the launcher with two API threads on one port. */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'mailhub-start-pg-'));
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Status of GET /health on a new connection; 'refused' when nothing listens. */
const healthOnNewConnection = (url: string) =>
  new Promise<number | 'refused'>((resolve, reject) => {
    const req = http.get(`${url}/health`, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNREFUSED' ? resolve('refused') : reject(e)));
  });

describe('npm start on PostgreSQL, API_THREADS=2', () => {
  it('with API_THREADS=2 runs two API threads on the port: every new connection is answered, and nothing listens after stop', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: db.url,
      PORT: '0',
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: `start-pg-${randomBytes(6).toString('hex')}`,
      API_THREADS: '2',
    };
    for (const name of ['SMTP_URL', 'SECRET_KEY', 'PUBLIC_URL', 'HOST']) delete env[name];
    const launched = await launch({ env, log: () => {} });
    try {
      expect(launched.apiThreads).toBe(2);
      for (let i = 0; i < 20; i++) expect(await healthOnNewConnection(launched.apiUrl)).toBe(200);
    } finally {
      await launched.stop();
    }
    expect(await healthOnNewConnection(launched.apiUrl)).toBe('refused');
  }, 180_000);
});
