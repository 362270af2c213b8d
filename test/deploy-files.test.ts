import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateOpenApiDocument } from '../api/app.js';
import { ENV_VARIABLES, loadConfig } from '../core/config.js';

/*
 * docker-compose.yml and the Dockerfile cannot run here (no container engine), so they are checked
 * for what can go wrong without one: pinned images, the services the topology needs, settings the
 * service actually reads, entrypoints that exist. And the README documents every setting.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, { image?: string; build?: string; command?: string[]; environment?: Record<string, string> }>;
  };
  const services = compose.services;

  it('has the production topology: postgres, temporal, temporal-ui, a mail catcher, api, worker', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'mailpit', 'postgres', 'temporal', 'temporal-ui', 'worker']);
  });

  it('pins every image to a version (no latest, no bare name)', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.build) continue;
      expect(s.image, name).toMatch(/^[\w./-]+:v?\d+(\.\d+)+$/);
    }
  });

  it('api and worker run the real entrypoints with settings the service reads, and those settings load', () => {
    for (const name of ['api', 'worker']) {
      const s = services[name];
      const entry = sourceOf(s.command!.find((a) => a.startsWith('dist/'))!);
      expect(existsSync(path.join(root, entry)), entry).toBe(true);
      const env = s.environment!;
      for (const key of Object.keys(env)) expect(ENV_VARIABLES, `${name}: ${key}`).toContain(key);
      for (const key of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SECRET_KEY', 'SMTP_URL']) expect(env[key], `${name}: ${key}`).toBeTruthy();
      const config = loadConfig(env);
      expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
      expect(config.temporalAddress).toBe('temporal:7233');
      expect(new URL(config.smtpUrl!).hostname).toBe('mailpit');
    }
    expect(services.api.command).toContain('dist/api/main.js');
    expect(services.worker.command).toContain('dist/worker/main.js');
  });
});

describe('Dockerfile', () => {
  it('builds on Node 20 and starts an entrypoint that exists', () => {
    const file = read('Dockerfile');
    expect(file).toMatch(/^FROM node:20[\w.-]*$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(file)![1]) as string[];
    expect(existsSync(path.join(root, sourceOf(cmd.find((a) => a.startsWith('dist/'))!)))).toBe(true);
    // dist/ is built in the image, after the sources are copied in.
    expect(file.indexOf('RUN npm run build')).toBeGreaterThan(file.indexOf('COPY . .'));
  });

  it('npm run build makes the JavaScript those entrypoints name', async () => {
    const { buildDist, DIST } = await import('../launcher/build.js');
    await buildDist();
    for (const entry of ['api/main.js', 'worker/main.js']) expect(existsSync(path.join(DIST, entry)), entry).toBe(true);
  });
});

/** The TypeScript source a built entrypoint comes from: dist/api/main.js -> api/main.ts. */
const sourceOf = (built: string) => built.replace(/^dist\//, '').replace(/\.js$/, '.ts');

/** `process.env.X` read anywhere in the product's source (outside the parsed config), e.g. by the launcher. */
function directEnvReads(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (rel.endsWith('.ts')) for (const m of read(rel).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
    }
  };
  for (const dir of PRODUCT_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  names.delete('PATH'); // the operating system's, not a setting of the service
  return [...names].sort();
}
const PRODUCT_DIRS = ['api', 'core', 'activities', 'workflows', 'worker', 'launcher', 'cli', 'db'];

describe('README', () => {
  it('documents every environment variable the service reads', () => {
    const readme = read('README.md');
    const read_ = [...ENV_VARIABLES, ...directEnvReads()];
    expect(read_).toEqual(expect.arrayContaining(['SMTP_URL', 'SMTP_CA_FILE', 'TEMPORAL_LOG_LEVEL']));
    const missing = read_.filter((v) => !readme.includes(`| \`${v}\` |`));
    expect(missing).toEqual([]);
  });

  it.each([
    ['campaign', '/campaigns'],
    ['segment', '/segments'],
    ['automation', '/workflows'],
  ])('describes %ss as built: the API serves %s routes and no README line calls them planned', (word, path) => {
    const served = Object.keys((generateOpenApiDocument() as { paths: Record<string, unknown> }).paths).filter((p) => p.startsWith(path));
    expect(served.length).toBeGreaterThan(0);
    const planned = read('README.md').split('\n').filter((line) => new RegExp(word, 'i').test(line) && /planned/i.test(line));
    expect(planned).toEqual([]);
  });
});
