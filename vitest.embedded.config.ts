import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/*
 * The second pass: every API-level test file again, its database an in-memory PGlite behind the
 * embedded wire server as `npm start` runs it (TEST_DATABASE=embedded, read by test/helpers.ts).
 * API-level = calls setupTestContext, itself or through a test/ module it imports (a shared stack
 * such as useCampaignStack in test/support/campaigns.ts). Left out: the timing files (their
 * margins are PostgreSQL's) and the ones that need several processes migrating one real server.
 */
// (idempotency-processes: two app instances with their own pools on one database; the embedded
// database belongs to the one process that holds DATA_DIR.)
const NEEDS_REAL_SERVER = ['test/migrations.test.ts', 'test/embedded.test.ts', 'test/idempotency-processes.test.ts'];

/** Whether `file` calls setupTestContext (not its definition), or imports a test/ module that does. */
function setsUpTestContext(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (/(?<!function )\bsetupTestContext\(/.test(text)) return true;
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)]
    .map((m) => path.join(path.dirname(file), `${m[1]}.ts`))
    .some((dep) => dep.startsWith('test/') && setsUpTestContext(dep, seen));
}

const apiFiles = readdirSync('test')
  .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.timing.test.ts'))
  .map((f) => `test/${f}`)
  .filter((f) => !NEEDS_REAL_SERVER.includes(f) && setsUpTestContext(f));

export default defineConfig({ test: { ...base.test, include: apiFiles, env: { TEST_DATABASE: 'embedded' } } });
