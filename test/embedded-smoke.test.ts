import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { createDomain } from '../core/domains/domains.js';
import { openOrm } from '../db/orm.js';
import { withEmbeddedPassword } from '../launcher/embedded-password.js';
import { readSecretKey } from '../launcher/secret.js';

/*
 * Issue 7's smoke test: a real `npm start` (launcher/main.ts in a child process, embedded defaults,
 * fresh DATA_DIR; the run's Temporal server so no second one boots), 200 mixed requests at once,
 * then every row they stored counted in its database.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'mailhub-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startNpmStart() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `smoke-${randomBytes(6).toString('hex')}` };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SECRET_KEY', 'PUBLIC_URL', 'HOST']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'launcher/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 150_000;
  while (!/Public key\s+pk_/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    log: () => out,
    apiUrl: /API\s+(http:\S+)/.exec(out)![1],
    projectId: /\(id ([0-9a-f-]{36})\)/.exec(out)![1],
    secretKey: /Secret key\s+(sk_\S+)/.exec(out)![1],
    publicKey: /Public key\s+(pk_\S+)/.exec(out)![1],
  };
}

it('`npm start` on the embedded database: 200 concurrent mixed requests, no 5xx, every row stored', async () => {
  const s = await startNpmStart();
  try {
    // Loopback only by default; the database asks for the password kept in DATA_DIR.
    expect(s.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const dbUrl = JSON.parse(readFileSync(path.join(dir, 'runtime.json'), 'utf8')).databaseUrl as string;
    expect(new URL(dbUrl).password).toBe('');
    const anonymous = new pg.Client({ connectionString: dbUrl, password: 'not-it' });
    await expect(anonymous.connect()).rejects.toThrow(/password/);
    await anonymous.end().catch(() => {});
    const db = new pg.Client({ connectionString: withEmbeddedPassword(dbUrl, dir) });
    await db.connect();
    // A verified sender domain (its DNS check is another test's business), with a real DKIM key.
    const orm = await openOrm(withEmbeddedPassword(dbUrl, dir), { poolMax: 1 });
    await createDomain(orm.em.fork(), s.projectId, 'smoke.example', readSecretKey(dir));
    await orm.close(true);
    await db.query(`update domains set status = 'VERIFIED' where domain = 'smoke.example'`);

    const call = (method: string, route: string, key: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(s.apiUrl + route, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
    const sendBody = (i: number) => ({ to: `s${i}@smoke.example`, from: 'hello@smoke.example', subject: `Smoke ${i}`, body: `<p>${i}</p>` });
    const trackEmails = new Set<string>();
    const requests = Array.from({ length: 200 }, (_, i) => {
      const kind = i % 10;
      if (kind <= 4) {
        const email = `t${i % 30}@smoke.example`;
        trackEmails.add(email);
        const body = { email, event: 'smoke', data: { i }, ...(kind === 1 ? { subscribed: i % 4 === 1 } : {}) };
        return { kind: 'track', res: call('POST', '/v1/track', kind <= 2 ? s.publicKey : s.secretKey, body) };
      }
      if (kind <= 6) return { kind: 'upsert', res: call('POST', '/contacts', s.secretKey, { email: `u${i}@smoke.example`, data: { i } }) };
      if (kind === 7) return { kind: 'send', res: call('POST', '/v1/send', s.secretKey, sendBody(i), { 'idempotency-key': `smoke-${i}` }) };
      const pages = ['/contacts?limit=10', '/events?limit=10', '/events/names'];
      return { kind: 'list', res: call('GET', pages[i % 3], s.secretKey) };
    });
    const answered = await Promise.all(requests.map(async (r) => ({ kind: r.kind, status: (await r.res).status })));
    expect(answered.filter((a) => a.status >= 500)).toEqual([]);
    const want: Record<string, number[]> = { track: [200], upsert: [201], send: [200], list: [200] };
    for (const a of answered) expect(want[a.kind], `${a.kind} ${a.status}`).toContain(a.status);

    // Replays of the idempotent sends return the stored answer and store nothing new.
    for (const i of [7, 17, 27]) {
      const replay = await call('POST', '/v1/send', s.secretKey, sendBody(i), { 'idempotency-key': `smoke-${i}` });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    }

    const count = async (q: string) => (await db.query<{ n: number }>(q)).rows[0].n;
    expect(await count(`select count(*)::int as n from events where name = 'smoke'`)).toBe(100);
    expect(await count(`select sum(count)::int as n from event_names where name = 'smoke'`)).toBe(100);
    expect(await count(`select count(*)::int as n from contacts where email like 't%@smoke.example'`)).toBe(trackEmails.size);
    expect(await count(`select count(*)::int as n from contacts where email like 'u%@smoke.example'`)).toBe(40);
    expect(await count(`select count(*)::int as n from emails where to_email like 's%@smoke.example'`)).toBe(20);
    expect(await count(`select count(*)::int as n from idempotency_keys where key like 'smoke-%'`)).toBe(20);
    await db.end();
    expect(s.log()).not.toMatch(/INTERNAL_ERROR|prepared statement/);

    s.child.kill('SIGINT');
    expect(await s.exited).toBe(0);
  } finally {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
}, 240_000);
