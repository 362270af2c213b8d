// Plain JavaScript (no build step): `npm start` (launcher/start.mjs) runs it before anything is built.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The service's own code: what `npm run build` turns into dist/ (tests, benches and the SDK package are not part of it). */
export const SOURCE_DIRS = ['core', 'api', 'db', 'workflows', 'activities', 'worker', 'launcher', 'cli', 'openapi'];
/** Not built: the SDK package has its own build. */
export const SKIP = ['openapi/sdk'];

/** Every `.ts` source file under SOURCE_DIRS (declaration files excluded), sorted. */
export function sourceFiles(root) {
  const walk = (dir) => {
    if (SKIP.includes(path.relative(root, dir))) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return walk(full);
      return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
    });
  };
  return SOURCE_DIRS.flatMap((d) => walk(path.join(root, d))).sort();
}

/**
 * A hash of what dist/ is built from: the sources, the lock file (dependency versions) and Node's
 * major version. dist/.source-hash holds the hash of the sources it was built from.
 */
export function sourceHash(root) {
  const h = createHash('sha256');
  h.update(process.versions.node.split('.')[0]).update('\0');
  for (const file of [...sourceFiles(root), path.join(root, 'package-lock.json')]) {
    h.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return h.digest('hex').slice(0, 32);
}
