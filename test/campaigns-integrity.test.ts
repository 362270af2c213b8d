import { describe, expect, it } from 'vitest';
import { admitHandOffs, claimRange, insertRecipients, type FenceGroupKey } from '../core/campaigns/recipients.js';
import { transition } from '../core/campaigns/transitions.js';
import { claimSendStarts } from '../core/pacing.js';
import { createProject } from '../core/projects/keys.js';
import { groupedAdmission, type RowAdmission } from '../activities/delivery/batch.js';
import { sqlRows } from '../db/sql.js';
import { EMBEDDED_PASS, json } from './helpers.js';
import { createCampaign, ctx, getCampaign, p, seedContacts, smtp, useCampaignStack, waitFor, waitForStatus } from './support/campaigns.js';
import { expectError } from './support/envelope.js';
import { TestSmtpServer } from './support/smtp-server.js';

/*
 * Issue 22: a working unsubscribe link, no lost campaign under a PATCH race, a bounded retry of a
 * recipient refused for ever, per-row hand-off fences, and test sends refused like /v1/send.
 * (Cancel and pause at a high rate: campaigns-fence.test.ts.)
 */
const MAX_ATTEMPTS = 3;
useCampaignStack({ DELIVERY_MAX_ATTEMPTS: String(MAX_ATTEMPTS) });

const receivedBy = (prefix: string) => smtp.messages.filter((m) => m.recipients[0]?.startsWith(`${prefix}-`));
const send = (id: string, key = p.secretKey) => ctx.request('POST', `/campaigns/${id}/send`, { key });
const stats = async (id: string) => (await json(await ctx.request('GET', `/campaigns/${id}/stats`, { key: p.secretKey }))).data;
const contactByEmail = async (email: string) =>
  (await sqlRows<{ subscribed: boolean }>(ctx.orm.em.fork(), 'select subscribed from contacts where project_id = ? and email = ?', [p.id, email]))[0];

/** The unsubscribe links of a received message: the HTML's `href`s to /u/ and the text part's URLs to /u/. */
async function unsubscribeLinks(raw: Parameters<typeof TestSmtpServer.parse>[0]) {
  const parsed = await TestSmtpServer.parse(raw);
  const base = ctx.config.publicUrl;
  const html = parsed.html ?? '';
  const hrefs = [...html.matchAll(/href="([^"]*)"[^>]*>Unsubscribe here</g)].map((m) => m[1]);
  const text = parsed.text ?? '';
  const inText = [...text.matchAll(/(https?:\/\/\S+\/u\/[A-Za-z0-9_.-]+)/g)].map((m) => m[1]);
  const header = parsed.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? '';
  return { hrefs, inText, html, text, header, base };
}

