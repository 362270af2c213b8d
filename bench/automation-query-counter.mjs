// Preloaded into the API and worker processes by bench/automation-burst.ts (BENCH_COUNT_QUERIES=1,
// `node --import <this file>`): counts the PostgreSQL round trips the process makes (every
// pg Client.query call: statements, BEGIN/COMMIT, savepoints) by statement text, and writes the
// counts to BENCH_QUERY_COUNT_DIR/<pid>.json twice a second. Plain JavaScript: it is loaded before
// anything else, into built processes too.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import pg from 'pg';

const dir = process.env.BENCH_QUERY_COUNT_DIR;
// The main thread only: --import runs in worker threads too (the worker's workflow thread), which
// would write the same <pid>.json and race the rename.
if (dir && isMainThread) {
  const counts = new Map();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.call(this, config, ...rest);
  };
  const file = path.join(dir, `${process.pid}.json`);
  // Written aside and renamed: the bench never reads half a file.
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(Object.fromEntries(counts)));
    renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 500).unref();
  process.on('exit', write);
}
