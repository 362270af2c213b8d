import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../core/imports/batch.js';
import { sqlRows } from '../db/sql.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { startWorkerProcess, workerEnv, type WorkerProcess } from './support/worker-process.js';

/*
 * A worker process SIGKILLed in the middle of an import (default batches of IMPORT_BATCH_ROWS): a second
 * worker process resumes from the last committed batch, and the counts and the contacts table
 * match the file exactly.
 */

const ROWS = 60_000;
const DISTINCT = 50_000;
const email = (i: number) => (i % 1000 === 999 ? `bad-${i}` : `u${i % DISTINCT}@example.com`);

let ctx: TestContext;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  ctx = await setupTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  for (const w of workers) {
    w.kill('SIGKILL');
    await w.exited;
  }
  await ctx?.cleanup();
});

const readImport = async (id: string) => (await json(await ctx.request('GET', `/contacts/imports/${id}`))).data;

describe('a worker process killed in the middle of an import', () => {
  it('loses no row and counts none twice: a new worker finishes from the last committed batch', { timeout: 600_000 }, async () => {
    const env = workerEnv(ctx);
    delete (env as Record<string, string | undefined>).SMTP_URL;
    const first = await startWorkerProcess(env, 240_000);
    workers.push(first);

    const csv = ['email,n,tag', ...Array.from({ length: ROWS }, (_, i) => `${email(i)},${i},t${i % 7}`)].join('\n');
    const res = await ctx.request('POST', '/contacts/imports', { body: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(202);
    const id = (await json(res)).data.id;

    let atKill: any;
    for (const until = Date.now() + 120_000; ; ) {
      atKill = await readImport(id);
      if (atKill.rowsRead > 0) break;
      if (Date.now() > until) throw new Error(`no batch committed: ${JSON.stringify(atKill)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await first.exited;
    const afterKill = await readImport(id);
    expect(afterKill.status).toBe('RUNNING');
    expect(afterKill.rowsRead).toBeLessThan(ROWS); // killed in the middle, not after the end
    expect(afterKill.rowsRead % IMPORT_BATCH_ROWS).toBe(0); // only whole batches committed

    workers.push(await startWorkerProcess(env, 240_000));
    let done: any;
    for (const until = Date.now() + 240_000; ; ) {
      done = await readImport(id);
      if (done.status !== 'RUNNING' && done.status !== 'QUEUED') break;
      if (Date.now() > until) throw new Error(`import not finished: ${JSON.stringify(done)}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // What the file says, row by row in order: the last valid row of an address wins.
    const expected = new Map<string, string>();
    let invalid = 0;
    for (let i = 0; i < ROWS; i++) {
      if (email(i).startsWith('bad-')) invalid++;
      else expected.set(email(i), String(i));
    }
    expect(done).toMatchObject({ status: 'COMPLETED', rowsRead: ROWS, created: expected.size, updated: ROWS - invalid - expected.size, skipped: 0, invalid });
    expect(done.errors).toHaveLength(Math.min(100, invalid));
    expect(done.errors[0]).toEqual({ line: 1001, field: 'email', reason: 'is not a valid email address' });
    const rows = await sqlRows<{ email: string; n: string }>(ctx.orm.em.fork(), `select email, data->>'n' as n from contacts where project_id = ?`, [ctx.project.id]);
    expect(rows).toHaveLength(expected.size);
    expect(new Map(rows.map((r) => [r.email, r.n]))).toEqual(expected);
    expect(await sqlRows(ctx.orm.em.fork(), 'select 1 from contact_import_rows where import_id = ?', [id])).toEqual([]);
  });
});
