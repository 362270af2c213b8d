import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty, never-migrated PGlite data folder each embedded-pass file copies (test/helpers.ts). */
    embeddedPristinePg?: string;
  }
}

let dir = '';

/*
 * The embedded pass runs on PGlite data folders, as `npm start` does. Creating one (initdb) is the
 * slowest step of a start, far more on a loaded machine; it runs once here, and each test file's
 * database starts from a copy of the empty cluster (test/embedded.test.ts does the same).
 */
export async function setup(project: TestProject) {
  dir = mkdtempSync(path.join(tmpdir(), 'mh-pristine-pg-'));
  const pg = path.join(dir, 'pg');
  const db = await PGlite.create({ dataDir: pg });
  await db.close();
  project.provide('embeddedPristinePg', pg);
}

export function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
