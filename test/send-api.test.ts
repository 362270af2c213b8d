import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../api/app.js';
import { SendEmailBody } from '../api/routes/send/schema.js';
import { claimIdempotencyKey, requestHash, saveIdempotentResponse } from '../api/idempotency.js';
import { Contact, Domain, Email, Suppression, type DomainStatus } from '../db/entities/index.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { validateResponsesOf } from './support/response-validation.js';
import { expectError } from './support/envelope.js';
import { DELIVER_EMAILS_WORKFLOW } from '../core/emails/delivery-workflow.js';

let ctx: TestContext;
const FROM = 'hello@send.test';

beforeAll(async () => {
  ctx = await setupTestContext();
  await addDomain('send.test', 'VERIFIED');
});
afterAll(() => ctx?.cleanup());

/** A domain row written directly (the DNS verification itself is another feature's test). */
async function addDomain(domain: string, status: DomainStatus) {
  const em = ctx.orm.em.fork();
  em.create(Domain, { projectId: ctx.project.id, domain, status, dkimSelector: 'mh', dkimPublicKey: 'x', dkimPrivateKeyEnc: 'x', records: [], createdAt: new Date(), updatedAt: new Date() });
  await em.flush();
}

const send = (body: unknown, opts: { key?: string | null; headers?: Record<string, string> } = {}) =>
  ctx.request('POST', '/v1/send', { body, ...opts });
const inline = (to: unknown, extra: Record<string, unknown> = {}) => ({ to, from: FROM, subject: 'Hi', body: '<p>Hello</p>', ...extra });
const altError = (res: Response, status: number) => expectError(res, status, undefined, '/v1/send');

/** The rows of these email ids, attachments included (lazy on the entity). */
const rows = (ids: string[]) => ctx.orm.em.fork().find(Email, { id: { $in: ids } }, { populate: ['attachments'], orderBy: { toEmail: 'asc' } });
const contactOf = (email: string, projectId = ctx.project.id) => ctx.orm.em.fork().findOne(Contact, { projectId, email });
const countEmails = (toEmail: string) => ctx.orm.em.fork().count(Email, { projectId: ctx.project.id, toEmail });

/** Sends, expects 200, checks the workflow `send-<first id>` was started with every id, then terminates it. */
async function sendOk(body: unknown, opts: { headers?: Record<string, string> } = {}) {
  const res = await send(body, opts);
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(200);
  expect(out.success).toBe(true);
  expect(new Date(out.data.timestamp).toISOString()).toBe(out.data.timestamp);
  const ids: string[] = out.data.emails.map((e: any) => e.email);
  await expectWorkflow(ids);
  return { res, data: out.data as { emails: { contact: { id: string; email: string }; email: string }[] }, ids };
}

async function expectWorkflow(ids: string[]) {
  const handle = ctx.temporal.workflow.getHandle(`send-${ids[0]}`);
  const info = await handle.describe();
  expect(info.type).toBe(DELIVER_EMAILS_WORKFLOW);
  expect(info.taskQueue).toBe(ctx.config.taskQueue);
  const history = await handle.fetchHistory();
  const payload = history.events![0].workflowExecutionStartedEventAttributes!.input!.payloads![0];
  expect(JSON.parse(Buffer.from(payload.data!).toString())).toEqual({ projectId: ctx.project.id, emailIds: ids });
  await handle.terminate('test done');
}