describe('the {{unsubscribe_url}} placeholder (documented in the campaign body and MARKETING templates)', () => {
  it('campaign: the HTML href and the text part carry the message\'s own working link, even for a contact whose data has an unsubscribe_url (written with the public key); GET shows a page, one-click POST unsubscribes the contact and the stats count it', async () => {
    await seedContacts(ctx.orm, p.id, 'unsub', 2);
    // A public key may add data keys: the name is reserved, the link stays the message's own.
    const hijack = await ctx.request('POST', '/v1/track', { key: p.publicKey, body: { email: 'unsub-0@recipients.test', event: 'x', data: { unsubscribe_url: 'https://evil.example/unsub' } } });
    expect(hijack.status).toBe(200);
    const id = await createCampaign(ctx, p.secretKey, {
      body: '<html><body><p>Hi {{first_name}}</p><p><a href="{{unsubscribe_url}}">Unsubscribe here</a></p></body></html>',
    });
    expect((await send(id)).status).toBe(200);
    await waitForStatus(ctx, p.secretKey, id, 'SENT');
    const [first, second] = ['unsub-0@recipients.test', 'unsub-1@recipients.test'].map((to) => receivedBy('unsub').find((m) => m.recipients[0] === to)!);
    const a = await unsubscribeLinks(first);
    const b = await unsubscribeLinks(second);
    expect(JSON.stringify([a, b])).not.toContain('evil.example');
    // HTML: exactly the placed link (no empty href, no footer added); text: the same URL.
    expect(a.hrefs).toHaveLength(1);
    expect(a.hrefs[0]).toMatch(new RegExp(`^${a.base}/u/.+`));
    expect(a.html).not.toContain('href=""');
    expect(a.inText).toEqual([a.hrefs[0]]);
    expect(a.header).toContain(a.hrefs[0]);
    expect(b.hrefs[0]).not.toBe(a.hrefs[0]); // per message

    // The HTML link of the first: a GET is only a page (a scanner's pre-fetch changes nothing).
    const path = (url: string) => url.slice(a.base.length);
    const page = await ctx.request('GET', path(a.hrefs[0]), { key: null });
    expect(page.status).toBe(200);
    expect(await contactByEmail('unsub-0@recipients.test')).toEqual({ subscribed: true });
    const oneClick = await ctx.request('POST', path(a.hrefs[0]), { key: null, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.status).toBe(200);
    expect(await contactByEmail('unsub-0@recipients.test')).toEqual({ subscribed: false });
    // The text part's link of the second works the same.
    expect((await ctx.request('POST', path(b.inText[0]), { key: null })).status).toBe(200);
    expect(await contactByEmail('unsub-1@recipients.test')).toEqual({ subscribed: false });
    expect(await stats(id)).toMatchObject({ sentCount: 2, unsubscribedCount: 2 });
  });

  it('/v1/send with a MARKETING template: the href and the text part carry the link (one-click works); a TRANSACTIONAL one renders the placeholder as nothing', async () => {
    await seedContacts(ctx.orm, p.id, 'tplunsub', 1);
    const tpl = async (type: string) =>
      (await json(await ctx.request('POST', '/templates', {
        key: p.secretKey,
        body: { name: `t ${type}`, subject: 'Hi', body: '<p>News</p><p><a href="{{unsubscribe_url}}">Unsubscribe here</a></p>', type, from: 'news@example.com' },
      }))).data.id as string;
    const marketing = await tpl('MARKETING');
    const res = await ctx.request('POST', '/v1/send', { key: p.secretKey, body: { to: 'tplunsub-0@recipients.test', template: marketing } });
    expect(res.status).toBe(200);
    await waitFor('the marketing mail', async () => receivedBy('tplunsub').length, (n) => n === 1);
    const m = await unsubscribeLinks(receivedBy('tplunsub')[0]);
    expect(m.hrefs).toHaveLength(1);
    expect(m.hrefs[0]).toMatch(new RegExp(`^${m.base}/u/.+`));
    expect(m.inText).toEqual([m.hrefs[0]]);
    expect((await ctx.request('POST', m.hrefs[0].slice(m.base.length), { key: null })).status).toBe(200);
    expect(await contactByEmail('tplunsub-0@recipients.test')).toEqual({ subscribed: false });

    const transactional = await tpl('TRANSACTIONAL');
    await ctx.request('POST', '/v1/send', { key: p.secretKey, body: { to: 'tplunsub-1@recipients.test', template: transactional } });
    await waitFor('the transactional mail', async () => receivedBy('tplunsub').length, (n) => n === 2);
    const t = await unsubscribeLinks(receivedBy('tplunsub').find((x) => x.recipients[0] === 'tplunsub-1@recipients.test')!);
    expect(t.text).not.toContain('unsubscribe_url');
    expect(t.html).not.toContain('unsubscribe_url');
    expect(t.inText).toEqual([]);
  });
});

describe('PATCH racing send and PATCH', () => {
  it('50 concurrent send + PATCH pairs: every send answers 200 with SCHEDULED or later (never DRAFT), every campaign ends SENT, the contact gets one mail from each', async () => {
    await seedContacts(ctx.orm, p.id, 'patchrace', 1);
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => createCampaign(ctx, p.secretKey, { name: `race ${i}` })));
    const answers = await Promise.all(
      ids.map(async (id, i) => {
        const [s, patch] = await Promise.all([send(id), ctx.request('PATCH', `/campaigns/${id}`, { key: p.secretKey, body: { subject: `Edited ${i}` } })]);
        return { id, send: s.status, sendStatus: (await json(s)).data?.status, patch: patch.status };
      }),
    );
    expect(answers.filter((a) => a.send !== 200 || !['SCHEDULED', 'SENDING', 'SENT'].includes(a.sendStatus))).toEqual([]);
    // A PATCH lands before the send, beside it (SCHEDULED is editable) or, once sending started, is a 409.
    expect(answers.filter((a) => a.patch !== 200 && a.patch !== 409)).toEqual([]);
    // Read from the database: polling 50 campaigns over the API would exceed the key's rate limit.
    const final = await waitFor(
      'all 50 SENT',
      () => sqlRows<{ id: string; status: string }>(ctx.orm.em.fork(), 'select id, status from campaigns where id in (select jsonb_array_elements_text(?::jsonb)::uuid)', [JSON.stringify(ids)]),
      (cs) => cs.every((c) => c.status === 'SENT' || c.status === 'DRAFT'),
      // 180 s of 200 under two busy loops beside another file: correctness is the subject, not speed.
      400_000,
    );
    expect(final.filter((c) => c.status !== 'SENT').map((c) => c.id)).toEqual([]);
    expect(receivedBy('patchrace')).toHaveLength(50);
  }, 480_000);

  it('two concurrent PATCHes of different fields (30 campaigns): both fields survive on every campaign', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => createCampaign(ctx, p.secretKey, { name: `pp ${i}` })));
    await Promise.all(
      ids.map((id) =>
        Promise.all([
          ctx.request('PATCH', `/campaigns/${id}`, { key: p.secretKey, body: { name: 'renamed' } }),
          ctx.request('PATCH', `/campaigns/${id}`, { key: p.secretKey, body: { subject: 'resubjected' } }),
        ]),
      ),
    );
    const got = await Promise.all(ids.map((id) => getCampaign(ctx, p.secretKey, id)));
    expect(got.filter((c) => c.name !== 'renamed' || c.subject !== 'resubjected').map((c) => [c.name, c.subject])).toEqual([]);
    expect(got.every((c) => c.status === 'DRAFT')).toBe(true);
  });
});

