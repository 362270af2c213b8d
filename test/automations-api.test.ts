import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { createTemplate, createWorkflow, eventually, execution, settled } from './support/automations.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';
import { insertVerifiedDomain } from './support/emails.js';
import { expectError } from './support/envelope.js';

/* The /workflows resource: definitions, validation, versions, manual starts and WEBHOOK steps. */

let ctx: TestContext;
let dns: TestDnsServer;
let hooks: http.Server;
let hookPort: number;
const hookCalls: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  dns = await startTestDnsServer();
  dns.set('hooks.test', 'A', ['127.0.0.1']);
  dns.set('public-looking.test', 'A', ['127.0.0.1']);
  hooks = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hookCalls.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      if (req.url === '/to-private') return void res.writeHead(302, { location: `http://10.0.0.1:${hookPort}/hook` }).end();
      if (req.url === '/to-loopback-ip') return void res.writeHead(307, { location: `http://127.0.0.1:${hookPort}/hook` }).end();
      if (req.url === '/hop') return void res.writeHead(303, { location: '/hook' }).end();
      if (req.url === '/big') return void res.writeHead(200).end('x'.repeat(100_000));
      if (req.url === '/fail') return void res.writeHead(500).end('boom');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  hookPort = (hooks.address() as AddressInfo).port;
  ctx = await setupTestContext({ DNS_SERVERS: dns.address, WEBHOOK_ALLOW_LOOPBACK_HOST: 'hooks.test' });
  // The templates' sender (SEND_EMAIL steps must send from a verified domain).
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
  await ctx.startWorker({ sweeper: false });
});
afterAll(async () => {
  await ctx?.cleanup();
  await dns?.close();
  await new Promise((r) => hooks?.close(r));
});

const trigger = { type: 'EVENT', eventName: 'e' };
const fieldsOf = (body: any) => body.error.errors.map((e: any) => `${e.field}:${e.code}`);

describe('validation: 422 with field paths', () => {
  it('lists every graph problem at once', async () => {
    const body = await expectError(
      await ctx.request('POST', '/workflows', {
        body: {
          name: 'Broken',
          trigger,
          steps: [
            { id: 'a', type: 'SEND_EMAIL', templateId: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', next: 'b' },
            { id: 'b', type: 'UPDATE_CONTACT', next: 'a' },
            { id: 'c', type: 'EXIT' },
          ],
        },
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(fieldsOf(body)).toEqual(['steps.2:unreachable', 'steps.0:cycle_without_wait', 'steps.0.templateId:not_found']);
  });

  it('duplicate ids and missing transitions; schema errors carry their paths too', async () => {
    const dup = await expectError(
      await ctx.request('POST', '/workflows', { body: { name: 'Dup', trigger, steps: [{ id: 'a', type: 'DELAY', amount: 1, unit: 'seconds', next: 'zz' }, { id: 'a', type: 'EXIT' }] } }),
      422,
    );
    expect(fieldsOf(dup)).toEqual(['steps.1.id:duplicate_id', 'steps.0.next:unknown_step']);
    const schema = await expectError(
      await ctx.request('POST', '/workflows', {
        body: {
          name: 'Schema',
          trigger,
          steps: [
            { id: 'w', type: 'WAIT_UNTIL', time: '25:00', timezone: 'Europe/Berlin', next: 'c' },
            { id: 'c', type: 'CONDITION', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'triggered' }] }] }, branches: {} },
            { id: 's', type: 'SEND_EMAIL', subject: 'x' },
            { id: 'h', type: 'WEBHOOK', url: 'ftp://example.com/x' },
          ],
        },
      }),
      422,
    );
    expect(schema.error.errors.map((e: any) => e.field)).toEqual(['steps.0.time', 'steps.1.condition.groups.0.filters.0.operator', 'steps.2.templateId', 'steps.3.url']);
    const many = await expectError(
      await ctx.request('POST', '/workflows', { body: { name: 'Many', trigger, steps: Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, type: 'EXIT' })) } }),
      422,
    );
    expect(fieldsOf(many)).toEqual(['steps:too_big']);
    const noSegment = await expectError(
      await ctx.request('POST', '/workflows', { body: { name: 'Seg', trigger: { type: 'SEGMENT_ENTRY', segmentId: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a' }, steps: [{ id: 'x', type: 'EXIT' }] } }),
      422,
    );
    expect(fieldsOf(noSegment)).toEqual(['trigger.segmentId:not_found']);
  });
});