describe('recipients', () => {
  it('accepts a string, an object and a mixed array; one row per recipient with the contract fields', async () => {
    const one = await sendOk(inline('solo@example.com'));
    expect(one.data.emails).toHaveLength(1);
    expect(one.data.emails[0].contact.email).toBe('solo@example.com');

    const obj = await sendOk(inline({ name: 'Obi Wan', email: 'OBI@example.com' }));
    expect(obj.data.emails[0].contact.email).toBe('obi@example.com');
    expect((await contactOf('obi@example.com'))!.data).toEqual({ name: 'Obi Wan' });

    const mixed = await sendOk(inline(['m1@example.com', { name: 'M Two', email: 'm2@example.com' }], { headers: { 'X-Entity-Ref': 'r1' } }));
    expect((await rows(mixed.ids)).map((r) => [r.toEmail, r.toName ?? null])).toEqual([['m1@example.com', null], ['m2@example.com', 'M Two']]);
    expect(mixed.data.emails.map((e) => e.contact.email)).toEqual(['m1@example.com', 'm2@example.com']);
    const stored = await rows(mixed.ids);
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      const entry = mixed.data.emails.find((e) => e.email === row.id)!;
      expect(row).toMatchObject({
        projectId: ctx.project.id,
        contactId: entry.contact.id,
        toEmail: entry.contact.email,
        status: 'QUEUED',
        subject: 'Hi',
        html: '<p>Hello</p>',
        textBody: 'Hello',
        fromEmail: FROM,
        fromName: null,
        replyTo: null,
        headers: { 'X-Entity-Ref': 'r1' },
        attachments: [],
        marketing: false,
        templateId: null,
        attempts: 0,
        messageId: `<${row.id}@send.test>`,
      });
    }
  });

  it('deduplicates case-insensitively, keeping the first name given', async () => {
    const r = await sendOk(inline(['Dup@Example.com', 'dup@example.com', { name: 'Dupe', email: 'DUP@EXAMPLE.COM' }]));
    expect(r.data.emails).toHaveLength(1);
    expect((await contactOf('dup@example.com'))!.data).toEqual({ name: 'Dupe' });
  });

  it('accepts 50 recipients and refuses 51 (422 naming to) or none', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `r${i}@fifty.example`);
    const ok = await sendOk(inline(fifty));
    expect(ok.data.emails).toHaveLength(50);
    expect(new Set(ok.ids).size).toBe(50);

    const body = await altError(await send(inline([...fifty, 'r50@fifty.example'])), 422);
    expect(body.message).toMatch(/\bto\b.*51/);
    expect(await countEmails('r50@fifty.example')).toBe(0);
    // 51 entries that are 50 unique addresses are fine
    await sendOk(inline([...fifty, 'R0@FIFTY.example']));

    expect((await altError(await send(inline([])), 422)).message).toContain('to');
    expect((await altError(await send(inline('not-an-email')), 422)).message).toMatch(/email/i);
    expect((await altError(await send({ from: FROM, subject: 's', body: 'b' }), 422)).message).toContain('to');
  });
});

describe('contacts', () => {
  it('new contacts are unsubscribed unless subscribed:true; true subscribes an existing contact that never opted out but never undoes an opt-out (a transactional send either); false never unsubscribes one', async () => {
    await sendOk(inline('new-default@example.com'));
    expect((await contactOf('new-default@example.com'))!.subscribed).toBe(false);
    await sendOk(inline('new-sub@example.com', { subscribed: true }));
    expect((await contactOf('new-sub@example.com'))!.subscribed).toBe(true);

    await ctx.request('POST', '/contacts', { body: { email: 'existing@example.com', data: { plan: 'pro' } } });
    await sendOk(inline({ name: 'Ex', email: 'existing@example.com' }));
    const kept = (await contactOf('existing@example.com'))!;
    expect(kept.subscribed).toBe(true);
    expect(kept.data).toEqual({ plan: 'pro', name: 'Ex' });
    await sendOk(inline('existing@example.com', { subscribed: false }));
    expect((await contactOf('existing@example.com'))!.subscribed).toBe(true);
    await ctx.request('POST', '/contacts', { body: { email: 'was-out@example.com', subscribed: false } });
    await sendOk(inline('was-out@example.com', { subscribed: true }));
    const out = (await contactOf('was-out@example.com'))!;
    expect(out.subscribed).toBe(false);
    expect(out.unsubscribedAt).toBeInstanceOf(Date);
    const events = await json(await ctx.request('GET', `/events?email=${encodeURIComponent('was-out@example.com')}&limit=100`));
    expect(events.data.events.map((e: { name: string }) => e.name).filter((n: string) => n.startsWith('contact.'))).toEqual(['contact.unsubscribed']);
    // The way back is the contact's own (or PATCH /contacts with the secret key).
    const id = (await contactOf('was-out@example.com'))!.id;
    expect((await ctx.request('PATCH', `/contacts/${id}`, { body: { subscribed: true } })).status).toBe(200);
    expect((await contactOf('was-out@example.com'))!.subscribed).toBe(true);
  });

  it('to: {name, email} fills the contact\'s data.name only when it has none: an existing name is kept, the message still shows the given one', async () => {
    await ctx.request('POST', '/contacts', { body: { email: 'named@example.com', data: { name: 'Ada Lovelace', plan: 'pro' } } });
    const r = await sendOk(inline({ name: 'Countess', email: 'named@example.com' }));
    expect((await contactOf('named@example.com'))!.data).toEqual({ name: 'Ada Lovelace', plan: 'pro' });
    expect((await rows(r.ids))[0].toName).toBe('Countess');
    await sendOk(inline({ name: 'First Given', email: 'unnamed@example.com' }));
    await sendOk(inline({ name: 'Second Given', email: 'unnamed@example.com' }));
    expect((await contactOf('unnamed@example.com'))!.data).toEqual({ name: 'First Given' });
  });

  it('an opt-in by a send records contact.subscribed (source send) once; other sends record no subscription event', async () => {
    const subscriptionEvents = async (email: string) => {
      const body = await json(await ctx.request('GET', `/events?email=${encodeURIComponent(email)}&limit=100`));
      return (body.data.events as { name: string; data: { source?: string } }[]).filter((e) => e.name.startsWith('contact.')).map((e) => `${e.name}:${e.data.source}`);
    };
    await sendOk(inline('optin@example.com', { subscribed: true }));
    await sendOk(inline('optin@example.com', { subscribed: true }));
    await sendOk(inline('optin@example.com', { subscribed: false }));
    expect(await subscriptionEvents('optin@example.com')).toEqual(['contact.subscribed:send']);
    await sendOk(inline('plain@example.com'));
    await sendOk(inline('plain@example.com', { subscribed: false }));
    expect(await subscriptionEvents('plain@example.com')).toEqual([]);
  });
});