describe('a recipient refused with 4xx on every attempt', () => {
  it(`is FAILED with the last reply after DELIVERY_MAX_ATTEMPTS (${MAX_ATTEMPTS}) hand-offs, and the campaign ends SENT`, async () => {
    await seedContacts(ctx.orm, p.id, 'busy', 5);
    smtp.rejectRecipient('busy-2@recipients.test', 451, '451 4.2.1 Mailbox busy, try again later');
    try {
      const id = await createCampaign(ctx, p.secretKey);
      expect((await send(id)).status).toBe(200);
      await waitForStatus(ctx, p.secretKey, id, 'SENT', 60_000);
      expect(smtp.refused.filter((a) => a === 'busy-2@recipients.test')).toHaveLength(MAX_ATTEMPTS);
      expect(receivedBy('busy')).toHaveLength(4);
      expect(await getCampaign(ctx, p.secretKey, id)).toMatchObject({ status: 'SENT', sentCount: 4, failedCount: 1 });
      const [row] = await sqlRows<{ status: string; error: string; attempts: number }>(
        ctx.orm.em.fork(),
        'select status, error, attempts from campaign_recipients where campaign_id = ? and to_email = ?',
        [id, 'busy-2@recipients.test'],
      );
      expect(row).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
      expect(row.error).toContain('451 4.2.1 Mailbox busy');
    } finally {
      smtp.clearRecipient('busy-2@recipients.test');
    }
  });
});

/** A pacing window with room for every start of a test: another project's, so the fence alone decides. */
async function roomyWindow(name: string) {
  const { project } = await createProject(ctx.orm.em.fork(), name);
  return { projectId: project.id, maxStarts: 10_000, windowMs: 60_000 };
}

