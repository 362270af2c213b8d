import path from 'node:path';
import { NativeConnection, Worker } from '@temporalio/worker';
import { WorkflowFailedError } from '@temporalio/client';
import { ActivityFailure, ApplicationFailure, RetryState } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../activities/index.js';
import { createMailer } from '../activities/mailer.js';
import { installRuntime } from '../worker/create-worker.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

/*
 * A domain error that cannot succeed on retry (a deleted template is NOT_FOUND) reaches Temporal as
 * a non-retryable failure: the activity runs once, though its policy allows three attempts.
 */

let ctx: TestContext;
let worker: Worker;
let connection: NativeConnection;
let running: Promise<void>;
const taskQueue = () => `${ctx.config.taskQueue}-render`;

beforeAll(async () => {
  ctx = await setupTestContext();
  installRuntime();
  connection = await NativeConnection.connect({ address: ctx.config.temporalAddress! });
  worker = await Worker.create({
    connection,
    namespace: ctx.config.temporalNamespace,
    taskQueue: taskQueue(),
    workflowsPath: path.resolve(import.meta.dirname, 'support/workflows/render-once.workflow.ts'),
    activities: createActivities({ ...ctx.deps, mailer: createMailer(ctx.config) }),
  });
  running = worker.run();
}, 120_000);

afterAll(async () => {
  worker?.shutdown();
  await running?.catch(() => {});
  await connection?.close();
  await ctx?.cleanup();
});

async function createTemplate(): Promise<string> {
  const res = await ctx.request('POST', '/templates', {
    body: { name: 'Welcome', subject: 'Hi {{name}}', body: '<p>Hello {{name}}</p>', type: 'TRANSACTIONAL' },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.id as string;
}

const render = (templateId: string) =>
  ctx.temporal.workflow.execute('renderOnceWorkflow', {
    taskQueue: taskQueue(),
    workflowId: `render-${templateId}`,
    args: [{ projectId: ctx.project.id, templateId, data: { name: 'Ada' } }],
  });

describe('activities and domain errors', () => {
  it('renders a stored template', async () => {
    const id = await createTemplate();
    await expect(render(id)).resolves.toMatchObject({ subject: 'Hi Ada', html: '<p>Hello Ada</p>' });
  });

  it('an activity asked to render a deleted template fails once, not retried', async () => {
    const id = await createTemplate();
    expect((await ctx.request('DELETE', `/templates/${id}`)).status).toBe(200);

    const err = await render(id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkflowFailedError);
    const activity = (err as WorkflowFailedError).cause as ActivityFailure;
    expect(activity).toBeInstanceOf(ActivityFailure);
    expect(activity.retryState).toBe(RetryState.NON_RETRYABLE_FAILURE);
    const cause = activity.cause as ApplicationFailure;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(cause).toMatchObject({ type: 'NOT_FOUND', nonRetryable: true, message: 'Template not found' });

    const history = await ctx.temporal.workflow.getHandle(`render-${id}`).fetchHistory();
    const attempts = history.events!.filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes!.attempt);
    expect(attempts).toEqual([1]);
  });
});
