import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingWorkflow } from '../workflows/index.js';
import { pingWorkflowId } from '../core/workflow-ids.js';
import { setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

describe('workflowsInMainThread (the embedded default of `npm start`)', () => {
  it("runs the workflow code in the worker's main thread (the SDK's reusable VM, no workflow thread) and a workflow completes end to end", async () => {
    const worker = await ctx.startWorker({ workflowsInMainThread: true });
    // The SDK's private field: which creator runs the workflow code (ThreadedVMWorkflowCreator starts a thread).
    expect((worker as unknown as { workflowCreator: object }).workflowCreator.constructor.name).toBe('ReusableVMWorkflowCreator');
    const result = await ctx.temporal.workflow.execute(pingWorkflow, {
      taskQueue: ctx.config.taskQueue,
      workflowId: pingWorkflowId(`main-thread-${Date.now()}`),
      args: ['hello'],
    });
    expect(result).toMatch(/^pong:hello:/);
  });
});