describe('content', () => {
  it('fills variables per recipient from request data over contact data, escaping HTML but not the subject', async () => {
    await ctx.request('POST', '/contacts', { body: { email: 'var1@example.com', data: { plan: 'pro', city: 'Paris' } } });
    await ctx.request('POST', '/contacts', { body: { email: 'var2@example.com', data: { plan: 'free' } } });
    const r = await sendOk({
      to: ['var1@example.com', 'var2@example.com'],
      from: FROM,
      subject: 'Hi {{name}} <{{plan}}>',
      body: '<p>{{name}} on {{ plan }} in {{data.city ?? "nowhere"}}{{unknown}} ({{email}}, {{id}})</p>',
      data: { name: '<b>A&B</b>' },
    });
    const [a, b] = await rows(r.ids);
    expect(a.subject).toBe('Hi <b>A&B</b> <pro>');
    expect(a.html).toBe(`<p>&lt;b&gt;A&amp;B&lt;/b&gt; on pro in Paris (var1@example.com, ${a.contactId})</p>`);
    expect(b.html).toBe(`<p>&lt;b&gt;A&amp;B&lt;/b&gt; on free in nowhere (var2@example.com, ${b.contactId})</p>`);
    expect(b.textBody!.replace(/\s+/g, ' ')).toBe(`<b>A&B</b> on free in nowhere (var2@example.com, ${b.contactId})`);
    for (const row of [a, b]) expect(row.html + row.subject).not.toMatch(/[{}]/);
  });

  it('renders markdown bodies to HTML with a text alternative', async () => {
    const r = await sendOk(inline('md@example.com', { type: 'markdown', body: '# Hi {{first_name}}\n\nSee **[docs](https://x.test/d)**', data: { first_name: 'Ada' } }));
    const [row] = await rows(r.ids);
    expect(row.html).toContain('<h1>Hi Ada</h1>');
    expect(row.html).toContain('<strong><a href="https://x.test/d">docs</a></strong>');
    expect(row.textBody).toContain('See docs [https://x.test/d]');
  });

  it('unknown template syntax in the request is a 422 naming the field and position; nothing is sent', async () => {
    const res = await altError(await send(inline('syntax@example.com', { body: '<p>x</p>{{> header}}' })), 422);
    expect(res.message).toContain('body');
    expect(res.message).toContain('{{> header}} at line 1, column 9');
    expect((await altError(await send(inline('syntax@example.com', { subject: 'Hi {{#name}}' })), 422)).message).toContain('subject');
    expect(await countEmails('syntax@example.com')).toBe(0);
  });

  it('requires subject and body without a template', async () => {
    const res = await altError(await send({ to: 'a@example.com', from: FROM }), 422);
    expect(res.message).toContain('subject');
    expect(res.message).toContain('body');
    expect((await altError(await send({ to: 'a@example.com', from: FROM, subject: 'x' }), 422)).message).toContain('body');
  });

  it('uses a template (subject, body, sender, type) and lets request fields override it', async () => {
    const t = await json(
      await ctx.request('POST', '/templates', {
        body: { name: 'welcome', subject: 'Welcome {{name ?? "friend"}}', body: '<p>Hi {{name}}</p>', type: 'MARKETING', from: 'team@send.test', fromName: 'Team', replyTo: 'support@example.com' },
      }),
    );
    const plain = await sendOk({ to: 'tpl@example.com', template: t.data.id, subscribed: true }); // marketing mail needs consent
    const [row] = await rows(plain.ids);
    expect(row).toMatchObject({ subject: 'Welcome friend', html: '<p>Hi </p>', fromEmail: 'team@send.test', fromName: 'Team', replyTo: 'support@example.com', marketing: true, templateId: t.data.id });

    const over = await sendOk({ to: 'tpl@example.com', template: t.data.id, subject: 'Custom', from: { name: 'Ops', email: 'ops@send.test' }, reply: 'r@example.com', data: { name: 'Z' } });
    const [row2] = await rows(over.ids);
    expect(row2).toMatchObject({ subject: 'Custom', html: '<p>Hi Z</p>', fromEmail: 'ops@send.test', fromName: 'Ops', replyTo: 'r@example.com', marketing: true });

    const named = await sendOk({ to: 'tpl@example.com', template: t.data.id, body: '**md**', type: 'markdown', name: 'Display' });
    const [row3] = await rows(named.ids);
    expect(row3).toMatchObject({ subject: 'Welcome friend', fromEmail: 'team@send.test', fromName: 'Display' });
    expect(row3.html).toContain('<strong>md</strong>');

    const missing = await altError(await send({ to: 'tpl@example.com', template: randomUUID() }), 404);
    expect(missing.message).toMatch(/template/i);
    await altError(await send({ to: 'tpl@example.com', template: 'nope' }), 404);
    const other = await ctx.newProject('other-templates');
    await altError(await send({ to: 'tpl@example.com', template: t.data.id }, { key: other.secretKey }), 404);
  });
});

