import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingWorkflow } from '../workflows/index.js';
import { pingWorkflowId } from '../core/workflow-ids.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

describe('real Temporal dev server', () => {
  it('runs a workflow end to end through a real worker and PostgreSQL', async () => {
    await ctx.startWorker();
    const result = await ctx.temporal.workflow.execute(pingWorkflow, {
      taskQueue: ctx.config.taskQueue,
      workflowId: pingWorkflowId(`t-${Date.now()}`),
      args: ['hello'],
    });
    expect(result).toMatch(/^pong:hello:\d{4}-\d\d-\d\dT/);
  });

  it('GET /health reports both parts up', async () => {
    const res = await ctx.request('GET', '/health', { key: null });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok', database: 'up', temporal: 'up' });
  });
});
