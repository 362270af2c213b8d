import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { domainWorkflowId } from '../core/workflow-ids.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { changedTables, databaseState } from './support/db-state.js';
import { insertQueuedEmails, insertVerifiedDomain } from './support/emails.js';
import { expectError } from './support/envelope.js';
import { campaignBody } from './support/campaigns.js';
import { label, operationsOf, schemesOf, usesApiKey, type Operation } from './support/route-table.js';

/*
 * Project isolation on every operation of the OpenAPI document that names a resource in its path:
 * project B's secret key on project A's resource is a 404 and changes nothing stored, while A's own
 * key on the same request is not a 404 (so the 404 is about ownership, not a bad path). A new
 * resource kind needs one line in SEEDERS; an operation with no seeder fails here.
 */

type Project = { id: string; secretKey: string; publicKey: string };
/** Creates one resource in project `a`; returns the value for the path parameter (URL-encoded). */
type Seeder = (a: Project) => Promise<string>;

const doc = generateOpenApiDocument() as any;
const withPathParam = operationsOf(doc).filter((op) => op.path.includes('{'));
/** The path up to its first parameter names the resource: `/campaigns/{id}/send` -> `/campaigns/{id}`. */
const resourceOf = (op: Operation) => op.path.slice(0, op.path.indexOf('}') + 1);

let n = 0;
const unique = (what: string) => `${what}-${++n}`;

