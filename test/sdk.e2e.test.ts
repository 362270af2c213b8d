import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, MailhubError, type MailhubClient } from '../openapi/sdk/src/index.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { insertVerifiedDomain } from './support/emails.js';
import { listen } from './support/http-server.js';

/*
 * The SDK (openapi/sdk, from source) against the service over real HTTP: contacts, templates,
 * sending, tracking, verification, errors, segments, campaigns and automation workflows.
 */
let ctx: TestContext;
let server: Awaited<ReturnType<typeof listen>>;
let client: MailhubClient;

beforeAll(async () => {
  ctx = await setupTestContext({ SEND_RATE_PER_SECOND: '1000' });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'sdk.example', ctx.config.secretKey!);
  await ctx.startWorker();
  server = await listen(ctx.app);
  client = createClient({ apiKey: ctx.project.secretKey, baseUrl: `${server.url}/` });
});
afterAll(async () => {
  await server?.close();
  await ctx?.cleanup();
});

describe('SDK against a running server', () => {
  it('upserts contacts and pages to the end with paginate() and pages()', async () => {
    for (let i = 0; i < 7; i++) {
      const { data, error } = await client.POST('/contacts', { body: { email: `page${i}@sdk.example`, data: { n: i } } });
      expect(error).toBeUndefined();
      expect(data!.data._meta.isNew).toBe(true);
    }
    const again = await client.unwrap(client.POST('/contacts', { body: { email: 'page0@sdk.example', subscribed: false } }));
    expect(again.data._meta).toEqual({ isNew: false, isUpdate: true });

    const emails: string[] = [];
    for await (const contact of client.paginate('/contacts', { query: { limit: 3, search: '@sdk.example' } })) emails.push(contact.email);
    expect(emails.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `page${i}@sdk.example`));

    const sizes: number[] = [];
    for await (const page of client.pages('/contacts', { query: { limit: 3, subscribed: 'true' } })) sizes.push(page.items.length);
    expect(sizes).toEqual([3, 3]);
  });

  it('creates a template and sends with it; sends inline', async () => {
    const template = await client.unwrap(
      client.POST('/templates', { body: { name: 'Welcome', subject: 'Hi {{name}}', body: '<p>Hello {{name}}</p>', type: 'TRANSACTIONAL', from: 'hello@sdk.example' } }),
    );
    expect(template.data).toMatchObject({ name: 'Welcome', type: 'TRANSACTIONAL' });
    const sent = await client.unwrap(client.POST('/v1/send', { body: { to: 'reader@inbox.example', template: template.data.id, data: { name: 'Ada' } } }));
    expect(sent.data.emails).toHaveLength(1);
    const email = await client.unwrap(client.GET('/emails/{id}', { params: { path: { id: sent.data.emails[0].email } } }));
    expect(email.data).toMatchObject({ id: sent.data.emails[0].email, subject: 'Hi Ada' });
    const inline = await client.unwrap(client.POST('/v1/send', { body: { to: ['a@inbox.example', 'b@inbox.example'], from: 'hello@sdk.example', subject: 'S', body: '<p>B</p>' } }));
    expect(inline.data.emails.map((e) => e.contact.email).sort()).toEqual(['a@inbox.example', 'b@inbox.example']);
  });

  it('tracks with a public key, and a public key is refused elsewhere (typed 403)', async () => {
    const browser = createClient({ apiKey: ctx.project.publicKey, baseUrl: server.url });
    const tracked = await browser.unwrap(browser.POST('/v1/track', { body: { email: 'pk@sdk.example', event: 'Signed Up', data: { plan: 'pro' } } }));
    expect(tracked.data.contact).toEqual(expect.any(String));
    const { error, response } = await browser.GET('/contacts');
    expect(response.status).toBe(403);
    expect(error!.error.code).toBe('FORBIDDEN');
  });

  it('verifies an address', async () => {
    const { data } = await client.POST('/v1/verify', { body: { email: 'not an address' } });
    expect(data!.data.valid).toBe(false);
  });

  it('a 422 comes back typed: the envelope with field errors, or the alternate shape on send', async () => {
    const { data, error, response } = await client.POST('/contacts', { body: { email: 'nope' } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(422);
    expect(error!.error.code).toBe('VALIDATION_ERROR');
    expect(error!.error.errors!.map((e) => e.field)).toEqual(['email']);
    const send = await client.POST('/v1/send', { body: { to: 'x@inbox.example', subject: 's', body: 'b' } });
    expect(send.error).toMatchObject({ code: 422, error: 'Unprocessable Entity', message: expect.stringContaining('from') });
    await expect(client.unwrap(client.POST('/contacts', { body: { email: 'nope' } }))).rejects.toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    await expect(client.unwrap(client.GET('/templates/{id}', { params: { path: { id: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a' } } }))).rejects.toBeInstanceOf(MailhubError);
  });
});

describe('SDK: segments, campaigns and automation workflows', () => {
  /** Polls `read` until `done` holds (at most 30 s). */
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    for (const deadline = Date.now() + 30_000; ; ) {
      const v = await read();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('a dynamic segment, a campaign to it, its stats', async () => {
    for (const [i, tier] of ['gold', 'gold', 'silver', 'gold', 'silver'].entries()) {
      await client.unwrap(client.POST('/contacts', { body: { email: `tier${i}@sdk.example`, data: { tier } } }));
    }
    const segment = await client.unwrap(
      client.POST('/segments', { body: { name: 'Gold', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.tier', operator: 'equals', value: 'gold' }] }] } } }),
    );
    const members: string[] = [];
    for await (const c of client.paginate('/segments/{id}/contacts', { path: { id: segment.data.id }, query: { limit: 2 } })) members.push(c.email);
    expect(members.sort()).toEqual(['tier0@sdk.example', 'tier1@sdk.example', 'tier3@sdk.example']);

    const campaign = await client.unwrap(
      client.POST('/campaigns', { body: { name: 'Gold news', subject: 'Hi', body: '<p>Gold</p>', from: 'news@sdk.example', audienceType: 'SEGMENT', segmentId: segment.data.id } }),
    );
    expect(campaign.data.status).toBe('DRAFT');
    await client.unwrap(client.POST('/campaigns/{id}/send', { params: { path: { id: campaign.data.id } }, body: {} }));
    const sent = await until(
      () => client.unwrap(client.GET('/campaigns/{id}', { params: { path: { id: campaign.data.id } } })),
      (c) => c.data.status === 'SENT',
    );
    expect(sent.data.status).toBe('SENT');
    const stats = await client.unwrap(client.GET('/campaigns/{id}/stats', { params: { path: { id: campaign.data.id } } }));
    expect(stats.data).toMatchObject({ totalRecipients: 3, sentCount: 3, deliveryRate: 100 });
  });

  it('an automation triggered by contact.unsubscribed runs when the contacts API unsubscribes someone', async () => {
    const workflow = await client.unwrap(
      client.POST('/workflows', {
        body: {
          name: 'Farewell',
          enabled: true,
          trigger: { type: 'EVENT', eventName: 'contact.unsubscribed' },
          steps: [{ id: 'mark', type: 'UPDATE_CONTACT', data: { farewell: true } }],
        },
      }),
    );
    const contact = await client.unwrap(client.POST('/contacts', { body: { email: 'leaving@sdk.example' } }));
    await client.unwrap(client.PATCH('/contacts/{id}', { params: { path: { id: contact.data.id } }, body: { subscribed: false } }));
    const executions = await until(
      () => client.unwrap(client.GET('/workflows/{id}/executions', { params: { path: { id: workflow.data.id } } })),
      (e) => e.data.items.some((x) => x.status === 'COMPLETED'),
    );
    expect(executions.data.items.map((x) => [x.contactId, x.status])).toEqual([[contact.data.id, 'COMPLETED']]);
    const after = await client.unwrap(client.GET('/contacts/{id}', { params: { path: { id: contact.data.id } } }));
    expect(after.data).toMatchObject({ subscribed: false, data: { farewell: true } });
  });
});

describe('retry on 429', () => {
  let fake: Server;
  let url = '';
  const seen: { at: number; body: string }[] = [];
  beforeAll(async () => {
    // A peer that is rate-limited twice (Retry-After 1 s, then as an HTTP date), then answers.
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ at: Date.now(), body });
        if (seen.length === 1) return res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{}');
        if (seen.length === 2) return res.writeHead(429, { 'retry-after': new Date(Date.now() + 1500).toUTCString(), 'content-type': 'application/json' }).end('{}');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { contact: 'c', event: 'e', timestamp: new Date().toISOString() } }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => fake.close(() => r())));

  it('waits Retry-After (seconds or a date) and sends the same body again', async () => {
    const c = createClient({ apiKey: 'pk_x', baseUrl: url });
    const { data } = await c.POST('/v1/track', { body: { email: 'r@sdk.example', event: 'retried' } });
    expect(data!.data.event).toBe('e');
    expect(seen).toHaveLength(3);
    expect(seen.map((s) => JSON.parse(s.body))).toEqual(Array(3).fill({ email: 'r@sdk.example', event: 'retried' }));
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
    expect(seen[2].at - seen[1].at).toBeGreaterThanOrEqual(400); // an HTTP date has whole-second precision
  });

  it('gives up after maxRetries and returns the 429', async () => {
    seen.length = 0;
    const c = createClient({ apiKey: 'pk_x', baseUrl: url, maxRetries: 1 });
    const { error, response } = await c.POST('/v1/track', { body: { email: 'r@sdk.example', event: 'retried' } });
    expect(response.status).toBe(429);
    expect(error).toEqual({});
    expect(seen).toHaveLength(2);
  });
});
