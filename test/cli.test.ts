import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, setupTestContext, type TestContext } from './helpers.js';

// Processes started per test (each test runs the CLI (tsx) several times): over 60 s under a load average of 25 (ci-busy's stress run).
vi.setConfig({ testTimeout: 300_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

/** Runs the real CLI as a child process against this file's database. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: ctx.dbUrl, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const asKey = (key: string) => ({ key });

describe('CLI: projects and keys', () => {
  it('creates a project whose keys work; disable -> 403, enable -> 200, revoke -> 401', async () => {
    const created = await cli('projects', 'create', '--name', 'CLI project', '--json');
    expect(created.code, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout); // exactly one JSON object, nothing else on stdout
    expect(Object.keys(out).sort()).toEqual(['projectId', 'publicKey', 'secretKey']);
    expect(out.secretKey).toMatch(/^sk_/);
    expect(out.publicKey).toMatch(/^pk_/);

    expect((await ctx.request('GET', '/contacts', asKey(out.secretKey))).status).toBe(200);

    expect((await cli('projects', 'disable', out.projectId)).code).toBe(0);
    const disabled = await ctx.request('GET', '/contacts', asKey(out.secretKey));
    expect(disabled.status).toBe(403);
    expect((await json(disabled)).error.code).toBe('PROJECT_DISABLED');

    expect((await cli('projects', 'enable', out.projectId)).code).toBe(0);
    expect((await ctx.request('GET', '/contacts', asKey(out.secretKey))).status).toBe(200);

    const revoked = await cli('keys', 'revoke', out.secretKey);
    expect(revoked.code, revoked.stderr).toBe(0);
    const after = await ctx.request('GET', '/contacts', asKey(out.secretKey));
    expect(after.status).toBe(401);
    expect((await json(after)).error.code).toBe('UNAUTHORIZED');
  });

  it('keys create --kind public makes a key that works on /v1/track only', async () => {
    const created = await cli('keys', 'create', '--project', ctx.project.id, '--kind', 'public', '--json');
    expect(created.code, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out).toMatchObject({ projectId: ctx.project.id, kind: 'public' });
    expect(out.key).toMatch(/^pk_/);

    const tracked = await ctx.request('POST', '/v1/track', { key: out.key, body: { event: 'signed-up', email: 'cli@example.com' } });
    expect(tracked.status, await tracked.clone().text()).toBeLessThan(300);
    expect((await json(tracked)).success).toBe(true);
    const forbidden = await ctx.request('GET', '/contacts', asKey(out.key));
    expect(forbidden.status).toBe(403);
    expect((await json(forbidden)).error.code).toBe('FORBIDDEN');
  });

  it('fails with a readable message and exit code 1, nothing on stdout with --json', async () => {
    const [missing, badKind, unknownKey] = await Promise.all([
      cli('projects', 'disable', '00000000-0000-7000-8000-000000000000', '--json'),
      cli('keys', 'create', '--project', ctx.project.id, '--kind', 'admin', '--json'),
      cli('keys', 'revoke', 'sk_unknown'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/Project not found/);
    expect(missing.stderr).not.toMatch(/\n\s+at /); // no stack trace

    expect(badKind.code).toBe(1);
    expect(badKind.stdout).toBe('');
    expect(badKind.stderr).toMatch(/--kind must be secret or public/);

    expect(unknownKey.code).toBe(1);
    expect(unknownKey.stderr).toMatch(/Key not found/);
  });
});

describe('CLI: domains trust', () => {
  it('makes a verified sender without DNS checks, so /v1/send accepts it; repeatable; readable errors', async () => {
    const p = await ctx.newProject('trusting');
    const send = () =>
      ctx.request('POST', '/v1/send', { key: p.secretKey, body: { to: 'someone@example.com', from: 'me@trusted.example', subject: 'Hi', body: '<p>Hi</p>' } });
    expect((await send()).status).toBe(403);

    const env = { SECRET_KEY: ctx.config.secretKey!, DATA_DIR: ctx.config.dataDir };
    const first = await cliWith(env, 'domains', 'trust', 'Trusted.EXAMPLE', '--project', p.id, '--json');
    expect(first.code, first.stderr).toBe(0);
    const trusted = JSON.parse(first.stdout);
    expect(trusted).toMatchObject({ domain: 'trusted.example', status: 'VERIFIED' });
    expect((await send()).status).toBe(200);
    const listed = await json(await ctx.request('GET', '/domains?status=VERIFIED', { key: p.secretKey }));
    expect(listed.data.domains.map((d: { id: string }) => d.id)).toEqual([trusted.domainId]);

    const again = await cliWith(env, 'domains', 'trust', 'trusted.example', '--project', p.id, '--json');
    expect(JSON.parse(again.stdout).domainId).toBe(trusted.domainId);

    const unknown = await cliWith(env, 'domains', 'trust', 'x.example', '--project', '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', '--json');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/Project not found/);
    // Another project may not take a domain this one verified.
    const other = await ctx.newProject('other');
    const taken = await cliWith(env, 'domains', 'trust', 'trusted.example', '--project', other.id);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/verified by another project/);
    // No SECRET_KEY and no secret in DATA_DIR: DKIM keys cannot be stored.
    const noSecret = await cliWith({ SECRET_KEY: '', DATA_DIR: `${ctx.config.dataDir}-none` }, 'domains', 'trust', 'nokey.example', '--project', p.id);
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toMatch(/SECRET_KEY/);
  });
});

