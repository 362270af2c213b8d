import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    responseStatsFile: string;
  }
}

let dir = '';

/** Gives every test file one place to append its response-validation counts (test/setup/responses.ts). */
export function setup(project: TestProject) {
  dir = mkdtempSync(path.join(tmpdir(), 'mh-responses-'));
  project.provide('responseStatsFile', path.join(dir, 'stats.jsonl'));
}

/** Prints the run's totals once, after the last file. */
export function teardown() {
  const file = path.join(dir, 'stats.jsonl');
  if (!existsSync(file)) return rmSync(dir, { recursive: true, force: true });
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { responses: number; unmatched: number; operations: string[]; pairs: string[] });
  // The committed document (test/openapi.test.ts fails when it is stale). Generating it here, in vitest's own
  // process where modules load in another order, recursed without end in zod-to-openapi.
  const doc = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const all = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
  const operations = new Set(lines.flatMap((l) => l.operations));
  const pairs = new Set(lines.flatMap((l) => l.pairs));
  const responses = lines.reduce((n, l) => n + l.responses, 0);
  const unmatched = lines.reduce((n, l) => n + l.unmatched, 0);
  const missing = all.filter((o) => !operations.has(o));
  console.log(
    `Response validation: ${responses} responses checked against openapi/openapi.json, covering ${operations.size} of ${all.length} operations ` +
      `(${pairs.size} operation+status pairs) in ${lines.length} test files; ${unmatched} responses to paths outside the document (/docs, /openapi.json, unknown routes, preflight).` +
      (missing.length ? `\n  Operations no test response reached: ${missing.join(', ')}` : ''),
  );
  rmSync(dir, { recursive: true, force: true });
}
