import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownerOnlyDir } from './private-dir.js';

/*
 * The embedded database listens on a loopback port, which every user of the machine can reach: it
 * asks for a password generated once into `DATA_DIR/pg-password` (owner-only, like secret.key).
 * runtime.json publishes the URL without it; the CLI and `psql` read it from the file.
 */
export const embeddedPasswordFile = (dataDir: string) => path.join(dataDir, 'pg-password');

export function readEmbeddedPassword(dataDir: string): string | undefined {
  const file = embeddedPasswordFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function ensureEmbeddedPassword(dataDir: string): string {
  const existing = readEmbeddedPassword(dataDir);
  if (existing) return existing;
  ownerOnlyDir(dataDir);
  const password = randomBytes(24).toString('base64url');
  writeFileSync(embeddedPasswordFile(dataDir), `${password}\n`, { mode: 0o600 });
  return password;
}

/** `url` with the password of DATA_DIR's embedded database in it. */
export function withEmbeddedPassword(url: string, dataDir: string): string {
  const password = readEmbeddedPassword(dataDir);
  if (!password) return url;
  const u = new URL(url);
  u.password = password;
  return u.toString();
}

/** `url` without its password, for runtime.json and messages. */
export function withoutPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}