describe('definition and versions', () => {
  it('PATCH with the steps and trigger as GET answers them (steps with `next` and branches: jsonb re-orders their keys) keeps the version', async () => {
    const tpl = await createTemplate(ctx, 'Graph');
    const graph = [
      { id: 'wait', type: 'WAIT_FOR_EVENT', eventName: 'bought', timeout: { amount: 1, unit: 'days' }, branches: { event: 'hi', timeout: 'pause' } },
      { id: 'pause', type: 'DELAY', amount: 1, unit: 'hours', next: 'hi' },
      { id: 'hi', type: 'SEND_EMAIL', templateId: tpl },
    ];
    const wf = await createWorkflow(ctx, { name: 'Graph', trigger, steps: graph });
    const asRead = (await json(await ctx.request('GET', `/workflows/${wf.id}`))).data;
    const again = await json(await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { name: 'Graph 2', trigger: asRead.trigger, steps: asRead.steps } }));
    expect(again.data).toMatchObject({ name: 'Graph 2', version: 1 });
    const reordered = graph.map((st) => Object.fromEntries(Object.entries(st).reverse()));
    expect((await json(await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { steps: reordered } }))).data.version).toBe(1);
  });

  it('create (disabled by default), get, list, PATCH without graph changes keeps the version, with changes stores a new one', async () => {
    const tpl = await createTemplate(ctx, 'Hello');
    const steps = [{ id: 'hi', type: 'SEND_EMAIL', templateId: tpl }];
    const wf = await createWorkflow(ctx, { name: 'Versions', description: 'd', trigger, steps });
    expect(wf).toMatchObject({ name: 'Versions', description: 'd', enabled: false, allowReentry: false, version: 1, trigger, steps });

    const renamed = await json(await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { name: 'Renamed', enabled: true, steps } }));
    expect(renamed.data).toMatchObject({ name: 'Renamed', enabled: true, version: 1 });
    const changed = await json(await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { trigger: { type: 'EVENT', eventName: 'other' } } }));
    expect(changed.data).toMatchObject({ version: 2, trigger: { eventName: 'other' }, steps });

    expect((await json(await ctx.request('GET', `/workflows/${wf.id}`))).data).toMatchObject({ version: 2, name: 'Renamed' });
    expect((await json(await ctx.request('GET', `/workflows/${wf.id}?version=1`))).data).toMatchObject({ version: 1, trigger });
    await expectError(await ctx.request('GET', `/workflows/${wf.id}?version=7`), 404, 'NOT_FOUND');
    const bad = await expectError(await ctx.request('PATCH', `/workflows/${wf.id}`, { body: { steps: [{ id: 'x', type: 'DELAY', amount: 1, unit: 'seconds', next: 'y' }] } }), 422);
    expect(bad.error.errors.length).toBeGreaterThan(0);

    const enabled = await json(await ctx.request('GET', '/workflows?enabled=true'));
    expect(enabled.data.items.map((w: any) => w.id)).toContain(wf.id);
    expect((await json(await ctx.request('GET', '/workflows?enabled=false'))).data.items.map((w: any) => w.id)).not.toContain(wf.id);
    // Another project sees nothing of it.
    const other = await ctx.newProject('Other');
    await expectError(await ctx.request('GET', `/workflows/${wf.id}`, { key: other.secretKey }), 404);
    // A template a workflow uses is still a template: deleting the workflow removes the definition.
    expect((await ctx.request('DELETE', `/workflows/${wf.id}`)).status).toBe(200);
    await expectError(await ctx.request('GET', `/workflows/${wf.id}`), 404);
  });

  it('manual start: by email or contactId, 404 for an unknown contact, 422 for both or neither', async () => {
    const wf = await createWorkflow(ctx, { name: 'Manual', trigger, steps: [{ id: 'tag', type: 'UPDATE_CONTACT', data: { manual: '{{x}}' } }] });
    const contact = (await json(await ctx.request('POST', '/contacts', { body: { email: 'manual@recipients.test' } }))).data;
    await expectError(await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'nobody@recipients.test' } }), 404);
    await expectError(await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: {} }), 422);
    await expectError(await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'manual@recipients.test', contactId: contact.id } }), 422);
    const res = await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { contactId: contact.id, data: { x: 1 } } });
    expect(res.status).toBe(201);
    const started = (await json(res)).data;
    expect(started).toMatchObject({ contactId: contact.id, email: 'manual@recipients.test', version: 1, temporalWorkflowId: `automation-${wf.id}-${contact.id}-1` });
    const [done] = await settled(ctx, wf.id, 1);
    expect(done.status).toBe('COMPLETED');
    await expectError(await ctx.request('GET', `/workflows/${wf.id}/executions/not-an-id`), 404);
    await expectError(await ctx.request('GET', `/workflows/${wf.id}/executions?status=DONE`), 422);
  });

  it('executions carry search attributes: Temporal finds them by contact email and workflow', { timeout: 30_000 }, async () => {
    const wf = await createWorkflow(ctx, { name: 'Searchable', trigger, steps: [{ id: 'x', type: 'EXIT', reason: 'done' }] });
    await ctx.request('POST', '/contacts', { body: { email: 'search@recipients.test' } });
    const started = (await json(await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'search@recipients.test' } }))).data;
    await settled(ctx, wf.id, 1);
    const ids = await eventually(async () => {
      const found: string[] = [];
      for await (const w of ctx.temporal.workflow.list({ query: `WorkflowId STARTS_WITH "automation-" AND ContactEmail = "search@recipients.test" AND AutomationWorkflowId = "${wf.id}" AND AutomationStatus = "EXITED"` })) found.push(w.workflowId);
      return found.length > 0 ? found : null;
    }, 60_000, 'visibility');
    expect(ids).toEqual([started.temporalWorkflowId]);
  });
});

