import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Email, Project } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { buildApp, openApiDocument } from '../api/app.js';
import { loadConfig } from '../core/config.js';
import { registerTrackingRoutes } from '../api/routes/tracking/index.js';
import { registerUnsubscribeRoutes } from '../api/routes/unsubscribe/index.js';
import { signToken } from '../core/secrets.js';
import { decorateForDelivery, readClickToken, readOpenToken, readUnsubscribeToken } from '../core/tracking/links.js';
import { expectError } from './support/envelope.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

const config = loadConfig({ SECRET_KEY: 'unit-secret-0123456789', PUBLIC_URL: 'https://mail.example.com/' });

const makeEmail = (over: Partial<Email> = {}) =>
  Object.assign(new Email(), { projectId: newId(), toEmail: 'ada@example.com', fromEmail: 'news@acme.test', subject: 's', messageId: '<m@acme.test>', ...over });
const makeProject = (settings: Project['settings'] = {}) => Object.assign(new Project(), { name: 'Acme', webhookSecret: 'x', settings });

const BODY = `<html><head><link rel="stylesheet" href="https://fonts.example.com/a.css"></head><body>
<p>Hi <a href="https://acme.test/welcome?a=1&amp;b=2">start</a>, <a class="x" href='http://acme.test/plain'>plain</a>,
<a href="mailto:help@acme.test">mail us</a>, <a href="#top">top</a>, <area href="https://acme.test/map"></p>
</body></html>`;

const hrefs = (html: string) => [...html.matchAll(/href=["']([^"']*)["']/g)].map((m) => m[1]);
const pathOf = (url: string, base: string) => url.slice(base.length);

