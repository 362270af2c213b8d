import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateOpenApiDocument } from '../api/app.js';
import { ENV_VARIABLES, loadConfig } from '../core/config.js';
import { ALL_SEARCH_ATTRIBUTES } from '../core/search-attributes.js';

/*
 * docker-compose.yml and the Dockerfile cannot run here (no container engine), so they are checked
 * for what can go wrong without one: pinned images, the services the topology needs, settings the
 * service actually reads, entrypoints that exist. And the README documents every setting.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        build?: string;
        command?: string[];
        environment?: Record<string, string>;
        ports?: string[];
        healthcheck?: { test: string[] };
        depends_on?: Record<string, { condition: string }>;
        restart?: string;
        pull_policy?: string;
      }
    >;
  };
  const services = compose.services;

  it('has the production topology: postgres, Temporal (schema, server, setup, UI), a mail catcher, api, worker', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'mailpit', 'postgres', 'temporal', 'temporal-schema', 'temporal-setup', 'temporal-ui', 'worker']);
  });

  it('runs a supported Temporal server image whose schema the admin tools set up (no auto-setup), same version for both', () => {
    const all = Object.values(services).map((s) => s.image ?? '');
    expect(all.filter((i) => i.includes('auto-setup'))).toEqual([]);
    const version = services.temporal.image!.split(':')[1];
    expect(services.temporal.image).toBe(`temporalio/server:${version}`);
    expect(services['temporal-schema'].image).toBe(`temporalio/admin-tools:${version}`);
    const script = services['temporal-schema'].command!.join('\n');
    for (const db of ['temporal', 'temporal_visibility']) expect(script).toContain(db);
    expect(script).toMatch(/temporal-sql-tool[\s\S]*create-database[\s\S]*setup-schema -v 0\.0[\s\S]*update-schema -d "\/etc\/temporal\/schema\/postgresql\/v12\/\$\$dir\/versioned"/);
    expect(services.temporal.environment).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgres', DBNAME: 'temporal', VISIBILITY_DBNAME: 'temporal_visibility' });
    // The server's database credentials are the ones the schema step used.
    expect(script).toContain(`-u ${services.temporal.environment!.POSTGRES_USER} -pw ${services.temporal.environment!.POSTGRES_PWD}`);
  });

  it("registers the namespace and every search attribute of the service's workflows before api and worker start", () => {
    const setup = services['temporal-setup'];
    expect(setup.image).toBe(services['temporal-schema'].image);
    const script = setup.command!.join('\n');
    expect(script).toContain('temporal operator namespace create --namespace default');
    for (const key of ALL_SEARCH_ATTRIBUTES) expect(script, key.name).toMatch(new RegExp(`for name in [^;]*\\b${key.name}\\b`));
    expect(script).toContain('--type Keyword');
    expect(setup.environment?.TEMPORAL_ADDRESS).toBe(services.api.environment!.TEMPORAL_ADDRESS);
    expect(setup.environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('orders the start with healthchecks and depends_on conditions: schema, server healthy, setup done, then api and worker', () => {
    for (const name of ['postgres', 'temporal', 'mailpit', 'api']) expect(services[name].healthcheck?.test, name).toBeDefined();
    expect(services['temporal-schema'].depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.temporal.depends_on).toEqual({ 'temporal-schema': { condition: 'service_completed_successfully' } });
    expect(services['temporal-setup'].depends_on).toEqual({ temporal: { condition: 'service_healthy' } });
    expect(services['temporal-ui'].depends_on).toEqual({ temporal: { condition: 'service_healthy' } });
    for (const name of ['api', 'worker']) {
      expect(services[name].depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        'temporal-setup': { condition: 'service_completed_successfully' },
        mailpit: { condition: 'service_healthy' },
      });
    }
    // One-shot jobs run once per `up`, never restarted in a loop.
    for (const name of ['temporal-schema', 'temporal-setup']) expect(services[name].restart, name).toBe('no');
    expect(services.api.healthcheck!.test.join(' ')).toContain('/health');
    expect(services.temporal.healthcheck!.test.join(' ')).toContain('cluster health');
  });

  it('builds one image, once (api builds it, worker runs the same one without pulling)', () => {
    const built = Object.entries(services).filter(([, s]) => s.build !== undefined);
    expect(built.map(([n]) => n)).toEqual(['api']);
    expect(services.worker.image).toBe(services.api.image);
    expect(services.worker.pull_policy).toBe('never');
  });

  it('publishes only the API to every interface; the UIs on 127.0.0.1 only; Temporal, PostgreSQL and SMTP not at all', () => {
    const published = Object.entries(services).flatMap(([name, s]) => (s.ports ?? []).map((p) => [name, String(p).split(' ')[0]]));
    const open = published.filter(([, p]) => !p.startsWith('127.0.0.1:'));
    expect(open).toEqual([['api', '3000:3000']]);
    expect(published.filter(([, p]) => p.startsWith('127.0.0.1:')).map(([n]) => n).sort()).toEqual(['mailpit', 'temporal-ui']);
    for (const name of ['temporal', 'postgres', 'temporal-schema', 'temporal-setup', 'worker']) expect(services[name].ports, name).toBeUndefined();
    expect(services.mailpit.ports!.join(' ')).not.toContain('1025');
  });

  it('pins every image to a version (no latest, no bare name)', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.build || s.image === services.api.image) continue;
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

describe('a bad logging value at start', () => {
  it('LOG_LEVEL=verbose or LOG_FORMAT=JSON stops start:api and start:worker with a message naming the variable, no stack trace', { timeout: 60_000 }, async () => {
    const { spawnSync } = await import('node:child_process');
    for (const [entry, env] of [
      ['api/main.ts', { LOG_LEVEL: 'verbose' }],
      ['worker/main.ts', { LOG_LEVEL: 'verbose' }],
      ['api/main.ts', { LOG_FORMAT: 'JSON' }],
    ] as const) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
        cwd: root,
        env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SECRET_KEY: 'x'.repeat(32), ...env },
        encoding: 'utf8',
        timeout: 30_000,
      });
      const out = `${run.stdout}${run.stderr}`;
      const name = Object.keys(env)[0];
      expect(run.status, `${entry} ${name}: ${out}`).toBe(1);
      expect(out, entry).toContain(`${name}: Invalid option`);
      expect(out, entry).not.toMatch(/\n\s+at /);
    }
  });
});

describe('configuration values the README bounds', () => {
  it('DNS_SERVERS takes IP addresses with an optional port and refuses a host name; TEMPORAL_LOG_LEVEL takes only the SDK levels', () => {
    expect(loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,::1' }).dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '::1']);
    expect(() => loadConfig({ DNS_SERVERS: '1.1.1.1,dns.google' })).toThrow(/DNS_SERVERS: a comma-separated list of IP addresses/);
    expect(loadConfig({ TEMPORAL_LOG_LEVEL: 'DEBUG' }).logLevel).toBe('info');
    expect(() => loadConfig({ TEMPORAL_LOG_LEVEL: 'warn' })).toThrow(/TEMPORAL_LOG_LEVEL/);
  });

  it('TEMPORAL_CLI naming no file stops npm start\'s search with its name, instead of falling back to an install', async () => {
    const { findTemporalCli } = await import('../launcher/temporal-cli.js');
    const before = process.env.TEMPORAL_CLI;
    try {
      process.env.TEMPORAL_CLI = '/nonexistent/temporal';
      expect(() => findTemporalCli()).toThrow(/TEMPORAL_CLI=\/nonexistent\/temporal: no such file/);
      process.env.TEMPORAL_CLI = process.execPath; // any file that exists is taken as given
      expect(findTemporalCli()).toBe(process.execPath);
    } finally {
      if (before === undefined) delete process.env.TEMPORAL_CLI;
      else process.env.TEMPORAL_CLI = before;
    }
  });
});
