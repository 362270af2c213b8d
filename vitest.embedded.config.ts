import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/*
 * The second pass: every API-level test file again, its database a PGlite data folder (in a temp
 * folder, on files as `npm start` keeps it) behind the embedded wire server (TEST_DATABASE=embedded,
 * read by test/helpers.ts). API-level = calls setupTestContext or createPassDatabase, itself or
 * through a test/ module it imports (a shared stack such as useCampaignStack in
 * test/support/campaigns.ts). Left out: the timing files (their margins are PostgreSQL's), and the
 * ones that need the machine's server: migrations.test.ts (several processes migrating one
 * database concurrently, and its own databases) and embedded.test.ts (starts its own PGlite).
 */
const NEEDS_REAL_SERVER = ['test/migrations.test.ts', 'test/embedded.test.ts'];
/*
 * Also left out, to keep CI within its budget: files whose subject is not the database (a browser
 * page, packaging, an HTTP client's or the CLI's surface, SMTP/TLS, DKIM, logging, Temporal's retry
 * semantics). The statements they reach are the same ones the data-subject files run here; what
 * they assert does not depend on which database answers.
 */
const NOT_ABOUT_THE_DATABASE = [
  'test/docs.browser.test.ts',
  'test/sdk-package.test.ts',
  'test/sdk.e2e.test.ts',
  'test/plunk-node.test.ts',
  'test/cors.test.ts',
  'test/openapi.test.ts',
  'test/smtp-tls.test.ts',
  'test/cli.test.ts',
  'test/logging.test.ts',
  'test/temporal.test.ts',
  'test/domains-dkim.test.ts',
  'test/retry-exhaustion.test.ts',
  'test/activity-failures.test.ts',
];

/**
 * Whether `file` calls setupTestContext, createPassDatabase or useMigratedPassOrm (not their
 * definitions), or imports a test/ module other than test/helpers.ts (where they are defined) that does.
 */
function setsUpTestContext(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (/(?<!function )\b(setupTestContext|createPassDatabase|useMigratedPassOrm)\(/.test(text)) return true;
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)]
    .map((m) => path.join(path.dirname(file), `${m[1]}.ts`))
    .some((dep) => dep.startsWith('test/') && dep !== 'test/helpers.ts' && setsUpTestContext(dep, seen));
}

const apiFiles = readdirSync('test')
  .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.timing.test.ts'))
  .map((f) => `test/${f}`)
  .filter((f) => !NEEDS_REAL_SERVER.includes(f) && !NOT_ABOUT_THE_DATABASE.includes(f) && setsUpTestContext(f));

export default defineConfig({
  test: { ...base.test, globalSetup: [...(base.test!.globalSetup as string[]), './test/setup/embedded-pristine.ts'], include: apiFiles, env: { TEST_DATABASE: 'embedded' } },
});