describe('decorateForDelivery (pure)', () => {
  it('tracks marketing mail by default: links rewritten, mailto/#/<link> untouched, pixel before </body>', () => {
    const email = makeEmail({ html: BODY, marketing: true });
    const { html, headers } = decorateForDelivery(email, makeProject(), config);
    const links = hrefs(html);
    expect(links).toContain('https://fonts.example.com/a.css');
    expect(links).toContain('mailto:help@acme.test');
    expect(links).toContain('#top');
    const tracked = links.filter((h) => h.startsWith('https://mail.example.com/t/c/'));
    expect(tracked).toHaveLength(3);
    // The signed URL is the one the browser would have followed (entities decoded).
    expect(tracked.map((h) => readClickToken(config, h.split('/t/c/')[1])?.url)).toEqual([
      'https://acme.test/welcome?a=1&b=2',
      'http://acme.test/plain',
      'https://acme.test/map',
    ]);
    expect(readClickToken(config, tracked[0].split('/t/c/')[1])?.emailId).toBe(email.id);
    expect(html).not.toContain('https://acme.test/welcome');

    const pixel = /<img src="(https:\/\/mail\.example\.com\/t\/o\/([^"]+)\.gif)" width="1" height="1" alt="" style="display:none">\s*<\/body>/.exec(html);
    expect(pixel).not.toBeNull();
    expect(readOpenToken(config, `${pixel![2]}.gif`)).toBe(email.id);

    // Marketing: visible unsubscribe link (never click-wrapped) and RFC 8058 headers.
    const unsub = links.find((h) => h.startsWith('https://mail.example.com/u/'));
    expect(unsub).toBeDefined();
    expect(html).toMatch(/<a href="https:\/\/mail\.example\.com\/u\/[^"]+"[^>]*>Unsubscribe<\/a>/);
    expect(readUnsubscribeToken(config, unsub!.split('/u/')[1])).toBe(email.id);
    expect(headers['List-Unsubscribe']).toBe(`<${unsub}>`);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['X-Mailhub-Email-Id']).toBe(email.id);
  });

  it('leaves transactional mail untracked by default, with no unsubscribe', () => {
    const email = makeEmail({ html: BODY, marketing: false });
    const { html, headers } = decorateForDelivery(email, makeProject(), config);
    expect(html).toBe(BODY);
    expect(headers).toEqual({ 'X-Mailhub-Email-Id': email.id });
  });

  it('tracks transactional mail when the project turns it on (still no unsubscribe)', () => {
    const { html, headers } = decorateForDelivery(makeEmail({ html: BODY }), makeProject({ trackTransactional: true }), config);
    expect(hrefs(html).filter((h) => h.includes('/t/c/'))).toHaveLength(3);
    expect(html).toContain('/t/o/');
    expect(html).not.toContain('/u/');
    expect(headers['List-Unsubscribe']).toBeUndefined();
  });

  it('trackMarketing=false disables tracking but keeps the unsubscribe link and headers', () => {
    const { html, headers } = decorateForDelivery(makeEmail({ html: BODY, marketing: true }), makeProject({ trackMarketing: false }), config);
    expect(html).toContain('href="https://acme.test/welcome?a=1&amp;b=2"');
    expect(html).not.toContain('/t/c/');
    expect(html).not.toContain('/t/o/');
    expect(html).toContain('>Unsubscribe</a>');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('appends to a fragment without </body>, and fills an {{unsubscribe_url}} placeholder instead of a footer', () => {
    const frag = decorateForDelivery(makeEmail({ html: '<p><a href="https://x.test/">x</a></p>', marketing: true }), makeProject(), config).html;
    expect(frag.startsWith('<p><a href="https://mail.example.com/t/c/')).toBe(true);
    expect(frag).toMatch(/style="display:none">$/);

    const own = decorateForDelivery(makeEmail({ html: '<p><a href="{{ unsubscribe_url }}">Leave</a></p>', marketing: true }), makeProject(), config).html;
    expect(own).toMatch(/^<p><a href="https:\/\/mail\.example\.com\/u\/[^"]+">Leave<\/a><\/p>/);
    expect(own).not.toContain('>Unsubscribe</a>');
  });

  it('tokens: tampering, another purpose, another secret and a forged URL are all refused', () => {
    const email = makeEmail({ html: '<a href="https://acme.test/a">a</a>', marketing: true });
    const { html } = decorateForDelivery(email, makeProject(), config);
    const click = hrefs(html).find((h) => h.includes('/t/c/'))!.split('/t/c/')[1];
    const unsub = hrefs(html).find((h) => h.includes('/u/'))!.split('/u/')[1];
    expect(readClickToken(config, click)).toEqual({ emailId: email.id, url: 'https://acme.test/a' });
    const flipped = click.slice(0, 5) + (click[5] === 'A' ? 'B' : 'A') + click.slice(6);
    expect(readClickToken(config, flipped)).toBeNull();
    // Same MAC on a payload pointing elsewhere: the redirect target cannot be swapped.
    const forged = `${Buffer.from(`${email.id} https://evil.test/`).toString('base64url')}.${click.split('.')[1]}`;
    expect(readClickToken(config, forged)).toBeNull();
    expect(readUnsubscribeToken(config, click)).toBeNull();
    expect(readOpenToken(config, unsub)).toBeNull();
    expect(readUnsubscribeToken(loadConfig({ SECRET_KEY: 'another-secret' }), unsub)).toBeNull();
    expect(readClickToken(config, signToken('another-secret', 'click', `${email.id} https://evil.test/`))).toBeNull();
  });

  it('tokens: only the canonical encoding is accepted (no padding, no stray characters, no other spelling of the MAC)', () => {
    const email = makeEmail({ html: '<a href="https://acme.test/a">a</a>', marketing: true });
    const click = hrefs(decorateForDelivery(email, makeProject(), config).html).find((h) => h.includes('/t/c/'))!.split('/t/c/')[1];
    expect(readClickToken(config, click)).not.toBeNull();
    for (const variant of [`${click}=`, `${click}==`, `${click}.`, `${click}%`]) expect(readClickToken(config, variant)).toBeNull();
    // the MAC's last character carries 4 unused bits: a different last character decoding to the same bytes is refused
    const [body, mac] = click.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const same = [...alphabet].map((ch) => `${body}.${mac.slice(0, -1)}${ch}`).filter((t) => Buffer.from(t.split('.')[1], 'base64url').equals(Buffer.from(mac, 'base64url')));
    expect(same.length).toBeGreaterThan(1);
    expect(same.filter((t) => readClickToken(config, t) !== null)).toEqual([click]);
  });
});

