import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `DATA_DIR/runtime.json`: which process owns the data folder (the launcher, or the CLI when it
 * opened the embedded database itself) and where its embedded database listens. It doubles as the
 * lock that keeps two processes from opening the same PGlite files, which would corrupt them.
 */
export interface RuntimeInfo {
  pid: number;
  owner: 'launcher' | 'cli';
  startedAt: string;
  /** Wire-protocol URL of the embedded PostgreSQL (absent when the owner uses DATABASE_URL). */
  databaseUrl?: string;
  apiUrl?: string;
  temporalAddress?: string;
  temporalUiUrl?: string;
}

export const runtimeFile = (dataDir: string) => path.join(dataDir, 'runtime.json');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The runtime file of a live owner, or undefined (missing, unreadable or left by a dead process). */
export function readLiveRuntime(dataDir: string): RuntimeInfo | undefined {
  let info: RuntimeInfo;
  try {
    info = JSON.parse(readFileSync(runtimeFile(dataDir), 'utf8')) as RuntimeInfo;
  } catch {
    return undefined;
  }
  if (typeof info.pid !== 'number') return undefined;
  if (info.pid === process.pid) return claimedHere.has(path.resolve(dataDir)) ? info : undefined;
  return alive(info.pid) ? info : undefined;
}

/** Folders this process holds (a test may launch twice in one process: the second must see the first). */
const claimedHere = new Set<string>();

/**
 * Claims the data folder for this process, failing when a live process holds it. Returns the
 * functions to publish details once known and to release the claim.
 */
export function claimDataDir(dataDir: string, owner: RuntimeInfo['owner']) {
  let info: RuntimeInfo = { pid: process.pid, owner, startedAt: new Date().toISOString() };
  const write = (flag: string) => writeFileSync(runtimeFile(dataDir), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600, flag });
  try {
    write('wx'); // exclusive create: of two processes starting at once, one wins
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const holder = readLiveRuntime(dataDir);
    if (holder) {
      throw new Error(
        `${dataDir} is in use by process ${holder.pid} (${holder.owner}, started ${holder.startedAt}). ` +
          `Stop it first, or use another DATA_DIR. If no such process is yours, delete ${runtimeFile(dataDir)}.`,
      );
    }
    rmSync(runtimeFile(dataDir), { force: true }); // left by a process that died
    write('wx');
  }
  claimedHere.add(path.resolve(dataDir));
  return {
    update(patch: Partial<RuntimeInfo>) {
      info = { ...info, ...patch };
      // Replaced whole (a reader polling the file, the CLI or a script, never sees half of it).
      const tmp = `${runtimeFile(dataDir)}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, runtimeFile(dataDir));
    },
    release() {
      claimedHere.delete(path.resolve(dataDir));
      try {
        const current = JSON.parse(readFileSync(runtimeFile(dataDir), 'utf8')) as RuntimeInfo;
        if (current.pid === process.pid) rmSync(runtimeFile(dataDir), { force: true });
      } catch {
        /* already gone */
      }
    },
  };
}
