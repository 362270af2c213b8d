import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, inject } from 'vitest';
import { mismatches, stats } from '../support/response-validation.js';

/*
 * Runs in every test file: a response that does not match the OpenAPI document fails the test
 * that received it; each file's counts go to a shared file that global-setup totals at the end.
 */
afterEach(() => {
  if (mismatches.length === 0) return;
  const found = mismatches.splice(0);
  throw new Error(`${found.length} response(s) do not match openapi/openapi.json:\n${found.join('\n')}`);
});

afterAll(() => {
  if (stats.responses + stats.unmatched === 0) return;
  const line = { responses: stats.responses, unmatched: stats.unmatched, operations: [...stats.operations], pairs: [...stats.pairs] };
  appendFileSync(inject('responseStatsFile'), `${JSON.stringify(line)}\n`);
});