/** One row through the fence (admitHandOffs of one row, in a roomy window): its hold, or null when refused. */
async function fenceOne(key: FenceGroupKey, window: Awaited<ReturnType<typeof roomyWindow>>, recipientId: string) {
  const admitted = await admitHandOffs(ctx.orm.em.fork(), key, window, [recipientId]);
  expect(admitted.waiting).toEqual([]);
  const attempts = admitted.attempts.get(recipientId);
  return attempts === undefined ? null : { attempts, release: admitted.release };
}

describe('the per-row hand-off fence (superseded attempts)', () => {
  it('a row is handed over only while claimed by the attempt: an older attempt\'s fence fails once a newer one claimed the row, and a newer claim waits for a fence held', async () => {
    const [contact] = await seedContacts(ctx.orm, p.id, 'fence', 1);
    const id = await createCampaign(ctx, p.secretKey);
    const em = ctx.orm.em.fork();
    await sqlRows(em, `update campaigns set status = 'SENDING' where id = ?`, [id]);
    await insertRecipients(em, { id, projectId: p.id, fromDomain: 'example.com' }, [contact]);
    const window = await roomyWindow('fence-window');
    const range = { after: null, upTo: null };
    const [row] = await claimRange(em, id, range, 'attempt-1');
    const held = await fenceOne({ campaignId: id, epoch: 0, claim: 'attempt-1' }, window, row.id);
    expect(held).toMatchObject({ attempts: 1 });
    // Attempt 2 claims the range while attempt 1 is in its hand-off: the claim waits for it.
    let claimedAt = 0;
    const claiming = claimRange(ctx.orm.em.fork(), id, range, 'attempt-2').then((rows) => ((claimedAt = Date.now()), rows));
    await new Promise((r) => setTimeout(r, 300));
    expect(claimedAt).toBe(0);
    const releasedAt = Date.now();
    await held!.release();
    expect(await claiming).toHaveLength(1);
    expect(claimedAt).toBeGreaterThanOrEqual(releasedAt);
    // From then on attempt 1 hands nothing over; attempt 2 does.
    expect(await fenceOne({ campaignId: id, epoch: 0, claim: 'attempt-1' }, window, row.id)).toBeNull();
    const second = await fenceOne({ campaignId: id, epoch: 0, claim: 'attempt-2' }, window, row.id);
    expect(second).toMatchObject({ attempts: 2 });
    await second!.release();
    // A moved epoch (a pause, even one resumed since) fails the fence too.
    await sqlRows(em, 'update campaigns set send_epoch = send_epoch + 1 where id = ?', [id]);
    expect(await fenceOne({ campaignId: id, epoch: 0, claim: 'attempt-2' }, window, row.id)).toBeNull();
  });
});

/** A campaign made SENDING (epoch 0) with `n` recipient rows, all claimed by 'attempt-1' (in contact order). */
async function claimedRowsOfSendingCampaign(prefix: string, n: number) {
  const contacts = await seedContacts(ctx.orm, p.id, prefix, n);
  const id = await createCampaign(ctx, p.secretKey);
  const em = ctx.orm.em.fork();
  await sqlRows(em, `update campaigns set status = 'SENDING' where id = ?`, [id]);
  await insertRecipients(em, { id, projectId: p.id, fromDomain: 'example.com' }, contacts);
  return { id, em, rows: await claimRange(em, id, { after: null, upTo: null }, 'attempt-1') };
}