describe('WEBHOOK steps and the SSRF guard', () => {
  async function runHook(step: Record<string, unknown>) {
    const wf = await createWorkflow(ctx, { name: `Hook ${Math.random()}`, trigger, steps: [{ id: 'hook', type: 'WEBHOOK', ...step, next: 'after' }, { id: 'after', type: 'UPDATE_CONTACT', data: { after: true } }] });
    await ctx.request('POST', '/contacts', { body: { email: 'hook@recipients.test', data: { name: 'Ada' } } });
    await ctx.request('POST', `/workflows/${wf.id}/executions`, { body: { email: 'hook@recipients.test', data: { plan: 'pro' } } });
    const [x] = await settled(ctx, wf.id, 1);
    return { x, steps: (await execution(ctx, wf.id, x.id)).steps };
  }

  it('a loopback address is refused after DNS (recorded, not fatal); the same server through the allowed test host answers', { timeout: 30_000 }, async () => {
    const before = hookCalls.length;
    const refused = await runHook({ url: `http://127.0.0.1:${hookPort}/hook`, method: 'POST' });
    expect(refused.x.status).toBe('COMPLETED');
    expect(refused.steps[0]).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^Refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/) });
    expect(refused.steps[1]).toMatchObject({ stepId: 'after', status: 'COMPLETED' });
    const byName = await runHook({ url: `http://public-looking.test:${hookPort}/hook`, method: 'POST' });
    expect(byName.steps[0].error).toMatch(/public-looking\.test resolves to 127\.0\.0\.1, which is not a public address/);
    expect(hookCalls.length).toBe(before);

    const allowed = await runHook({ url: `http://hooks.test:${hookPort}/hook`, method: 'POST', headers: { 'x-name': '{{name}}' }, body: { plan: '{{event.plan}}', email: '{{email}}' } });
    expect(allowed.steps[0]).toMatchObject({ status: 'COMPLETED', output: { status: 200, body: '{"ok":true}' } });
    const call = hookCalls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', url: '/hook', headers: expect.objectContaining({ 'x-name': 'Ada' }) });
    expect(JSON.parse(call.body)).toEqual({ plan: 'pro', email: 'hook@recipients.test' });
  });

  it('a redirect to a private address is refused; a same-host 303 is followed as a GET', { timeout: 30_000 }, async () => {
    const toPrivate = await runHook({ url: `http://hooks.test:${hookPort}/to-private`, method: 'POST' });
    expect(toPrivate.steps[0]).toMatchObject({ status: 'FAILED', error: 'Refused: 10.0.0.1 resolves to 10.0.0.1, which is not a public address' });
    const toLoopbackIp = await runHook({ url: `http://hooks.test:${hookPort}/to-loopback-ip`, method: 'POST' });
    expect(toLoopbackIp.steps[0].error).toMatch(/^Refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/);
    const hop = await runHook({ url: `http://hooks.test:${hookPort}/hop`, method: 'POST', body: { a: 1 } });
    expect(hop.steps[0]).toMatchObject({ status: 'COMPLETED', output: { status: 200, url: `http://hooks.test:${hookPort}/hook` } });
    expect(hookCalls.at(-1)).toMatchObject({ method: 'GET', url: '/hook', body: '' });
  });

  it('a non-2xx is recorded and the execution goes on, unless failOnError; the stored body is capped', { timeout: 30_000 }, async () => {
    const soft = await runHook({ url: `http://hooks.test:${hookPort}/fail`, method: 'POST' });
    expect(soft.x.status).toBe('COMPLETED');
    expect(soft.steps[0]).toMatchObject({ status: 'FAILED', error: 'HTTP 500', output: { status: 500, body: 'boom' } });
    const hard = await runHook({ url: `http://hooks.test:${hookPort}/fail`, method: 'POST', failOnError: true });
    expect(hard.x).toMatchObject({ status: 'FAILED', exitReason: 'Step "hook": HTTP 500' });
    expect(hard.steps.map((s: any) => s.stepId)).toEqual(['hook']);
    const big = await runHook({ url: `http://hooks.test:${hookPort}/big`, method: 'GET' });
    expect(big.steps[0].output.body).toHaveLength(4096);
  });
});