const SEEDERS: Record<string, Seeder> = {
  '/contacts/{id}': (a) => created(a, '/contacts', { email: `${unique('owned')}@example.com`, data: { plan: 'pro' } }),
  '/templates/{id}': (a) => created(a, '/templates', { name: unique('Owned'), subject: 'Hi', body: '<p>Hi</p>', type: 'MARKETING' }),
  '/domains/{id}': async (a) => track(await created(a, '/domains', { domain: `${unique('owned')}.example` })),
  '/emails/{id}': async (a) => (await sentEmail(a)).id,
  '/suppressions/{email}': async (a) => {
    const email = `${unique('owned-suppressed')}@example.com`;
    await created(a, '/suppressions', { email, reason: 'MANUAL' });
    return encodeURIComponent(email);
  },
  '/segments/{id}': (a) => created(a, '/segments', { name: unique('Owned'), type: 'STATIC' }),
  '/contacts/imports/{id}': async (a) => {
    const res = await ctx.request('POST', '/contacts/imports', { key: a.secretKey, body: `email\n${unique('imported')}@example.com\n`, headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(202);
    return (await json(res)).data.id;
  },
  '/campaigns/{id}': (a) => created(a, '/campaigns', campaignBody({ name: unique('Owned') })),
  '/workflows/{id}': (a) =>
    created(a, '/workflows', { name: unique('Owned'), trigger: { type: 'EVENT', eventName: 'owned_event' }, steps: [{ id: 'wait', type: 'DELAY', amount: 1, unit: 'days' }] }),
};

/** Second path parameters: a resource inside the first one, created by its owner. */
const SUB_SEEDERS: Record<string, (a: Project, parent: string) => Promise<string>> = {
  '{executionId}': (a, workflowId) => created(a, `/workflows/${workflowId}/executions`, { email: OWNED_CONTACT }),
};

/** A's contact that automations start for (tracked in beforeAll). */
const OWNED_CONTACT = 'tracked@example.com';

/** Operations whose answer depends on the resource's state: a fresh (DRAFT) campaign refuses them with a 409, which still shows it was found. */
const STATE_CONFLICT_FOR_OWNER = new Set(['POST /campaigns/{id}/cancel', 'POST /campaigns/{id}/pause', 'POST /campaigns/{id}/resume']);

const seederOf = (op: Operation) => SEEDERS[resourceOf(op)];

/** A valid body for each operation that takes one, so the request reaches the ownership check (not a 422). */
const BODIES: Record<string, unknown> = {
  'PATCH /contacts/{id}': { subscribed: false, data: { plan: 'free' } },
  'PATCH /templates/{id}': { name: 'Taken', subject: 'Taken' },
  'PATCH /segments/{id}': { name: 'Taken' },
  'POST /segments/{id}/members': { emails: ['member@example.com'] },
  'DELETE /segments/{id}/members': { emails: ['member@example.com'] },
  'PATCH /campaigns/{id}': { name: 'Taken' },
  'POST /campaigns/{id}/send': { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
  'POST /campaigns/{id}/test': { emails: ['tester@example.com'] },
  'PATCH /workflows/{id}': { name: 'Taken' },
  'POST /workflows/{id}/executions': { email: OWNED_CONTACT },
};

/** Path parameters that name no project's resource: signed tokens in mail links, used without a key. */
const TOKEN_ROUTES = ['GET /t/o/{token}', 'GET /t/c/{token}', 'GET /u/{token}', 'POST /u/{token}'];

let ctx: TestContext;
let a: Project;
let b: Project;
const domains: string[] = [];
const track = (domainId: string) => (domains.push(domainId), domainId);

beforeAll(async () => {
  ctx = await setupTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
  a = ctx.project;
  b = await ctx.newProject('intruder');
  await insertVerifiedDomain(ctx.orm, a.id, 'example.com', ctx.config.secretKey!);
  // Something in every list for A (and an event), nothing for B: B's lists must stay empty.
  for (const seed of Object.values(SEEDERS)) await seed(a);
  expect((await ctx.request('POST', '/v1/track', { key: a.secretKey, body: { email: OWNED_CONTACT, event: 'owned_event' } })).status).toBe(200);
});
afterAll(async () => {
  await Promise.all(domains.map((id) => ctx?.temporal.workflow.getHandle(domainWorkflowId(id)).terminate('test done').catch(() => {})));
  await ctx?.cleanup();
});

async function created(p: Project, path: string, body: unknown): Promise<string> {
  const res = await ctx.request('POST', path, { key: p.secretKey, body });
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(201);
  return out.data.id;
}

/** A SENT email of A's to A's own contact, as delivery leaves it (Message-ID stored). */
async function sentEmail(p: Project) {
  const to = `${unique('recipient')}@example.com`;
  const contactId = await created(p, '/contacts', { email: to });
  const [id] = await insertQueuedEmails(ctx.orm, p.id, [{ toEmail: to, contactId, fromEmail: 'news@owned.example', marketing: true }]);
  await ctx.orm.em.fork().getConnection().execute(`update emails set status = 'SENT', sent_at = now(), attempts = 1 where id = ?`, [id]);
  return { id, to, contactId, messageId: `<${id}@owned.example>` };
}

const call = (op: Operation, p: Project, path: string) =>
  ctx.request(op.method, path, { key: p.secretKey, body: BODIES[label(op)] ?? (op.method === 'GET' || op.method === 'DELETE' ? undefined : {}) });

describe('every operation with a path parameter', () => {
  it('is either a project resource with a seeder, or a signed-token route', () => {
    const keyed = withPathParam.filter(usesApiKey);
    expect(withPathParam.filter((op) => !usesApiKey(op)).map(label)).toEqual(TOKEN_ROUTES);
    expect(keyed.every((op) => schemesOf(op).has('secretKey'))).toBe(true);
    const missing = keyed.filter((op) => !seederOf(op)).map(label);
    expect(missing, 'add a line to SEEDERS in test/isolation.test.ts').toEqual([]);
    const withBody = keyed.filter((op) => doc.paths[op.path][op.method.toLowerCase()].requestBody?.content?.['application/json']);
    expect(withBody.map(label).filter((l) => !(l in BODIES)), 'add a valid body to BODIES').toEqual([]);
  });

  it.each(withPathParam.filter(usesApiKey).map((op) => [label(op), op] as const))("%s: B's key on A's resource -> 404, nothing changes", async (_, op) => {
    const seed = seederOf(op);
    if (!seed) throw new Error(`no seeder for ${resourceOf(op)}: add one to SEEDERS in test/isolation.test.ts`);
    const value = await seed(a);
    let path = op.path.replace(/\{[^}]+\}/, value);
    const sub = /\{[^}]+\}/.exec(path)?.[0];
    if (sub) path = path.replace(sub, await SUB_SEEDERS[sub](a, value));
    const before = await databaseState(ctx.orm);
    await expectError(await call(op, b, path), 404, 'NOT_FOUND');
    expect(changedTables(before, await databaseState(ctx.orm))).toEqual([]);
    // The owner's same request finds it: B's 404 is about ownership, not a wrong path or value.
    const own = await call(op, a, path);
    expect(own.status, await own.text()).not.toBe(404);
    if (STATE_CONFLICT_FOR_OWNER.has(label(op))) expect(own.status).toBe(409);
    else expect(own.status).toBeLessThan(300);
  });
});

describe("B's lists and filters never show A's data", () => {
  // The export is a stream, not a JSON page: checked on its own below.
  const lists = operationsOf(doc).filter((op) => op.method === 'GET' && !op.path.includes('{') && usesApiKey(op) && op.path !== '/project' && op.path !== '/contacts/export');

  it("GET /contacts/export: A's export lists A's contacts, B's is empty", async () => {
    const mine = await ctx.request('GET', '/contacts/export', { key: a.secretKey });
    expect(await mine.text()).toContain(`"email":"${OWNED_CONTACT}"`);
    const theirs = await ctx.request('GET', '/contacts/export', { key: b.secretKey });
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).toBe('');
    expect(await (await ctx.request('GET', '/contacts/export?format=csv', { key: b.secretKey })).text()).toBe('email,subscribed,timezone\n');
  });

  it.each(lists.map((op) => [label(op), op] as const))('%s', async (_, op) => {
    const owned = await sentEmail(a);
    // Query parameters that name a resource get A's; the rest keep their defaults.
    const named: Record<string, string> = { email: owned.to, emailId: owned.id, contactId: owned.contactId, search: owned.to.split('@')[0] };
    const params = new URLSearchParams();
    for (const p of doc.paths[op.path].get.parameters ?? []) if (p.in === 'query' && named[p.name]) params.set(p.name, named[p.name]);
    const query = params.size ? `?${params}` : '';
    const mine = await json(await ctx.request('GET', op.path, { key: a.secretKey }));
    expect(mine.data.items.length, `A sees its own ${op.path}`).toBeGreaterThan(0);
    const theirs = await ctx.request('GET', `${op.path}${query}`, { key: b.secretKey });
    const out = await json(theirs);
    expect(theirs.status, JSON.stringify(out)).toBe(200);
    expect(out.data.items).toEqual([]);
  });
});

