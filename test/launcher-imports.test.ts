import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages `entry` loads at start: its static imports, followed through the project's own files (dynamic imports are not followed). */
async function packagesLoadedAtStart(entry: string): Promise<string[]> {
  const { metafile } = await build({ entryPoints: [path.join(root, entry)], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, logLevel: 'error', absWorkingDir: root });
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of metafile.inputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement') continue;
      if (imp.external) packages.add(imp.path);
      else visit(imp.path);
    }
  };
  visit(entry);
  return [...packages].sort();
}

describe('the launcher process stays small for as long as `npm start` runs', () => {
  it('loads neither the ORM nor the Temporal SDK at start (migrations run in launcher/prepare-db.ts, a process that exits)', async () => {
    const loaded = await packagesLoadedAtStart('launcher/main.ts');
    expect(loaded).toContain('@electric-sql/pglite'); // the embedded database lives here
    expect(loaded.filter((p) => p.startsWith('@mikro-orm/') || p.startsWith('@temporalio/') || p === 'pg')).toEqual([]);
  });
});

describe('the API and the worker load no migration code when they do not migrate', () => {
  it('api/main.ts, launcher/api-thread.ts and worker/main.ts do not import @mikro-orm/migrations at start (db/orm.ts imports the migration list only to migrate)', async () => {
    for (const entry of ['api/main.ts', 'launcher/api-thread.ts', 'worker/main.ts']) {
      const loaded = await packagesLoadedAtStart(entry);
      expect(loaded, entry).toContain('@mikro-orm/postgresql'); // the ORM itself is loaded
      expect(loaded, entry).not.toContain('@mikro-orm/migrations');
    }
  });
});
