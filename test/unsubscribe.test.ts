import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Email, Project } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { decorateForDelivery, unsubscribeUrl } from '../core/tracking/links.js';
import { insertVerifiedDomain } from './support/emails.js';
import { expectError } from './support/envelope.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

/*
 * The unsubscribe link over real HTTP: the app served by @hono/node-server on 127.0.0.1, called
 * with fetch and with curl, as a mailbox provider's one-click POST would be.
 */
let ctx: TestContext;
let server: ServerType;
let base: string;

beforeAll(async () => {
  ctx = await setupTestContext();
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  await ctx?.cleanup();
});

const campaignId = newId();

/** A subscribed contact and a marketing email to it; returns the served unsubscribe URL from its headers. */
async function marketingEmailTo(address: string): Promise<{ url: string; email: Email; contactId: string }> {
  const contact = await json(await ctx.request('POST', '/contacts', { body: { email: address, subscribed: true } }));
  const em = ctx.orm.em.fork();
  const email = em.create(Email, {
    projectId: ctx.project.id,
    contactId: contact.data.id,
    campaignId,
    toEmail: address,
    fromEmail: 'news@acme.test',
    subject: 'News',
    html: '<html><body><p>News</p></body></html>',
    marketing: true,
    messageId: `<${newId()}@acme.test>`,
  } as Email);
  await em.flush();
  const project = await em.findOneOrFail(Project, { id: ctx.project.id });
  const { headers, html } = decorateForDelivery(email, project, ctx.config);
  const listUnsubscribe = /^<([^>]+)>$/.exec(headers['List-Unsubscribe'])![1];
  expect(html).toContain(`href="${listUnsubscribe}"`);
  return { url: base + listUnsubscribe.slice(ctx.config.publicUrl.length), email, contactId: contact.data.id };
}

const subscribed = async (contactId: string) => (await json(await ctx.request('GET', `/contacts/${contactId}`))).data.subscribed as boolean;
const unsubscribeEvents = (emailId: string) =>
  ctx.orm.em
    .fork()
    .getConnection()
    .execute<any[]>(`select contact_id, email_id, campaign_id, data from events where name = 'contact.unsubscribed' and email_id = ?`, [emailId]);

describe('GET /u/{token}', () => {
  it('shows a confirm form and changes nothing (scanners prefetch links)', async () => {
    const { url, email, contactId } = await marketingEmailTo('prefetch@example.com');
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // no other site may frame it (clickjacking the confirm button)
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const page = await res.text();
      expect(page).toMatch(/<form method="post">/);
      expect(page).toContain('name="List-Unsubscribe" value="One-Click"');
      expect(page).toContain('p******@example.com');
      expect(page).not.toContain('prefetch@example.com');
    }
    expect(await subscribed(contactId)).toBe(true);
    expect(await unsubscribeEvents(email.id)).toHaveLength(0);
  });
});

