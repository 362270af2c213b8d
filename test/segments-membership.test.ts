/**
 * Membership events of tracked DYNAMIC segments: `segment.<id>.entry` / `.exit` exactly once per
 * change, from the refresh pass (core) and from the real refresh workflow on Temporal.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';
import { ensureSegmentRefreshWorkflows, type SegmentRefreshInput } from '../core/segments/refresh.js';
import { refreshSegment } from '../core/segments/tracking.js';
import { segmentWorkflowId } from '../core/workflow-ids.js';
import { newId } from '../db/ids.js';
import { workflowBundle } from '../worker/workflow-bundle.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { SEGMENT_REFRESH_WORKFLOW } from '../core/segments/refresh-workflow.js';

let ctx: TestContext;
const started: string[] = [];

beforeAll(async () => {
  ctx = await setupTestContext({ SEGMENT_REFRESH_INTERVAL_SECONDS: '0.5' });
});
afterAll(async () => {
  await Promise.all(started.map((id) => ctx?.temporal.workflow.getHandle(segmentWorkflowId(id)).terminate('test done').catch(() => {})));
  await ctx?.cleanup();
});

const ok = async (method: string, path: string, body?: unknown) => {
  const res = await ctx.request(method, path, body === undefined ? {} : { body });
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBeLessThan(300);
  return out.data;
};
const tracked = async (name: string, value: string) => {
  const s = await ok('POST', '/segments', { name, trackMembership: true, condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.stage', operator: 'equals', value }] }] } });
  started.push(s.id);
  return s;
};
const events = async (segmentId: string, change: 'entry' | 'exit') =>
  (await ok('GET', `/events?name=segment.${segmentId}.${change}&limit=100`)).items.map((e: any) => e.email).sort();
const pass = (id: string) => refreshSegment(ctx.orm.em.fork(), id);

describe('refresh pass (no worker)', () => {
  it('takes a silent baseline, then records each entry and exit once', async () => {
    await ok('POST', '/contacts', { email: 'm-a@example.com', data: { stage: 'lead' } });
    const b = await ok('POST', '/contacts', { email: 'm-b@example.com', data: { stage: 'customer' } });
    const s = await tracked('Leads', 'lead');
    // The API started the refresh workflow but no worker runs in this block: end it so only the passes below act.
    await ctx.temporal.workflow.getHandle(segmentWorkflowId(s.id)).terminate('manual passes');

    expect(await pass(s.id)).toMatchObject({ status: 'BASELINE', memberCount: 1 });
    expect(await events(s.id, 'entry')).toEqual([]);

    await ok('PATCH', `/contacts/${b.id}`, { data: { stage: 'lead' } });
    await ok('POST', '/contacts', { email: 'm-a@example.com', data: { stage: 'customer' } });
    expect(await pass(s.id)).toMatchObject({ status: 'TRACKED', entered: 1, exited: 1, memberCount: 1 });
    expect(await pass(s.id)).toMatchObject({ status: 'TRACKED', entered: 0, exited: 0, memberCount: 1 });
    expect(await events(s.id, 'entry')).toEqual(['m-b@example.com']);
    expect(await events(s.id, 'exit')).toEqual(['m-a@example.com']);
    const [entry] = (await ok('GET', `/events?name=segment.${s.id}.entry`)).items;
    expect(entry).toMatchObject({ contactId: b.id, data: { segmentId: s.id, segmentName: 'Leads' } });
  });

  it('concurrent passes record a change once (the segment row is locked)', async () => {
    const s = await tracked('Racers', 'racer');
    await ctx.temporal.workflow.getHandle(segmentWorkflowId(s.id)).terminate('manual passes');
    await pass(s.id);
    for (let i = 0; i < 5; i++) await ok('POST', '/contacts', { email: `race-${i}@example.com`, data: { stage: 'racer' } });
    const results = await Promise.all([pass(s.id), pass(s.id), pass(s.id)]);
    expect(results.map((r) => r.entered).sort()).toEqual([0, 0, 5]);
    expect(await events(s.id, 'entry')).toHaveLength(5);
  });

  it('a deleted member of a tracked segment gets its exit event, once', async () => {
    const c = await ok('POST', '/contacts', { email: 'leaver@example.com', data: { stage: 'leaver' } });
    const s = await tracked('Leavers', 'leaver');
    await ctx.temporal.workflow.getHandle(segmentWorkflowId(s.id)).terminate('manual passes');
    expect(await pass(s.id)).toMatchObject({ status: 'BASELINE', memberCount: 1 });
    await ok('DELETE', `/contacts/${c.id}`);
    const exits = (await ok('GET', `/events?name=segment.${s.id}.exit`)).items;
    expect(exits).toEqual([expect.objectContaining({ contactId: null, data: { segmentId: s.id, segmentName: 'Leavers' } })]);
    expect(await pass(s.id)).toMatchObject({ status: 'TRACKED', entered: 0, exited: 0, memberCount: 0 });
    expect((await ok('GET', `/events?name=segment.${s.id}.exit`)).items).toHaveLength(1);
  });

  it('untracked and STATIC segments only get their count refreshed', async () => {
    const s = await ok('POST', '/segments', { name: 'Counted', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.stage', operator: 'equals', value: 'counted' }] }] } });
    started.push(s.id);
    await ctx.temporal.workflow.getHandle(segmentWorkflowId(s.id)).terminate('manual passes');
    await ok('POST', '/contacts', { email: 'counted@example.com', data: { stage: 'counted' } });
    expect(await pass(s.id)).toMatchObject({ status: 'COUNTED', memberCount: 1 });
    expect(await events(s.id, 'entry')).toEqual([]);
    await ok('DELETE', `/segments/${s.id}`);
    expect(await pass(s.id)).toMatchObject({ status: 'GONE' });
  });
});

describe('refresh workflow on Temporal', () => {
  beforeAll(async () => {
    await ctx.startWorker({ sweeper: false });
  });

  it('re-evaluates on its interval, records entry then exit once, and ends when the segment is deleted', async () => {
    const s = await tracked('Trial users', 'trial');
    const handle = ctx.temporal.workflow.getHandle(segmentWorkflowId(s.id));
    // The first pass (the baseline) has run once the segment has a trackedAt: wait for the second.
    await waitFor(async () => (await handle.fetchHistory()).events!.filter((e) => e.activityTaskCompletedEventAttributes).length >= 2);
    const c = await ok('POST', '/contacts', { email: 'wf-trial@example.com', data: { stage: 'trial' } });
    await waitFor(async () => (await events(s.id, 'entry')).length > 0);
    await ok('PATCH', `/contacts/${c.id}`, { data: { stage: 'paid' } });
    await waitFor(async () => (await events(s.id, 'exit')).length > 0);
    await new Promise((r) => setTimeout(r, 1500)); // three more passes: nothing new
    expect(await events(s.id, 'entry')).toEqual(['wf-trial@example.com']);
    expect(await events(s.id, 'exit')).toEqual(['wf-trial@example.com']);

    await ok('DELETE', `/segments/${s.id}`);
    await waitFor(async () => (await handle.describe()).status.name !== 'RUNNING');
  });

  it('waits the interval the worker is configured with now, not the one in its input', async () => {
    const s = await tracked('Interval', 'interval');
    const workflowId = segmentWorkflowId(s.id);
    await ctx.temporal.workflow.getHandle(workflowId).terminate('restart with an old interval');
    // As if started while SEGMENT_REFRESH_INTERVAL_SECONDS was an hour: the worker's 0.5 s wins from the first pass on.
    const input: SegmentRefreshInput = { segmentId: s.id, intervalMs: 3_600_000 };
    const handle = await ctx.temporal.workflow.start(SEGMENT_REFRESH_WORKFLOW, { taskQueue: ctx.config.taskQueue, workflowId, args: [input] });
    await waitFor(async () => (await handle.fetchHistory()).events!.filter((e) => e.activityTaskCompletedEventAttributes).length >= 3, 30_000);
    const timers = (await handle.fetchHistory()).events!.flatMap((e) => (e.timerStartedEventAttributes ? [e.timerStartedEventAttributes.startToFireTimeout] : []));
    expect(timers.length).toBeGreaterThanOrEqual(2);
    for (const t of timers) expect(Number(t!.seconds ?? 0) * 1000 + (t!.nanos ?? 0) / 1e6).toBe(500);
  });

  it('replays a history recorded before passes returned the interval', async () => {
    const history = historyFromJSON(JSON.parse(readFileSync(new URL('./support/histories/segment-refresh-workflow.v1.json', import.meta.url), 'utf8')));
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history);
  });

  it('ensureSegmentRefreshWorkflows starts the missing workflows of DYNAMIC segments, once', async () => {
    // A DYNAMIC segment stored while Temporal was unreachable (no workflow), one whose workflow was terminated, a STATIC one.
    const em = ctx.orm.em.fork();
    const orphan = newId();
    await em.getConnection().execute(`insert into segments (id, project_id, name, type, condition) values (?, ?, 'orphan', 'DYNAMIC', ?::jsonb)`, [
      orphan, ctx.project.id, JSON.stringify({ logic: 'AND', groups: [{ filters: [{ field: 'data.stage', operator: 'equals', value: 'orphan' }] }] }),
    ]);
    const ended = await tracked('Ended', 'ended');
    await ctx.temporal.workflow.getHandle(segmentWorkflowId(ended.id)).terminate('lost');
    const running = await tracked('Running', 'running');
    const stat = await ok('POST', '/segments', { name: 'Static', type: 'STATIC' });

    const first = await ensureSegmentRefreshWorkflows(ctx.deps);
    started.push(...first.started);
    expect(first.failed).toEqual([]);
    expect(first.started).toEqual(expect.arrayContaining([orphan, ended.id]));
    expect(first.started).not.toContain(running.id);
    expect(first.started).not.toContain(stat.id);
    for (const id of [orphan, ended.id, running.id]) {
      expect((await ctx.temporal.workflow.getHandle(segmentWorkflowId(id)).describe()).status.name).toBe('RUNNING');
    }
    await waitFor(async () => (await ok('GET', '/segments?limit=100')).items.find((x: any) => x.id === orphan).memberCountAt !== null);

    const again = await ensureSegmentRefreshWorkflows(ctx.deps);
    expect(again.started).toEqual([]);
    expect(again.running).toBe(first.running + first.started.length);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}
