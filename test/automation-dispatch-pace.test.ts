import { spawn } from 'node:child_process';
import { autogroupNice, autogroups, threadNices } from './support/priority.js';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../db/sql.js';
import { startAutomationDispatcher } from '../worker/automation-dispatcher.js';
import { createAutomationEngine } from '../core/automations/engine.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { createWorkflow, eventually, settled, track, trackBurst } from './support/automations.js';

/*
 * The dispatcher's pace (worker/automation-dispatcher.ts) and the worker's CPU priority
 * (worker/priority.ts), on real parts: PostgreSQL, the Temporal dev server, a worker process.
 */

const GATHER_MS = 15_000;
const root = fileURLToPath(new URL('..', import.meta.url));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupTestContext();
  // A gathering time no test step comes near: what waits for it and what does not is unmistakable.
  await ctx.startWorker({ sweeper: false, automations: { gatherMs: GATHER_MS } });
});
afterAll(async () => {
  await ctx?.cleanup();
});

const batchOf = async (workflowId: string, emailPrefix: string) =>
  (
    await sqlRows<{ batch_id: string | null }>(
      ctx.orm.em.fork(),
      'select distinct x.batch_id from workflow_executions x join contacts c on c.id = x.contact_id where x.workflow_id = ? and c.email like ?',
      [workflowId, `${emailPrefix}%`],
    )
  ).map((r) => r.batch_id);

describe('the automation dispatcher', () => {
  it('starts a lone event after an idle inbox at once, without waiting for the gathering time', { timeout: 90_000 }, async () => {
    const wf = await createWorkflow(ctx, { name: 'Lone', enabled: true, trigger: { type: 'EVENT', eventName: 'lone-signup' }, steps: [{ id: 'mark', type: 'UPDATE_CONTACT', data: { welcomed: true } }] });
    const tracked = Date.now();
    await track(ctx, 'lone@recipients.test', 'lone-signup');
    // The pass that takes the event commits its execution row: timed from the track to that row, read
    // from the database (the Temporal run after it and the API's polls are not the dispatcher's pace).
    const executionRows = async () => (await sqlRows<{ id: string }>(ctx.orm.em.fork(), 'select id from workflow_executions where workflow_id = ?', [wf.id])).length;
    await eventually(async () => (await executionRows()) > 0, 2 * GATHER_MS, 'the pass taking the event');
    expect(Date.now() - tracked, 'the lone event waited for the gathering time').toBeLessThan(GATHER_MS);
    const [x] = await settled(ctx, wf.id, 1, ['COMPLETED'], 45_000);
    expect(x.status).toBe('COMPLETED');
  });

  it('gathers the events that come in while a burst is being dispatched into one batch', { timeout: 120_000 }, async () => {
    const wf = await createWorkflow(ctx, { name: 'Burst', enabled: true, trigger: { type: 'EVENT', eventName: 'gather-signup' }, steps: [{ id: 'mark', type: 'UPDATE_CONTACT', data: { welcomed: true } }] });
    // Three events in one pass: a burst has begun, the dispatcher gathers before its next pass.
    await trackBurst(ctx, 'first-', 'gather-signup', 3);
    await eventually(async () => (await batchOf(wf.id, 'first-')).length > 0, 30_000, 'the first pass');
    // Two commits well apart (the 50 ms poll would take them in two passes, two batches).
    await trackBurst(ctx, 'second-', 'gather-signup', 10);
    await new Promise((r) => setTimeout(r, 500));
    await trackBurst(ctx, 'third-', 'gather-signup', 10);
    const done = await settled(ctx, wf.id, 23, ['COMPLETED'], GATHER_MS + 60_000);
    expect(done).toHaveLength(23);
    const [second] = await batchOf(wf.id, 'second-');
    expect(second).toMatch(/^automation-batch-/);
    expect(await batchOf(wf.id, 'third-')).toEqual([second]);
  });

  it("with a second worker's dispatcher beside this one, the events of a burst that come in while both gather go into one batch: the passes wait for the burst's oldest row, not for each dispatcher's own clock", { timeout: 180_000 }, async () => {
    // A second worker's dispatcher (same database, same task queue), gathering as long.
    const other = startAutomationDispatcher({ orm: ctx.orm, engine: createAutomationEngine(ctx.temporal, ctx.config.taskQueue, { deliveryRetry: ctx.config.deliveryRetry }), gatherMs: GATHER_MS });
    try {
      const wf = await createWorkflow(ctx, { name: 'Two dispatchers', enabled: true, trigger: { type: 'EVENT', eventName: 'two-signup' }, steps: [{ id: 'mark', type: 'UPDATE_CONTACT', data: { welcomed: true } }] });
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // This worker's dispatcher saw the last test's rows and gathers until GATHER_MS after them: let
      // that lapse, so both dispatchers start idle (else both would take the second part at t1 + 20 s).
      await sleep(GATHER_MS + 1_000);
      // A burst starts on one dispatcher, and 5 s later another part of it on the other (idle, it takes them at once): both gather now, 5 s apart.
      await trackBurst(ctx, 'two-first-', 'two-signup', 3);
      await eventually(async () => (await batchOf(wf.id, 'two-first-')).length > 0, 30_000, 'the first pass');
      const t1 = Date.now();
      await sleep(5_000);
      await trackBurst(ctx, 'two-second-', 'two-signup', 3);
      await eventually(async () => (await batchOf(wf.id, 'two-second-')).length > 0, 30_000, 'the second pass');
      // The idle dispatcher took it at once: had it waited for a gathering time, the parts below would come after every pass's clock, and prove nothing.
      expect(Date.now() - t1, 'the second part was taken at once by the idle dispatcher').toBeLessThan(8_000);
      // One part 8 s after the first pass, one 17 s after: on its own clock the first dispatcher would take
      // the third part at 15 s and the second dispatcher the fourth at 20 s, two batches.
      await sleep(Math.max(0, t1 + 8_000 - Date.now()));
      await trackBurst(ctx, 'two-third-', 'two-signup', 5);
      await sleep(Math.max(0, t1 + 17_000 - Date.now()));
      await trackBurst(ctx, 'two-fourth-', 'two-signup', 5);
      const done = await settled(ctx, wf.id, 16, ['COMPLETED'], 2 * GATHER_MS + 60_000);
      expect(done).toHaveLength(16);
      const [third] = await batchOf(wf.id, 'two-third-');
      expect(third).toMatch(/^automation-batch-/);
      expect(await batchOf(wf.id, 'two-fourth-')).toEqual([third]);
    } finally {
      await other.stop();
    }
  });
});


