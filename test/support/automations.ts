import { expect } from 'vitest';
import { recordEvent } from '../../core/events/events.js';
import { json, type TestContext } from '../helpers.js';
import { TestSmtpServer } from './smtp-server.js';

/** Polls `check` until it returns a truthy value (returned), failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 60_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function createWorkflow(ctx: TestContext, body: Record<string, unknown>) {
  const res = await ctx.request('POST', '/workflows', { body });
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(201);
  return out.data;
}

export async function createTemplate(ctx: TestContext, subject: string, type: 'TRANSACTIONAL' | 'MARKETING' = 'TRANSACTIONAL') {
  const res = await ctx.request('POST', '/templates', { body: { name: subject, subject, body: `<p>${subject} {{plan ?? "none"}}</p>`, type, from: 'hello@example.com' } });
  expect(res.status).toBe(201);
  return (await json(res)).data.id as string;
}

export async function executions(ctx: TestContext, workflowId: string, query = ''): Promise<any[]> {
  const res = await ctx.request('GET', `/workflows/${workflowId}/executions?limit=100${query}`);
  expect(res.status).toBe(200);
  return (await json(res)).data.items;
}

export async function execution(ctx: TestContext, workflowId: string, executionId: string) {
  const res = await ctx.request('GET', `/workflows/${workflowId}/executions/${executionId}`);
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

/** Waits until the workflow has `count` executions, all in one of `statuses`; returns them. */
export function settled(ctx: TestContext, workflowId: string, count: number, statuses = ['COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'], timeoutMs = 60_000) {
  return eventually(
    async () => {
      const xs = await executions(ctx, workflowId);
      return xs.length === count && xs.every((x) => statuses.includes(x.status)) ? xs : null;
    },
    timeoutMs,
    `${count} executions in ${statuses.join('/')}`,
  );
}

export async function track(ctx: TestContext, email: string, event: string, data?: Record<string, unknown>) {
  const res = await ctx.request('POST', '/v1/track', { body: { email, event, data }, key: ctx.project.publicKey });
  expect(res.status).toBe(200);
  return (await json(res)).data as { contact: string; event: string };
}

/** Subjects of the messages the SMTP server received for `to`, in arrival order, with arrival times. */
export async function mailsTo(smtp: TestSmtpServer, to: string): Promise<{ subject: string; arrivedAt: number }[]> {
  const mine = smtp.messages.filter((m) => m.recipients.includes(to));
  return Promise.all(mine.map(async (m) => ({ subject: (await TestSmtpServer.parse(m)).subject ?? '', arrivedAt: m.arrivedAt })));
}

/**
 * `count` new contacts `<prefix><i>@recipients.test`, then one `name` event each, committed in one
 * transaction: the worker's dispatcher finds them in one pass (one batch per workflow version).
 */
export async function trackBurst(ctx: TestContext, prefix: string, name: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@recipients.test`);
  const contacts: string[] = [];
  for (const email of emails) {
    const res = await ctx.request('POST', '/contacts', { body: { email } });
    expect(res.status).toBe(201);
    contacts.push((await json(res)).data.id);
  }
  await ctx.orm.em.fork().transactional(async (tx) => {
    for (const contactId of contacts) await recordEvent(tx, { projectId: ctx.project.id, contactId, name });
  });
  return emails;
}
