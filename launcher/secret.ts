import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownerOnlyDir } from './private-dir.js';

const secretFile = (dataDir: string) => path.join(dataDir, 'secret.key');

/** The secret `npm start` keeps in DATA_DIR, if it has made one (the CLI reads it to store DKIM keys). */
export function readSecretKey(dataDir: string): string | undefined {
  const file = secretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

/**
 * SECRET_KEY (DKIM key encryption, signed links) for the one-command start: generated once and kept
 * in `DATA_DIR/secret.key`, so links and stored keys survive a restart. Losing the file invalidates them.
 */
export function ensureSecretKey(dataDir: string): { secret: string; file: string; created: boolean } {
  const file = secretFile(dataDir);
  const existing = readSecretKey(dataDir);
  if (existing) return { secret: existing, file, created: false };
  ownerOnlyDir(dataDir);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, file, created: true };
}