describe('POST /u/{token} (RFC 8058 one-click)', () => {
  it('with the form body: 200, no redirect, no cookie; unsubscribes and records contact.unsubscribed once', async () => {
    const { url, email, contactId } = await marketingEmailTo('form@example.com');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('unsubscribed');
    expect(await subscribed(contactId)).toBe(false);

    // Repeating (also with an empty body) is harmless and records nothing more.
    expect((await fetch(url, { method: 'POST' })).status).toBe(200);
    const events = await unsubscribeEvents(email.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ contact_id: contactId, email_id: email.id, campaign_id: campaignId });
  });

  it('with no body and no content type', async () => {
    const { url, email, contactId } = await marketingEmailTo('empty@example.com');
    const res = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await subscribed(contactId)).toBe(false);
    expect(await unsubscribeEvents(email.id)).toHaveLength(1);
  });

  it('concurrent one-click POSTs record one event', async () => {
    const { url, email } = await marketingEmailTo('race@example.com');
    const statuses = await Promise.all(Array.from({ length: 6 }, () => fetch(url, { method: 'POST' }).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await unsubscribeEvents(email.id)).toHaveLength(1);
  });

  it.runIf(existsSync('/usr/bin/curl') || existsSync('/bin/curl'))('works with a plain curl -X POST', async () => {
    const { url, email, contactId } = await marketingEmailTo('curl@example.com');
    // Async: the server runs in this process, a synchronous child would block it.
    const { stdout } = await promisify(execFile)('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'POST', url]);
    expect(stdout).toBe('200');
    expect(await subscribed(contactId)).toBe(false);
    expect(await unsubscribeEvents(email.id)).toHaveLength(1);
  });

  it('a tampered token, another kind of token or an unknown email is a 404 and changes nothing', async () => {
    const { url, email, contactId } = await marketingEmailTo('tamper@example.com');
    const at = url.length - 5;
    const flipped = url.slice(0, at) + (url[at] === 'A' ? 'B' : 'A') + url.slice(at + 1);
    await expectError(await fetch(flipped, { method: 'POST' }), 404, 'NOT_FOUND');
    await expectError(await fetch(flipped), 404, 'NOT_FOUND');
    const unknown = base + unsubscribeUrl(ctx.config, newId()).slice(ctx.config.publicUrl.length);
    await expectError(await fetch(unknown, { method: 'POST' }), 404, 'NOT_FOUND');
    const openPixelToken = /\/t\/o\/([^"]+)\.gif/.exec(decorateForDelivery(email, await ctx.orm.em.fork().findOneOrFail(Project, { id: ctx.project.id }), ctx.config).html)![1];
    await expectError(await fetch(`${base}/u/${openPixelToken}`, { method: 'POST' }), 404, 'NOT_FOUND');
    expect(await subscribed(contactId)).toBe(true);
    expect(await unsubscribeEvents(email.id)).toHaveLength(0);
  });

  it('a deleted contact is not re-created: the address is suppressed instead (test/consent.test.ts has the rest)', async () => {
    const { url, email, contactId } = await marketingEmailTo('gone@example.com');
    expect((await ctx.request('DELETE', `/contacts/${contactId}`)).status).toBe(200);
    expect((await fetch(url, { method: 'POST' })).status).toBe(200);
    const found = await json(await ctx.request('GET', '/contacts?search=gone@example.com'));
    expect(found.data.items).toHaveLength(0);
    const suppressed = await json(await ctx.request('GET', '/suppressions?email=gone@example.com'));
    expect(suppressed.data.items).toMatchObject([{ email: 'gone@example.com', reason: 'UNSUBSCRIBED' }]);
    expect(await unsubscribeEvents(email.id)).toHaveLength(0);
  });
});

describe('marketing mail after an opt-out (POST /v1/send with a MARKETING template)', () => {
  it('is refused to a contact who opted out; transactional mail still goes; subscribing again lifts it', async () => {
    await insertVerifiedDomain(ctx.orm, ctx.project.id, 'acme.test', ctx.config.secretKey!);
    const template = async (type: 'MARKETING' | 'TRANSACTIONAL') =>
      (await json(await ctx.request('POST', '/templates', { body: { name: type, subject: 'Hi', body: '<p>Hi</p>', type } }))).data.id as string;
    const [marketing, transactional] = [await template('MARKETING'), await template('TRANSACTIONAL')];
    const send = (to: string | string[], templateId: string, extra: Record<string, unknown> = {}) =>
      ctx.request('POST', '/v1/send', { body: { to, template: templateId, from: 'news@acme.test', ...extra } });
    const refused = async (res: Response, address: string) => {
      const body = await expectError(res, 422, undefined, '/v1/send');
      expect(body.message).toMatch(/unsubscribed from marketing mail/);
      expect(body.message).toContain(address);
    };

    const { url, contactId } = await marketingEmailTo('optout@example.com');
    expect((await send('optout@example.com', marketing)).status).toBe(200);
    // The recipient's one-click unsubscribe.
    const before = await ctx.orm.em.fork().getConnection().execute<any[]>(`select count(*)::int as n from emails where to_email = 'optout@example.com'`);
    expect((await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    await refused(await send(['fine@example.com', 'optout@example.com'], marketing), 'optout@example.com');
    // Nothing was queued for anyone in the refused request.
    const after = await ctx.orm.em.fork().getConnection().execute<any[]>(`select count(*)::int as n from emails where to_email in ('optout@example.com', 'fine@example.com')`);
    expect(after[0].n).toBe(before[0].n);
    // `subscribed: true` in a send does not override the recipient's own choice.
    await refused(await send('optout@example.com', marketing, { subscribed: true }), 'optout@example.com');
    expect((await send('optout@example.com', transactional)).status).toBe(200);

    // A contact that a send created unsubscribed never subscribed: marketing mail waits for its
    // consent, which the send itself may record (`subscribed: true`; core/consent/marketing.ts).
    expect((await send('never-asked@example.com', transactional)).status).toBe(200);
    expect((await expectError(await send('never-asked@example.com', marketing), 422, undefined, '/v1/send')).message).toMatch(/never subscribed to marketing mail/);
    expect((await send('never-asked@example.com', marketing, { subscribed: true })).status).toBe(200);

    // Subscribed again through the API: marketing mail reaches it; turned off through the API (or
    // /v1/track): an opt-out again.
    await ctx.request('PATCH', `/contacts/${contactId}`, { body: { subscribed: true } });
    expect((await send('optout@example.com', marketing)).status).toBe(200);
    await ctx.request('PATCH', `/contacts/${contactId}`, { body: { subscribed: false } });
    await refused(await send('optout@example.com', marketing), 'optout@example.com');
    await ctx.request('POST', '/v1/track', { body: { email: 'tracked@example.com', event: 'signed_up' } });
    expect((await send('tracked@example.com', marketing)).status).toBe(200);
    await ctx.request('POST', '/v1/track', { body: { email: 'tracked@example.com', event: 'left', subscribed: false } });
    await refused(await send('tracked@example.com', marketing), 'tracked@example.com');
  });
});
