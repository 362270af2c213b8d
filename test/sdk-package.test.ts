import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestContext, type TestContext } from './helpers.js';
import { listen } from './support/http-server.js';

// Processes started per test (npm pack, npm install and tsc in fresh projects): over 60 s under a load average of 25 (ci-busy's stress run).
vi.setConfig({ testTimeout: 300_000 });

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

let ctx: TestContext;
let server: Awaited<ReturnType<typeof listen>>;
let work = '';
beforeAll(async () => {
  ctx = await setupTestContext();
  server = await listen(ctx.app);
  work = await mkdtemp(path.join(tmpdir(), 'mh-sdk-'));
});
afterAll(async () => {
  await server?.close();
  await ctx?.cleanup();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The SDK packed as a release would be (once per file): the tarball's name in `work`. */
let packing: Promise<string> | undefined;
function packed(): Promise<string> {
  packing ??= (async () => {
    // Packing a folder does not run its prepack script: build first, as a release would (`npm pack` inside the folder runs it).
    await run('npm', ['run', 'build'], { cwd: path.join(root, 'openapi/sdk') });
    await run('npm', ['pack', path.join(root, 'openapi/sdk'), '--pack-destination', work], { cwd: work });
    return (await readdir(work)).find((f) => f.endsWith('.tgz'))!;
  })();
  return packing;
}

describe('SDK types', () => {
  it('wrong bodies, paths and reads do not compile (every @ts-expect-error line is an error)', async () => {
    const out = await run(process.execPath, [tsc, '-p', path.join(root, 'test/sdk-types/tsconfig.json')], { cwd: root }).catch((e) => e);
    expect(`${out.stdout ?? ''}${out.stderr ?? ''}`).toBe('');
  });
});

describe('npm pack', () => {
  it('packs a package that a separate project installs, type-checks against and uses', async () => {
    const tgz = await packed();
    const { stdout: listing } = await run('tar', ['tzf', path.join(work, tgz)]);
    expect(listing.split('\n').filter(Boolean).sort()).toEqual(
      expect.arrayContaining(['package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/schema.d.ts', 'package/package.json']),
    );
    expect(listing).not.toContain('package/src/');

    const project = path.join(work, 'consumer');
    await run('mkdir', ['-p', project]);
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(work, tgz)], { cwd: project });

    await writeFile(
      path.join(project, 'use.ts'),
      `import { createClient, MailhubError } from '@mailhub/sdk';
const client = createClient({ apiKey: process.argv[2], baseUrl: process.argv[3] });
const tracked = await client.unwrap(client.POST('/v1/track', { body: { email: 'packed@example.com', event: 'Installed From Tarball' } }));
const emails: string[] = [];
for await (const c of client.paginate('/contacts', { query: { limit: 1 } })) emails.push(c.email);
const bad = await client.POST('/contacts', { body: { email: 'nope' } });
console.log(JSON.stringify({ contact: tracked.data.contact, emails, status: bad.response.status, code: bad.error?.error.code, isError: new MailhubError(1, {}, null) instanceof Error }));
`,
    );
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, lib: ['ES2022', 'DOM'], types: [], outDir: 'out' }, include: ['use.ts', 'globals.d.ts'] }),
    );
    // A stub for the one Node global the script uses, so the consumer needs no @types/node.
    await writeFile(path.join(project, 'globals.d.ts'), 'declare const process: { argv: string[] };\n');
    const compiled = await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch((e) => e);
    expect(`${compiled.stdout ?? ''}${compiled.stderr ?? ''}`).toBe('');
    const { stdout } = await run(process.execPath, [path.join(project, 'out/use.js'), ctx.project.secretKey, server.url], { cwd: project });
    const result = JSON.parse(stdout);
    expect(result).toEqual({ contact: expect.any(String), emails: ['packed@example.com'], status: 422, code: 'VALIDATION_ERROR', isError: true });
  });
});

describe("README's SDK example", () => {
  it('runs as written in a fresh `npm init -y` project (CommonJS by default): file name and command from the README', async () => {
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('**Typed SDK**'));
    const file = /save it as `([\w.-]+)`/.exec(section)?.[1];
    expect(file, 'the README names the file to save the example as').toBeDefined();
    expect(section).toContain(`\`node ${file}\``);
    const code = /```(?:js|ts)\n([\s\S]*?)```/.exec(section)![1];

    const project = path.join(work, 'fresh');
    await run('mkdir', ['-p', project]);
    await run('npm', ['init', '-y'], { cwd: project });
    expect([undefined, 'commonjs']).toContain(JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')).type); // CommonJS (npm 11 says so)
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(work, await packed())], { cwd: project });
    // The placeholders made real: this test's keys and server (the browser client's too, so nothing leaves the machine).
    const real = code
      .replaceAll("'sk_...'", JSON.stringify(ctx.project.secretKey))
      .replaceAll("'pk_...'", JSON.stringify(ctx.project.publicKey))
      .replaceAll("'http://localhost:3000'", JSON.stringify(server.url))
      .replaceAll("'https://mail.example.com'", JSON.stringify(server.url));
    expect(real).not.toMatch(/sk_\.\.\.|pk_\.\.\.|localhost:3000|mail\.example\.com/);
    await writeFile(path.join(project, file!), real);
    const { stdout } = await run(process.execPath, [file!], { cwd: project });
    expect(stdout.split('\n')).toContain('ada@example.com'); // the paginate loop's output
  });
});