describe('CONDITION: event.data.<path> by the rules of data.<path>', () => {
  it('every operator over numbers, strings, dates, booleans and arrays gives for the event\'s data what the segment compiler gives for the contact\'s', async () => {
    const { evaluateCondition } = await import('../core/automations/condition.js');
    const values: unknown[] = [5, '5', 5.5, true, 'abc', '2026-01-31', '2026-01-31T15:00:00Z', '2026-02-01T00:30:00+01:00', ['a', '5', 5], undefined];
    const filters: [string, unknown, string?][] = [
      ['equals', 5], ['equals', '5'], ['equals', true], ['notEquals', 5], ['equals', '2026-01-31'], ['notEquals', '2026-01-31'],
      ['equals', '2026-01-31T15:00:00Z'], ['greaterThan', 4], ['lessThan', 6], ['greaterThanOrEqual', 5], ['lessThanOrEqual', 5.5],
      ['greaterThan', '2026-01-31'], ['greaterThanOrEqual', '2026-01-31'], ['lessThan', '2026-02-01'], ['lessThanOrEqual', '2026-01-31'],
      ['greaterThan', '2026-01-31T12:00:00Z'], ['lessThanOrEqual', '2026-01-31T23:30:00Z'], ['contains', '5'], ['contains', 5], ['contains', 'ab'],
      ['notContains', '5'], ['startsWith', 'ab'], ['endsWith', '5'], ['in', [5, 'abc']], ['notIn', [5]], ['exists', undefined], ['notExists', undefined],
      ['olderThan', 1, 'days'], ['within', 3650, 'days'],
    ];
    const p = await ctx.newProject('event-data-rules');
    let agreed = 0;
    const differ: string[] = [];
    for (const [i, v] of values.entries()) {
      const res = await ctx.request('POST', '/contacts', { key: p.secretKey, body: { email: `rule${i}@example.com`, data: v === undefined ? {} : { x: v } } });
      const contactId = (await json(res)).data.id;
      const eventData = v === undefined ? {} : { x: v };
      for (const [operator, value, unit] of filters) {
        const filter = (field: string) => ({ logic: 'AND', groups: [{ filters: [{ field, operator, ...(value === undefined ? {} : { value }), ...(unit ? { unit } : {}) }] }] }) as never;
        const contact = await evaluateCondition(ctx.orm.em.fork(), { projectId: p.id, contactId, condition: filter('data.x'), eventData: {} });
        const event = await evaluateCondition(ctx.orm.em.fork(), { projectId: p.id, contactId, condition: filter('event.data.x'), eventData });
        if (contact === event) agreed++;
        else differ.push(`${JSON.stringify(v)} ${operator} ${JSON.stringify(value)}: data ${contact}, event ${event}`);
      }
    }
    expect(differ).toEqual([]);
    expect(agreed).toBe(values.length * filters.length);
  });
});