describe('sender', () => {
  it('refuses a from address on an unverified domain with 403 in the alternate shape', async () => {
    const res = await send(inline('x@example.com', { from: 'me@unverified.test' }));
    const body = await json(res.clone());
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'time']);
    await altError(res, 403);
    expect(body).toMatchObject({ code: 403, error: 'Forbidden' });
    expect(body.message).toContain('unverified.test');
    expect(body.message).toContain('POST /domains');
    expect(await contactOf('x@example.com')).toBeNull();
  });

  it('a PENDING domain is not verified either', async () => {
    await addDomain('pending.test', 'PENDING');
    await altError(await send(inline('x@example.com', { from: 'me@pending.test' })), 403);
  });

  it('no sender in the request or the template is a 422', async () => {
    const body = await altError(await send({ to: 'x@example.com', subject: 's', body: 'b' }), 422);
    expect(body.message).toContain('from');
    const t = await json(await ctx.request('POST', '/templates', { body: { name: 'nofrom', subject: 's', body: 'b', type: 'TRANSACTIONAL' } }));
    await altError(await send({ to: 'x@example.com', template: t.data.id }), 422);
  });
});

describe('headers', () => {
  it.each([
    ['Subject', 'x'],
    ['message-id', '<a@b>'],
    ['List-Unsubscribe', '<https://x>'],
    ['reply-to', 'a@b.c'],
    ['X-Bad Name', 'x'],
    ['X-Colon:', 'x'],
    ['X-Inject', 'a\r\nBcc: victim@example.com'],
    ['X-Newline\n', 'x'],
  ])('refuses %j', async (name, value) => {
    const body = await altError(await send(inline('h@example.com', { headers: { [name]: value } })), 422);
    expect(body.message).toContain(`headers.${name}`);
  });

  it.each([
    'X-Mailhub-Email-ID', 'x-mailhub-anything', 'Sender', 'Resent-From', 'resent-message-id', 'Received', 'Delivered-To', 'Return-Path',
    'Authentication-Results', 'ARC-Seal', 'arc-message-signature', 'DKIM-Signature',
  ])('refuses %s (set by the service or the mail system: it could steer bounces or trust) naming it', async (name) => {
    const body = await altError(await send(inline('steer@example.com', { headers: { [name]: 'x' } })), 422);
    expect(body.message).toContain(`headers.${name}`);
    expect(body.message).toContain(`${name} is set by`);
    expect(await countEmails('steer@example.com')).toBe(0);
  });

  it('accepts ordinary custom headers', async () => {
    const r = await sendOk(inline('custom-h@example.com', { headers: { 'X-Campaign': 'spring', 'X-Mailhubby': 'no prefix match', 'Received-By-App': 'x' } }));
    expect((await rows(r.ids))[0].headers).toEqual({ 'X-Campaign': 'spring', 'X-Mailhubby': 'no prefix match', 'Received-By-App': 'x' });
  });

  it('refuses non-string values', async () => {
    await altError(await send(inline('h@example.com', { headers: { 'X-Num': 1 } })), 422);
    expect(await countEmails('h@example.com')).toBe(0);
  });
});