describe("bounce webhooks from B naming A's email", () => {
  const dsn = (to: string, messageId: string, emailId: string) =>
    [
      'From: MAILER-DAEMON@mx.example.net',
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      `Final-Recipient: rfc822; ${to}`,
      'Action: failed',
      'Status: 5.1.1',
      '',
      '--b',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${messageId}`,
      `X-Mailhub-Email-Id: ${emailId}`,
      '',
      '--b--',
      '',
    ].join('\r\n');
  const hook = (p: Project, reports: unknown) => ctx.request('POST', '/webhooks/bounces', { key: p.secretKey, body: reports });
  const raw = (p: Project, text: string) =>
    ctx.app.request('/webhooks/bounces/dsn', { method: 'POST', body: text, headers: { authorization: `Bearer ${p.secretKey}`, 'content-type': 'message/rfc822' } });

  it.each([
    ['hard bounce by email id', (e: Awaited<ReturnType<typeof sentEmail>>) => ({ type: 'hard_bounce', email: e.to, emailId: e.id })],
    ['complaint by Message-ID', (e: Awaited<ReturnType<typeof sentEmail>>) => ({ type: 'complaint', email: e.to, messageId: e.messageId })],
    ['soft bounce by both', (e: Awaited<ReturnType<typeof sentEmail>>) => ({ type: 'soft_bounce', email: e.to, emailId: e.id, messageId: e.messageId.slice(1, -1) })],
  ])("JSON, %s: matches nothing of A's and changes nothing of A's", async (_, report) => {
    const e = await sentEmail(a);
    const before = await databaseState(ctx.orm, a.id);
    const res = await hook(b, report(e));
    const out = await json(res);
    expect(res.status, JSON.stringify(out)).toBe(200);
    expect(out.data.results.map((r: any) => r.emailId)).toEqual([null]);
    expect(changedTables(before, await databaseState(ctx.orm, a.id))).toEqual([]);
    // The same report from A matches A's email (the report names it well).
    expect((await json(await hook(a, report(e)))).data.results.map((r: any) => r.emailId)).toEqual([e.id]);
  });

  it("raw DSN naming A's Message-ID and email id: matches nothing of B's (422, unmatched) and changes nothing of A's", async () => {
    const e = await sentEmail(a);
    const text = dsn(e.to, e.messageId, e.id);
    const before = await databaseState(ctx.orm, a.id);
    const res = await raw(b, text);
    const out = await json(res);
    expect(res.status, JSON.stringify(out)).toBe(422);
    expect(out.error.errors).toEqual([{ field: 'body', message: expect.any(String), code: 'unmatched_dsn' }]);
    expect(changedTables(before, await databaseState(ctx.orm, a.id))).toEqual([]);
    expect((await json(await raw(a, text))).data.results.map((r: any) => r.emailId)).toEqual([e.id]);
  });
});