describe.skipIf(process.platform !== 'linux')('the worker process', () => {
  it('started in a session of its own (as npm start does) runs every thread, and its session, at WORKER_NICE', { timeout: 90_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts', '--no-migrate'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: ctx.dbUrl,
        TEMPORAL_ADDRESS: ctx.config.temporalAddress!,
        TEMPORAL_TASK_QUEUE: `prio-${randomBytes(4).toString('hex')}`,
        SECRET_KEY: ctx.config.secretKey!,
        DATA_DIR: ctx.config.dataDir,
        WORKER_NICE: '7',
        LOG_LEVEL: 'warn',
        TEMPORAL_LOG_LEVEL: 'ERROR',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.on('message', (m: { type?: string }) => m.type === 'ready' && resolve());
        child.once('exit', (code) => reject(new Error(`worker exited (${code}) before ready`)));
      });
      const nices = threadNices(child.pid!);
      expect(nices.length).toBeGreaterThan(5); // V8's, libuv's and Temporal's threads, not the main one alone
      expect(nices.filter((n) => n < 7)).toEqual([]);
      if (autogroups) expect(autogroupNice(child.pid!)).toBe(7);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it.skipIf(!autogroups)('that does not lead its session lowers its threads and leaves the session (a terminal and what else runs in it) alone', { timeout: 30_000 }, async () => {
    // `setsid sh -c node`: a session of its own for the test (sh leads it), the node process a member.
    const script = `import { lowerCpuPriority } from './worker/priority.ts'; console.log(JSON.stringify(lowerCpuPriority(7)));`;
    const child = spawn('setsid', ['sh', '-c', `"${process.execPath}" --import tsx --input-type=module -e "${script}"; exit $?`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => child.once('exit', r));
    expect(JSON.parse(out)).toEqual({ threads: expect.any(Number), autogroup: false });
  });
});