describe('attachments', () => {
  const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

  it('accepts 10 items and stores them on every row; refuses an 11th', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ filename: `f${i}.txt`, content: b64(10 + i), ...(i === 0 ? { contentType: 'text/plain' } : {}) }));
    const r = await sendOk(inline(['att1@example.com', 'att2@example.com'], { attachments: ten }));
    for (const row of await rows(r.ids)) expect(row.attachments).toEqual(ten);

    const body = await altError(await send(inline('att1@example.com', { attachments: [...ten, { filename: 'f10.txt', content: b64(1) }] })), 422);
    expect(body.message).toMatch(/attachments/);
  });

  it('accepts exactly 10 MB in total and refuses one byte more', async () => {
    const limit = 10 * 1024 * 1024;
    const r = await sendOk(inline('big@example.com', { attachments: [{ filename: 'big.bin', content: b64(limit - 100) }, { filename: 'small.bin', content: b64(100) }] }));
    const [row] = await rows(r.ids);
    expect(Buffer.from(row.attachments[0].content, 'base64').length + Buffer.from(row.attachments[1].content, 'base64').length).toBe(limit);

    const body = await altError(await send(inline('big@example.com', { attachments: [{ filename: 'big.bin', content: b64(limit + 1) }] })), 422);
    expect(body.message).toContain('attachments');
    expect(body.message).toContain(String(limit));
    expect(await countEmails('big@example.com')).toBe(1);
  });

  it.each(['multipart/mixed', 'Multipart/Alternative; boundary=x', 'message/rfc822', 'message/partial'])('refuses contentType %s naming the item', async (contentType) => {
    const body = await altError(await send(inline('mime@example.com', { attachments: [{ filename: 'a.eml', content: 'aGk=', contentType }] })), 422);
    expect(body.message).toContain('attachments.0.contentType');
    expect(await countEmails('mime@example.com')).toBe(0);
  });

  it('refuses invalid base64 naming the item, and bad file names', async () => {
    const good = { filename: 'a.txt', content: b64(3) };
    for (const content of ['abc', 'ab$=', 'YWJj\nZGVm', 'YQ==YQ==', '====']) {
      const body = await altError(await send(inline('b64@example.com', { attachments: [good, good, { filename: 'c.txt', content }] })), 422);
      expect(body.message).toContain('attachments.2.content');
    }
    for (const filename of ['../etc/passwd', 'a\\b.txt', 'a\r\nb', '', 'x'.repeat(256)]) {
      const body = await altError(await send(inline('b64@example.com', { attachments: [{ filename, content: b64(3) }] })), 422);
      expect(body.message).toContain('attachments.0.filename');
    }
    expect(await countEmails('b64@example.com')).toBe(0);
  });

  it('a body over the 15 MB limit is a 413 in the alternate shape', async () => {
    const body = await altError(await send(inline('huge@example.com', { attachments: [{ filename: 'h.bin', content: b64(12 * 1024 * 1024) }] })), 413);
    expect(body.error).toBe('Payload Too Large');
  });
});

