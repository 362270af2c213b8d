import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { MikroORM } from '../../db/orm.js';
import { newId } from '../../db/ids.js';
import { json, setupTestContext, type TestContext } from '../helpers.js';
import { insertVerifiedDomain } from './emails.js';
import { TestSmtpServer } from './smtp-server.js';

export type TestProject = { id: string; secretKey: string; publicKey: string };

/*
 * The stack of a campaign test file, set by useCampaignStack's hooks (ES module bindings are live:
 * the importing file sees each new value): one SMTP server, test context and worker for the file,
 * and a fresh project with a verified example.com for each test.
 */
export let smtp: TestSmtpServer;
export let ctx: TestContext;
export let p: TestProject;

/** `env`: more environment for the file's context (e.g. DELIVERY_MAX_ATTEMPTS). */
export function useCampaignStack(env: Record<string, string> = {}) {
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000', ...env });
    await ctx.startWorker({ sweeper: false });
  });
  afterAll(async () => {
    await ctx?.cleanup();
    await smtp?.close();
  });
  // A project per test: its own contacts, campaigns and rate.
  beforeEach(async () => {
    p = await ctx.newProject();
    await insertVerifiedDomain(ctx.orm, p.id, 'example.com', ctx.config.secretKey!);
  });
}

/** `n` contacts `<prefix>-<i>@recipients.test` (subscribed unless told), inserted in one statement. */
export async function seedContacts(orm: MikroORM, projectId: string, prefix: string, n: number, opts: { subscribed?: boolean; data?: (i: number) => Record<string, unknown> } = {}) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: newId(), email: `${prefix}-${i}@recipients.test`, data: opts.data?.(i) ?? { first_name: `N${i}` } }));
  await orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
       select v.id, ?, v.email, ?, v.data, now(), now() from jsonb_to_recordset(?::jsonb) as v(id uuid, email text, data jsonb)`,
      [projectId, opts.subscribed ?? true, JSON.stringify(rows)],
      'run',
    );
  return rows;
}

export const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring news',
  subject: 'Hello {{first_name}}',
  body: '<html><body><p>Hi {{first_name}}, see <a href="https://example.org/x">this</a></p></body></html>',
  from: 'news@example.com',
  audienceType: 'ALL',
  ...overrides,
});

export async function createCampaign(ctx: TestContext, key: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await ctx.request('POST', '/campaigns', { key, body: campaignBody(overrides) });
  const body = await json(res);
  if (res.status !== 201) throw new Error(`create campaign: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

export async function getCampaign(ctx: TestContext, key: string, id: string) {
  return (await json(await ctx.request('GET', `/campaigns/${id}`, { key }))).data;
}

/** Polls fn every intervalMs until ok. A long wait should poll slower: the API allows 1,000 requests a minute per key. */
export async function waitFor<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const waitForStatus = (ctx: TestContext, key: string, id: string, status: string, timeoutMs?: number) =>
  waitFor(`campaign ${id} ${status}`, () => getCampaign(ctx, key, id), (c) => c.status === status, timeoutMs);

export async function setProjectRate(orm: MikroORM, projectId: string, rate: number) {
  await orm.em.fork().getConnection().execute(`update projects set settings = settings || jsonb_build_object('sendRatePerSecond', ?::float8) where id = ?`, [rate, projectId], 'run');
}
