import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from './helpers.js';

/*
 * `npm run start:api` (api/main.ts) in a child process, as a container runs it: where it listens.
 * 127.0.0.2 is a loopback address too (all of 127/8 on Linux), so "bound to one address" can be
 * told from "bound to every interface" without leaving the machine.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** Starts api/main.ts with `extra` in its environment; resolves with the URL it logged. */
async function startApi(extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.url,
    SECRET_KEY: 'entrypoint-test-secret-0123456789abcdef',
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    PORT: '0',
    LOG_FORMAT: 'json',
    ...extra,
  };
  if (!('HOST' in extra)) delete env.HOST;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 240_000; // tsx compiles the API and migrations run first: minutes on a loaded machine
  let url: string | undefined;
  while (!url) {
    url = out.split('\n').flatMap((line) => (line.includes('"API listening"') ? [JSON.parse(line).url as string] : []))[0];
    if (url) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`start:api did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: Number(new URL(url).port),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('start:api (api/main.ts) listens where HOST says', () => {
  it('HOST=127.0.0.2: answers on that address only, and logs it as its URL', async () => {
    const api = await startApi({ HOST: '127.0.0.2' });
    try {
      expect(api.url).toBe(`http://127.0.0.2:${api.port}`);
      expect((await fetch(`http://127.0.0.2:${api.port}/openapi.json`)).status).toBe(200);
      expect(await accepts('127.0.0.1', api.port)).toBe(false);
    } finally {
      await api.stop();
    }
  }, 300_000);

  it('without HOST: every interface (a container publishes the port through its runtime)', async () => {
    const api = await startApi({});
    try {
      expect(api.url).toBe(`http://localhost:${api.port}`);
      for (const host of ['127.0.0.1', '127.0.0.2']) expect((await fetch(`http://${host}:${api.port}/openapi.json`)).status, host).toBe(200);
    } finally {
      await api.stop();
    }
  }, 300_000);
});