describe('the group hand-off fence (rows whose connections are in hand together share one)', () => {
  it('a cancel waits until the last row of every group fenced has released (its MAIL FROM written), and later fences fail; a row another attempt claimed is refused while the rest of its group is fenced, attempts counted per row', async () => {
    const { id, em, rows } = await claimedRowsOfSendingCampaign('gfence', 4);
    expect(rows).toHaveLength(4);
    const key = { campaignId: id, epoch: 0, claim: 'attempt-1' };
    const window = await roomyWindow('gfence-window');

    // An older attempt's group: the row a newer attempt claimed meanwhile is refused, the others fenced.
    await sqlRows(em, `update campaign_recipients set claim = 'attempt-2' where id = ?`, [rows[3].id]);
    const partial = await admitHandOffs(ctx.orm.em.fork(), key, window, rows.map((r) => r.id));
    expect([...partial.attempts.keys()].sort()).toEqual(rows.slice(0, 3).map((r) => r.id).sort());
    expect(partial.waiting).toEqual([]);
    await partial.release();

    // Three rows through the grouped fence, arriving in the same turn: one group, one statement.
    const groups: number[] = [];
    const fence = groupedAdmission((group: typeof rows) => (groups.push(group.length), admitHandOffs(ctx.orm.em.fork(), key, window, group.map((r) => r.id))), () => false);
    const answers = await Promise.all(rows.slice(0, 3).map((r) => fence(r)));
    expect(groups).toEqual([3]);
    const holds = answers.map((a) => (typeof a === 'object' && 'hold' in a ? a.hold : undefined));
    expect(holds.map((h) => h?.attempts)).toEqual([2, 2, 2]);
    let answeredAt = 0;
    const cancel = transition(ctx.orm.em.fork(), p.id, id, ['SENDING'], 'CANCELLED', { action: 'cancel', stopsSenders: true }).then(() => (answeredAt = Date.now()));
    await new Promise((r) => setTimeout(r, 300));
    await holds[0]!.release();
    await holds[1]!.release();
    await new Promise((r) => setTimeout(r, 300));
    expect(answeredAt).toBe(0); // the group still has a row whose MAIL FROM is not written
    const lastReleasedAt = Date.now();
    await holds[2]!.release();
    await cancel;
    expect(answeredAt).toBeGreaterThanOrEqual(lastReleasedAt);
    expect((await admitHandOffs(ctx.orm.em.fork(), key, window, rows.slice(0, 3).map((r) => r.id))).attempts.size).toBe(0);
    expect(await fence(rows[0])).toBe('refused');
  });
});

