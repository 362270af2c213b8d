import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { OPENAPI_FILE } from '../openapi/generate.js';

// A process of its own: in this one the test setup has loaded @hono/zod-openapi already.
it("with core's schemas built before @hono/zod-openapi loads (the built server's order), the API loads and its document is openapi/openapi.json", () => {
  const script = path.join(import.meta.dirname, 'support/openapi-load-order.ts');
  const document = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  expect(document).toBe(readFileSync(OPENAPI_FILE, 'utf8'));
}, 90_000);
