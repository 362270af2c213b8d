import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/*
 * The second pass: every API-level test file again, its database an in-memory PGlite behind the
 * embedded wire server as `npm start` runs it (TEST_DATABASE=embedded, read by test/helpers.ts).
 * API-level = uses setupTestContext (directly, or through a shared stack such as useCampaignStack in
 * test/support/campaigns.ts). Left out: the timing files (their margins are PostgreSQL's)
 * and the ones that need several processes migrating one real server.
 */
// (idempotency-processes: two app instances with their own pools on one database; the embedded
// database belongs to the one process that holds DATA_DIR.)
const NEEDS_REAL_SERVER = ['test/migrations.test.ts', 'test/embedded.test.ts', 'test/idempotency-processes.test.ts'];
const apiFiles = readdirSync('test')
  .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.timing.test.ts'))
  .map((f) => `test/${f}`)
  .filter((f) => !NEEDS_REAL_SERVER.includes(f) && /\b(setupTestContext|useCampaignStack)\(/.test(readFileSync(f, 'utf8')));

export default defineConfig({ test: { ...base.test, include: apiFiles, env: { TEST_DATABASE: 'embedded' } } });
