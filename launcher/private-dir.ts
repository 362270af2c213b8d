import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Creates `dir` (and missing parents) readable by its owner only (0700), and narrows an existing
 * one that group or others could enter: DATA_DIR and DATA_DIR/pg hold the projects' data, keys and
 * the embedded database's files, which no other local user may read. (No-op on Windows, where
 * modes do not apply.)
 */
export function ownerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(dir, mode & 0o700);
  } catch (e) {
    throw new Error(`${dir} is readable by other users (mode ${mode.toString(8)}) and could not be made owner-only: ${(e as Error).message}`);
  }
}