describe('suppressions', () => {
  it('refuses the whole send naming the suppressed addresses and why', async () => {
    const em = ctx.orm.em.fork();
    em.create(Suppression, { projectId: ctx.project.id, email: 'bounced@example.com', reason: 'HARD_BOUNCE' } as Suppression);
    em.create(Suppression, { projectId: ctx.project.id, email: 'angry@example.com', reason: 'COMPLAINT' } as Suppression);
    await em.flush();
    const body = await altError(await send(inline(['fine@example.com', 'Bounced@example.com', 'angry@example.com'])), 422);
    expect(body.message).toContain('bounced@example.com (hard bounce)');
    expect(body.message).toContain('angry@example.com (complaint)');
    expect(body.message).toContain('DELETE /suppressions/');
    expect(await contactOf('fine@example.com')).toBeNull();
    expect(await countEmails('fine@example.com')).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, without new rows', async () => {
    const key = `k-${randomUUID()}`;
    const body = inline(['idem1@example.com', 'idem2@example.com'], { data: { a: 1, b: 2 } });
    const first = await sendOk(body, { headers: { 'Idempotency-Key': key } });
    expect(first.res.headers.get('idempotent-replayed')).toBeNull();
    const replay = await send(body, { headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(replay)).data).toEqual(first.data);
    // key order does not matter
    const reordered = { ...body, data: { b: 2, a: 1 } };
    expect((await send(reordered, { headers: { 'Idempotency-Key': key } })).headers.get('idempotent-replayed')).toBe('true');
    expect(await countEmails('idem1@example.com')).toBe(1);

    const conflict = await altError(await send({ ...body, subject: 'Other' }, { headers: { 'Idempotency-Key': key } }), 409);
    expect(conflict.message).toMatch(/different/);
    // keys are per project: another project's request is processed (and refused for its unverified domain), not replayed
    const other = await ctx.newProject('idem-other');
    await altError(await send(body, { key: other.secretKey, headers: { 'Idempotency-Key': key } }), 403);
  });

  it('concurrent duplicates produce exactly one set of rows', async () => {
    const key = `race-${randomUUID()}`;
    const body = inline(['race1@example.com', 'race2@example.com']);
    const results = await Promise.all(Array.from({ length: 6 }, () => send(body, { headers: { 'Idempotency-Key': key } })));
    const fresh = results.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 409) expect((await altError(r, 409)).message).toMatch(/in progress/);
      else expect(r.status).toBe(200);
    }
    expect(await countEmails('race1@example.com')).toBe(1);
    expect(await countEmails('race2@example.com')).toBe(1);
    await expectWorkflow((await json(fresh[0])).data.emails.map((e: any) => e.email));
  });

  it('a failed request releases the key; an expired key (over 24 h) is reusable', async () => {
    const key = `fail-${randomUUID()}`;
    const body = inline('later@example.com', { from: 'me@later.test' });
    await altError(await send(body, { headers: { 'Idempotency-Key': key } }), 403);
    await addDomain('later.test', 'VERIFIED');
    const first = await sendOk(body, { headers: { 'Idempotency-Key': key } });
    expect((await send(body, { headers: { 'Idempotency-Key': key } })).headers.get('idempotent-replayed')).toBe('true');

    await ctx.orm.em.getConnection().execute(`update idempotency_keys set created_at = now() - interval '25 hours' where key = ?`, [key]);
    const again = await sendOk(body, { headers: { 'Idempotency-Key': key } });
    expect(again.ids[0]).not.toBe(first.ids[0]);
    expect(await countEmails('later@example.com')).toBe(2);
  });

  it('an unfinished claim is "in progress"; one abandoned over 5 minutes is taken over, and the old claimant cannot save', async () => {
    const key = `stale-${randomUUID()}`;
    const body = inline('stale@example.com');
    const em = ctx.orm.em.fork();
    const first = await claimIdempotencyKey(em, ctx.project.id, key, requestHash(SendEmailBody.parse(body)));
    expect(first.claimed).toBe(true);
    const busy = await altError(await send(body, { headers: { 'Idempotency-Key': key } }), 409);
    expect(busy.message).toMatch(/in progress/);

    await em.getConnection().execute(`update idempotency_keys set created_at = created_at - interval '6 minutes' where key = ?`, [key]);
    const taken = await sendOk(body, { headers: { 'Idempotency-Key': key } });
    const stale = first.claimed ? first.token : '';
    await expect(em.transactional((tx) => saveIdempotentResponse(tx, ctx.project.id, key, stale, 200, { late: true }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    const replay = await send(body, { headers: { 'Idempotency-Key': key } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(replay)).data).toEqual(taken.data);
  });

  it('refuses a malformed key', async () => {
    const body = await altError(await send(inline('k@example.com'), { headers: { 'Idempotency-Key': 'x'.repeat(256) } }), 422);
    expect(body.message).toContain('idempotency-key');
  });
});

describe('auth and malformed requests', () => {
  it('401 without a key, 403 with a public key, 400 for malformed JSON: all in the alternate shape', async () => {
    expect((await altError(await send(inline('a@example.com'), { key: null }), 401)).error).toBe('Unauthorized');
    expect((await altError(await send(inline('a@example.com'), { key: ctx.project.publicKey }), 403)).error).toBe('Forbidden');
    expect((await altError(await send('{"to": "a@example.com",'), 400)).error).toBe('Bad Request');
    expect(await contactOf('a@example.com')).toBeNull();
  });
});

describe('Temporal unavailable', () => {
  it('still answers 200 and leaves the rows QUEUED for the sweeper', async () => {
    const connection = await Connection.lazy({ address: '127.0.0.1:1' });
    const app = validateResponsesOf(createApp({ ...ctx.deps, temporal: new Client({ connection }) }));
    const res = await app.request('/v1/send', {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(inline('down@example.com')),
    });
    const out = await json(res);
    expect(res.status).toBe(200);
    const [row] = await rows([out.data.emails[0].email]);
    expect(row.status).toBe('QUEUED');
    const dispatched = (id: string) =>
      ctx.orm.em.fork().getConnection().execute<{ dispatched_at: string | null }[]>('select dispatched_at from emails where id = ?', [id]);
    // Not dispatched: the sweeper's to deliver. A send with Temporal up is marked dispatched.
    expect(await dispatched(row.id)).toEqual([{ dispatched_at: null }]);
    const ok = await sendOk(inline('up@example.com'));
    expect((await dispatched(ok.ids[0]))[0].dispatched_at).not.toBeNull();
    await connection.close().catch(() => {});
  });
});

describe('GET /emails/:id', () => {
  it('returns the record with its delivery status; 404 for another project or a bad id', async () => {
    const r = await sendOk(inline({ name: 'G', email: 'get@example.com' }, { subject: 'Status?' }));
    const res = await ctx.request('GET', `/emails/${r.ids[0]}`);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toEqual({
      id: r.ids[0],
      to: 'get@example.com',
      from: FROM,
      subject: 'Status?',
      status: 'QUEUED',
      messageId: `<${r.ids[0]}@send.test>`,
      contactId: r.data.emails[0].contact.id,
      templateId: null,
      campaignId: null,
      error: null,
      attempts: 0,
      sentAt: null,
      stalled: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // No progress for over 5 minutes while QUEUED or SENDING: visible as stalled.
    await ctx.orm.em.fork().getConnection().execute(`update emails set status = 'SENDING', updated_at = now() - interval '6 minutes' where id = ?`, [r.ids[0]]);
    expect((await json(await ctx.request('GET', `/emails/${r.ids[0]}`))).data).toMatchObject({ status: 'SENDING', stalled: true });
    const other = await ctx.newProject('emails-other');
    await expectError(await ctx.request('GET', `/emails/${r.ids[0]}`, { key: other.secretKey }), 404, 'NOT_FOUND');
    await expectError(await ctx.request('GET', '/emails/not-a-uuid'), 404, 'NOT_FOUND');
    await expectError(await ctx.request('GET', `/emails/${r.ids[0]}`, { key: null }), 401, 'UNAUTHORIZED');
  });
});