describe('tracking endpoints (public, no key)', () => {
  let ctx: TestContext;
  let email: Email;
  let contactId: string;
  const campaignId = newId();

  const eventsNamed = async (name: string) =>
    ctx.orm.em
      .fork()
      .getConnection()
      .execute<any[]>('select name, contact_id, email_id, campaign_id, data from events where project_id = ? and name = ? order by id', [ctx.project.id, name]);

  beforeAll(async () => {
    ctx = await setupTestContext();
    const contact = await json(await ctx.request('POST', '/contacts', { body: { email: 'reader@example.com' } }));
    contactId = contact.data.id;
    const em = ctx.orm.em.fork();
    email = em.create(Email, {
      ...makeEmail({ projectId: ctx.project.id, contactId, campaignId, toEmail: 'reader@example.com', marketing: true }),
      html: '<html><body><a href="https://acme.test/offer?x=1&amp;y=2">Offer</a></body></html>',
    });
    await em.flush();
  });
  afterAll(() => ctx?.cleanup());

  const decorated = async () => {
    const project = await ctx.orm.em.fork().findOneOrFail(Project, { id: ctx.project.id });
    return decorateForDelivery(email, project, ctx.config).html;
  };

  it('the pixel answers a GIF and records email.opened with contact, email, campaign and user agent', async () => {
    const src = /<img src="([^"]+)"/.exec(await decorated())![1];
    const res = await ctx.app.request(pathOf(src, ctx.config.publicUrl), { headers: { 'user-agent': 'TestMail/1.0' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 6)).toString('latin1')).toBe('GIF89a');

    const opened = await eventsNamed('email.opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ contact_id: contactId, email_id: email.id, campaign_id: campaignId, data: { userAgent: 'TestMail/1.0' } });

    // Visible through the events API too.
    const listed = await json(await ctx.request('GET', `/events?name=email.opened&emailId=${email.id}`));
    expect(listed.data.items.map((e: any) => e.emailId)).toEqual([email.id]);
  });

  it('a click redirects 302 to the original URL and records email.clicked with it', async () => {
    const href = hrefs(await decorated()).find((h) => h.includes('/t/c/'))!;
    const res = await ctx.app.request(pathOf(href, ctx.config.publicUrl), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://acme.test/offer?x=1&y=2');
    const clicked = await eventsNamed('email.clicked');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatchObject({ contact_id: contactId, email_id: email.id, campaign_id: campaignId, data: { url: 'https://acme.test/offer?x=1&y=2' } });
  });

  it('a tampered or forged token is a 404 (JSON envelope) and records nothing', async () => {
    const html = await decorated();
    const href = pathOf(hrefs(html).find((h) => h.includes('/t/c/'))!, ctx.config.publicUrl);
    const src = pathOf(/<img src="([^"]+)"/.exec(html)![1], ctx.config.publicUrl);
    const flip = (p: string, at: number) => p.slice(0, at) + (p[at] === 'x' ? 'y' : 'x') + p.slice(at + 1);
    const before = [(await eventsNamed('email.clicked')).length, (await eventsNamed('email.opened')).length];

    await expectError(await ctx.app.request(flip(href, 10), { redirect: 'manual' }), 404, 'NOT_FOUND');
    await expectError(await ctx.app.request(flip(src, 10)), 404, 'NOT_FOUND');
    const mac = href.split('.').pop();
    const forged = `/t/c/${Buffer.from(`${email.id} https://evil.test/`).toString('base64url')}.${mac}`;
    await expectError(await ctx.app.request(forged, { redirect: 'manual' }), 404, 'NOT_FOUND');
    await expectError(await ctx.app.request('/t/c/garbage'), 404, 'NOT_FOUND');

    expect([(await eventsNamed('email.clicked')).length, (await eventsNamed('email.opened')).length]).toEqual(before);
  });

  it('is documented as public operations', () => {
    // Only these routes, so the check does not depend on the rest of the document.
    const app = buildApp();
    registerTrackingRoutes(app);
    registerUnsubscribeRoutes(app);
    const doc = openApiDocument(app) as any;
    for (const [path, method] of [['/t/o/{token}', 'get'], ['/t/c/{token}', 'get'], ['/u/{token}', 'get'], ['/u/{token}', 'post']] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security ?? []).toEqual([]);
    }
  });
});
