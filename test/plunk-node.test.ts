import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { insertVerifiedDomain } from './support/emails.js';
import { listen } from './support/http-server.js';
import { TestSmtpServer } from './support/smtp-server.js';

/*
 * The official Plunk client (@plunk/node 3.0.3) against this service, as a Plunk user would
 * switch: only `baseUrl` changes. The client posts `<baseUrl>send` and `<baseUrl>track` with
 * `new URL(path, baseUrl)`, so baseUrl must end in `/v1/`; it returns the parsed body and throws
 * TokenError on 401, NotFoundError on 404, Error(body.message) on any other non-2xx.
 */
const require = createRequire(import.meta.url);
type PlunkClient = {
  emails: { send(body: Record<string, unknown>): Promise<any> };
  events: { track(body: Record<string, unknown>): Promise<any> };
};
const Plunk = require('@plunk/node').default as new (key: string, opts?: { baseUrl?: string }) => PlunkClient;
const { TokenError } = require('@plunk/node/dist/errors/TokenError') as { TokenError: new () => Error };
const { NotFoundError } = require('@plunk/node/dist/errors/NotFound') as { NotFoundError: new () => Error };

let smtp: TestSmtpServer;
let ctx: TestContext;
let server: Awaited<ReturnType<typeof listen>>;
let plunk: PlunkClient;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000' });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'plunk.example', ctx.config.secretKey!);
  await ctx.startWorker();
  server = await listen(ctx.app);
  plunk = new Plunk(ctx.project.secretKey, { baseUrl: `${server.url}/v1/` });
});
afterAll(async () => {
  await server?.close();
  await ctx?.cleanup();
  await smtp?.close();
});

const contact = async (email: string) =>
  (await json(await ctx.request('GET', `/contacts?search=${encodeURIComponent(email)}`))).data.contacts[0];

describe('@plunk/node against this service', () => {
  it('emails.send with inline content delivers the mail; the recipient becomes an unsubscribed contact', async () => {
    const res = await plunk.emails.send({ to: 'reader@inbox.example', from: 'hello@plunk.example', name: 'Plunk Shop', subject: 'Welcome', body: '<p>Hello <b>there</b></p>' });
    expect(res.success).toBe(true);
    expect(res.data.emails).toEqual([{ contact: { id: expect.any(String), email: 'reader@inbox.example' }, email: expect.any(String) }]);
    const [msg] = await smtp.waitForCount(1);
    const parsed = await TestSmtpServer.parse(msg);
    expect(parsed.subject).toBe('Welcome');
    expect(parsed.from).toMatchObject({ address: 'hello@plunk.example', name: 'Plunk Shop' });
    expect(parsed.html).toContain('Hello <b>there</b>');
    expect((await contact('reader@inbox.example')).subscribed).toBe(false);
  });

  it('emails.send with type markdown renders the body as HTML', async () => {
    await plunk.emails.send({ to: ['md1@inbox.example', 'md2@inbox.example'], from: 'hello@plunk.example', subject: 'Markdown', body: '# Title\n\n**bold**', type: 'markdown', subscribed: true });
    const msgs = (await smtp.waitForCount(3)).slice(1);
    expect(msgs.flatMap((m) => m.recipients).sort()).toEqual(['md1@inbox.example', 'md2@inbox.example']);
    const parsed = await TestSmtpServer.parse(msgs[0]);
    expect(parsed.html).toMatch(/<h1[^>]*>Title<\/h1>/);
    expect(parsed.html).toContain('<strong>bold</strong>');
    expect((await contact('md1@inbox.example')).subscribed).toBe(true);
  });

  it('emails.send with a template fills its variables from data', async () => {
    const created = await json(
      await ctx.request('POST', '/templates', { body: { name: 'Receipt', subject: 'Order {{order}}', body: '<p>Thanks {{name}}</p>', type: 'TRANSACTIONAL', from: 'shop@plunk.example' } }),
    );
    // @plunk/node types require subject and body; JavaScript callers (and a cast) pass `template`.
    const res = await plunk.emails.send({ to: 'buyer@inbox.example', template: created.data.id, data: { order: 'A-7', name: 'Ada' } });
    expect(res.success).toBe(true);
    const parsed = await TestSmtpServer.parse((await smtp.waitForCount(4))[3]);
    expect(parsed.subject).toBe('Order A-7');
    expect(parsed.from).toMatchObject({ address: 'shop@plunk.example' });
    expect(parsed.html).toContain('Thanks Ada');
  });

  it('events.track with a name like "Signed Up", data and persistent:false', async () => {
    const res = await plunk.events.track({ event: 'Signed Up', email: 'new@user.example', data: { plan: 'pro', coupon: { value: 'WELCOME', persistent: false } } });
    expect(res).toMatchObject({ success: true, data: { contact: expect.any(String), event: expect.any(String), timestamp: expect.any(String) } });
    const c = await contact('new@user.example');
    expect(c).toMatchObject({ id: res.data.contact, subscribed: true, data: { plan: 'pro' } });
    const events = await json(await ctx.request('GET', `/events?contactId=${c.id}`));
    expect(events.data.events).toEqual([expect.objectContaining({ id: res.data.event, name: 'Signed Up', data: { plan: 'pro', coupon: 'WELCOME' } })]);
  });

  it('events.track with subscribed:false unsubscribes with the secret key; a public key may only when the project allows it', async () => {
    const browser = new Plunk(ctx.project.publicKey, { baseUrl: `${server.url}/v1/` });
    // By default a public key (shipped in browsers) cannot unsubscribe an existing contact: ignored, still a 200.
    await browser.events.track({ event: 'Newsletter Opt Out', email: 'new@user.example', subscribed: false });
    expect((await contact('new@user.example')).subscribed).toBe(true);
    const allowed = await ctx.request('PATCH', '/project/settings', { body: { publicKey: { unsubscribe: true } } });
    expect(allowed.status).toBe(200);
    await browser.events.track({ event: 'Newsletter Opt Out', email: 'new@user.example', subscribed: false });
    expect((await contact('new@user.example')).subscribed).toBe(false);
    await plunk.events.track({ event: 'Newsletter Opt Out', email: 'other@user.example', subscribed: false });
    expect((await contact('other@user.example')).subscribed).toBe(false);
  });

  it('errors: a bad key is a TokenError, an unknown template a NotFoundError, a bad body an Error with the reason', async () => {
    const wrong = new Plunk('sk_wrong', { baseUrl: `${server.url}/v1/` });
    await expect(wrong.events.track({ event: 'x', email: 'a@b.example' })).rejects.toBeInstanceOf(TokenError);
    await expect(plunk.emails.send({ to: 'a@inbox.example', template: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(plunk.emails.send({ to: 'not-an-address', from: 'hello@plunk.example', subject: 's', body: 'b' })).rejects.toThrow(/to/);
    // Envelope errors (track and the dashboard routes) carry the message under `error.message`,
    // which this client does not read: it reports "Unknown API Error".
    await expect(plunk.events.track({ event: 'email.opened', email: 'a@b.example' })).rejects.toThrow('Unknown API Error');
  });

  it('a baseUrl without the trailing slash drops /v1 (how the client builds URLs), so the call misses', async () => {
    const noSlash = new Plunk(ctx.project.secretKey, { baseUrl: `${server.url}/v1` });
    await expect(noSlash.events.track({ event: 'x', email: 'a@b.example' })).rejects.toBeInstanceOf(NotFoundError);
  });
});