describe('the admission and fence of a group (rows whose connections are in hand together)', () => {
  it('rows arriving in the same turn take their window starts and pass their fence together: as many as the window has room for are handed over (attempts counted), the rest wait; the starts are seen by other claimers at once (the window is not held with the fence), a cancel waits for the group, a fence that refuses gives its starts back, a rollback takes back starts and attempts', async () => {
    const { id, em, rows } = await claimedRowsOfSendingCampaign('admit', 4);
    expect(rows).toHaveLength(4);
    const key = { campaignId: id, epoch: 0, claim: 'attempt-1' };
    // A window of its own (another project's): room for 3 starts a minute.
    const { project } = await createProject(ctx.orm.em.fork(), 'admit-window');
    const window = { projectId: project.id, maxStarts: 3, windowMs: 60_000, reserveRate: 0.05 };
    const starts = async () =>
      Number((await sqlRows<{ n: number }>(em, 'select (select coalesce(sum(c), 0) from unnest(window_counts) c) as n from send_rate_buckets where project_id = ?', [project.id]))[0]?.n ?? 0);
    const attempts = async () => (await sqlRows<{ attempts: number }>(em, 'select attempts from campaign_recipients where campaign_id = ? order by contact_id', [id])).map((r) => r.attempts);

    const groups: number[] = [];
    const admit = groupedAdmission((group: typeof rows) => (groups.push(group.length), admitHandOffs(ctx.orm.em.fork(), key, window, group.map((r) => r.id))), () => false);
    const answers = await Promise.race([Promise.all(rows.map((r) => admit(r))), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not answered in 30 s; groups ${groups}`)), 30_000))]);
    expect(groups.length).toBeGreaterThanOrEqual(1); // more than one only when a late answer was taken again
    expect(groups.every((n) => n === 4)).toBe(true);
    const holds = answers.slice(0, 3).map((a) => (typeof a === 'object' && 'hold' in a ? a.hold : undefined));
    expect(holds.map((h) => h?.attempts)).toEqual([1, 1, 1]);
    expect(answers[3]).toEqual({ waitMs: expect.any(Number) });
    expect((answers[3] as Extract<RowAdmission, { waitMs: number }>).waitMs).toBeGreaterThan(50_000);

    // Held: another claimer of the window is answered before the group is released (the group's 3 starts fill the
    // window), a cancel waits for the group. On the embedded database every statement waits for an open transaction
    // (one PGlite session for all connections, launcher/embedded-db.ts): there the claimer is answered after it.
    let claimedAt = 0;
    const claiming = claimSendStarts(ctx.orm.em.fork(), project.id, window, 1).then((s) => ((claimedAt = Date.now()), s));
    let cancelledAt = 0;
    const cancel = transition(ctx.orm.em.fork(), p.id, id, ['SENDING'], 'CANCELLED', { action: 'cancel', stopsSenders: true }).then(() => (cancelledAt = Date.now()));
    await new Promise((r) => setTimeout(r, 300));
    await holds[0]!.release();
    await holds[1]!.release();
    if (EMBEDDED_PASS) {
      await new Promise((r) => setTimeout(r, 300));
      expect(claimedAt).toBe(0);
    } else {
      // Waited for, not slept for: a busy machine may take a while to answer, but only a claimer blocked
      // by the held group takes the 30 s.
      const held = await Promise.race([claiming.then(() => 'answered'), new Promise((r) => setTimeout(() => r('still waiting after 30 s'), 30_000))]);
      expect(held, 'the other claimer while the group is held').toBe('answered');
    }
    expect(cancelledAt).toBe(0);
    const lastReleasedAt = Date.now();
    await holds[2]!.release();
    expect(await claiming).toEqual([{ admitted: false, waitMs: expect.any(Number) }]);
    if (EMBEDDED_PASS) expect(claimedAt).toBeGreaterThanOrEqual(lastReleasedAt);
    await cancel;
    expect(cancelledAt).toBeGreaterThanOrEqual(lastReleasedAt);
    expect(await starts()).toBe(3);
    expect(await attempts()).toEqual([1, 1, 1, 0]);

    // After the cancel: nothing fenced, the start claimed for the row given back.
    await sqlRows(em, `update send_rate_buckets set window_counts = '{}' where project_id = ?`, [project.id]);
    const refused = await admitHandOffs(ctx.orm.em.fork(), key, window, [rows[3].id]);
    expect([refused.attempts.size, refused.waiting]).toEqual([0, []]);
    expect(await starts()).toBe(0);

    // A rollback (a late answer, a stopped batch) takes back the start and the attempt.
    await sqlRows(em, `update campaigns set status = 'SENDING' where id = ?`, [id]);
    const again = await admitHandOffs(ctx.orm.em.fork(), { ...key, epoch: 1 }, window, [rows[3].id]);
    expect(again.attempts.get(rows[3].id)).toBe(1);
    await again.rollback();
    expect(await starts()).toBe(0);
    expect(await attempts()).toEqual([1, 1, 1, 0]);
  });
});

describe('the previous code\'s admission statement (processes still running it during an upgrade)', () => {
  it('admit_campaign_hand_offs still fences the rows and takes as many window starts as there is room for: the first rows in contact order counted, the rest waiting, the starts in the window', async () => {
    const { id, em, rows } = await claimedRowsOfSendingCampaign('oldadmit', 3);
    const { project } = await createProject(ctx.orm.em.fork(), 'oldadmit-window');
    const answered = await sqlRows<{ recipient_id: string; hand_offs: number | null }>(
      em,
      'select recipient_id, hand_offs from admit_campaign_hand_offs(?, ?, ?, ?, ?, ?::uuid[], ?)',
      [project.id, 60_000, 2, id, 0, rows.map((r) => r.id), 'attempt-1'],
    );
    expect(answered.map((r) => [r.recipient_id, r.hand_offs])).toEqual([[rows[0].id, 1], [rows[1].id, 1], [rows[2].id, null]]);
    const [w] = await sqlRows<{ n: number }>(em, 'select (select sum(c) from unnest(window_counts) c)::int as n from send_rate_buckets where project_id = ?', [project.id]);
    expect(w.n).toBe(2);
    expect((await claimSendStarts(ctx.orm.em.fork(), project.id, { maxStarts: 2, windowMs: 60_000, reserveRate: 1 }, 1))[0].admitted).toBe(false);
  });
});

describe('POST /campaigns/{id}/test', () => {
  it('refuses a suppressed address (422 RECIPIENT_SUPPRESSED) and, for MARKETING, an unsubscribed contact (422 RECIPIENT_UNSUBSCRIBED): nothing sent, no email recorded', async () => {
    await seedContacts(ctx.orm, p.id, 'tstunsub', 1, { subscribed: false });
    await ctx.orm.em.fork().getConnection().execute(`update contacts set unsubscribed_at = now() where project_id = ? and email = 'tstunsub-0@recipients.test'`, [p.id], 'run');
    await ctx.request('POST', '/suppressions', { key: p.secretKey, body: { email: 'tstsup-0@recipients.test' } });
    const id = await createCampaign(ctx, p.secretKey);
    const test = (emails: string[]) => ctx.request('POST', `/campaigns/${id}/test`, { key: p.secretKey, body: { emails } });
    const suppressed = await expectError(await test(['tstok-0@recipients.test', 'tstsup-0@recipients.test']), 422, 'RECIPIENT_SUPPRESSED');
    expect(suppressed.error.message).toContain('tstsup-0@recipients.test');
    const unsub = await expectError(await test(['tstunsub-0@recipients.test']), 422, 'RECIPIENT_UNSUBSCRIBED');
    expect(unsub.error.message).toContain('tstunsub-0@recipients.test');
    const recorded = await sqlRows(ctx.orm.em.fork(), 'select id from emails where project_id = ?', [p.id]);
    expect(recorded).toEqual([]);
    // A TRANSACTIONAL campaign's test reaches the unsubscribed contact, as /v1/send would.
    const t = await createCampaign(ctx, p.secretKey, { type: 'TRANSACTIONAL' });
    expect((await ctx.request('POST', `/campaigns/${t}/test`, { key: p.secretKey, body: { email: 'tstunsub-0@recipients.test' } })).status).toBe(200);
    await waitFor('the transactional test mail', async () => receivedBy('tstunsub').length, (n) => n === 1);
    expect(receivedBy('tstsup')).toHaveLength(0);
  });

  it('caps the addresses of one call at 5 (a 6th is a 422 naming the field), as the OpenAPI document says', async () => {
    const id = await createCampaign(ctx, p.secretKey);
    const six = Array.from({ length: 6 }, (_, i) => `cap-${i}@recipients.test`);
    const body = await expectError(await ctx.request('POST', `/campaigns/${id}/test`, { key: p.secretKey, body: { emails: six } }), 422, 'VALIDATION_ERROR');
    expect(body.error.errors.map((e: { field: string }) => e.field)).toContain('emails');
    const doc = await json(await ctx.request('GET', '/openapi.json', { key: null }));
    const schema = doc.components.schemas.TestCampaignBody;
    expect(schema.properties.emails).toMatchObject({ maxItems: 5, description: expect.stringContaining('5') });
  });
});

describe('DELETE /templates/{id}', () => {
  it('documents what is true: refused while an automation workflow uses it; campaigns hold their own content and never block it', async () => {
    const doc = await json(await ctx.request('GET', '/openapi.json', { key: null }));
    const op = doc.paths['/templates/{id}'].delete;
    expect(op.summary).not.toMatch(/campaign/i);
    expect(op.summary).toMatch(/workflow/);
    const tpl = (await json(await ctx.request('POST', '/templates', { key: p.secretKey, body: { name: 'x', subject: 's', body: '<p>b</p>', type: 'MARKETING' } }))).data.id;
    await createCampaign(ctx, p.secretKey);
    expect((await ctx.request('DELETE', `/templates/${tpl}`, { key: p.secretKey })).status).toBe(200);
  });
});
