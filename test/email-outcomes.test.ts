import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOutcomes, type Outcome } from '../core/campaigns/recipients.js';
import { recordEmailOutcomes, type EmailOutcome } from '../core/emails/outcomes.js';
import { newId } from '../db/ids.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { insertQueuedEmails } from './support/emails.js';

/*
 * core/emails/outcomes.ts, the one write of delivery outcomes every sender goes through, against
 * the real database: email records (recordEmailOutcomes: /v1/send, test sends, automation
 * batches) and campaign rows (recordOutcomes, built from the same pieces).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

type EventRow = { id: string; email_id: string; name: string; contact_id: string | null; campaign_id: string | null; data: Record<string, unknown> };
const eventsOf = (ids: string[]) =>
  sqlRows<EventRow>(ctx.orm.em.fork(), `select id, email_id, name, contact_id, campaign_id, data from events where email_id in (select jsonb_array_elements_text(?::jsonb)::uuid) order by id`, [JSON.stringify(ids)]);
const NAMES = ['email.sent', 'email.delivered', 'email.failed', 'email.bounced'];
const nameCounts = async (): Promise<Record<string, number>> => {
  const rows = await sqlRows<{ name: string; count: number }>(ctx.orm.em.fork(), `select name, sum(count)::int as count from event_names where project_id = ? and name in (select jsonb_array_elements_text(?::jsonb)) group by name`, [ctx.project.id, JSON.stringify(NAMES)]);
  return Object.fromEntries(NAMES.map((n) => [n, rows.find((r) => r.name === n)?.count ?? 0]));
};
const delta = (after: Record<string, number>, before: Record<string, number>) => Object.fromEntries(NAMES.map((n) => [n, after[n] - before[n]]));
const suppressionOf = (email: string) =>
  sqlRows<{ reason: string; source: string }>(ctx.orm.em.fork(), 'select reason, source from suppressions where project_id = ? and email = ?', [ctx.project.id, email]).then((r) => r[0]);
const insertContact = async (email: string) => {
  const id = newId();
  await sqlRun(ctx.orm.em.fork(), 'insert into contacts (id, project_id, email) values (?, ?, ?)', [id, ctx.project.id, email]);
  return id;
};
const ids = (): [string, string] => [newId(), newId()];
const sentAt = new Date('2026-11-25T10:00:00.000Z');

/** Four outcomes (SENT accepted, SENT with no recipient accepted, FAILED, BOUNCED) for rows a-d, with their expected events. */
function mixed(prefix: string, rows: { id: string; messageId: string; contactId: string | null; campaignId: string | null }[]) {
  const [a, b, c, d] = rows;
  const outcomes = [
    { id: a.id, status: 'SENT', sentAt, response: '250 ok', eventIds: ids() },
    { id: b.id, status: 'SENT', sentAt, response: '250 nobody', delivered: false, eventIds: ids() },
    { id: c.id, status: 'FAILED', error: 'x'.repeat(1200), code: 554, eventIds: ids() },
    { id: d.id, status: 'BOUNCED', error: '550 5.1.1 no such user', code: 550, eventIds: ids() },
  ] satisfies EmailOutcome[];
  const ev = (row: (typeof rows)[number], id: string, name: string, data: Record<string, unknown>) => ({ id, email_id: row.id, name, contact_id: row.contactId, campaign_id: row.campaignId, data: { messageId: row.messageId, ...data } });
  const expected = [
    ev(a, outcomes[0].eventIds[0], 'email.sent', { to: `${prefix}-a@x.test`, response: '250 ok' }),
    ev(a, outcomes[0].eventIds[1], 'email.delivered', { to: `${prefix}-a@x.test`, response: '250 ok' }),
    ev(b, outcomes[1].eventIds[0], 'email.sent', { to: `${prefix}-b@x.test`, response: '250 nobody' }),
    ev(c, outcomes[2].eventIds[0], 'email.failed', { to: `${prefix}-c@x.test`, error: 'x'.repeat(1000), code: 554 }),
    ev(d, outcomes[3].eventIds[0], 'email.bounced', { to: `${prefix}-d@x.test`, error: '550 5.1.1 no such user', code: 550 }),
  ].sort((x, y) => (x.id < y.id ? -1 : 1));
  return { outcomes, expected };
}

describe('recordEmailOutcomes', () => {
  it('one call for mixed outcomes: each open record takes its status with its events (the given ids; email.sent + email.delivered, email.sent alone when no recipient was accepted, email.failed, email.bounced), the name counters and the bounce\'s suppression; a record already final is left alone with no events; the same call again changes nothing and writes no event twice', async () => {
    const contact = await insertContact('rec-a@x.test');
    const campaignId = newId();
    const [a, b, c, d, final] = await insertQueuedEmails(ctx.orm, ctx.project.id, [
      { toEmail: 'rec-a@x.test', contactId: contact, campaignId },
      { toEmail: 'rec-b@x.test' },
      { toEmail: 'rec-c@x.test' },
      { toEmail: 'rec-d@x.test' },
      { toEmail: 'rec-final@x.test' },
    ]);
    await sqlRun(ctx.orm.em.fork(), `update emails set status = 'SENDING' where id = ?`, [b]);
    await sqlRun(ctx.orm.em.fork(), `update emails set status = 'SENT', sent_at = '2026-11-24T00:00:00Z' where id = ?`, [final]);
    const row = (id: string, extra: { contactId?: string; campaignId?: string } = {}) => ({ id, messageId: `<${id}@example.com>`, contactId: extra.contactId ?? null, campaignId: extra.campaignId ?? null });
    const { outcomes, expected } = mixed('rec', [row(a, { contactId: contact, campaignId }), row(b), row(c), row(d)]);
    const all = [...outcomes, { id: final, status: 'FAILED' as const, error: 'late', code: 550, eventIds: ids() }];
    const before = await nameCounts();

    const changed = await recordEmailOutcomes(ctx.orm.em.fork(), all);

    expect(changed.map((r) => [r.id, r.status]).sort()).toEqual([[a, 'SENT'], [b, 'SENT'], [c, 'FAILED'], [d, 'BOUNCED']].sort());
    const states = await sqlRows<{ id: string; status: string; error: string | null; sent_at: string | null }>(
      ctx.orm.em.fork(),
      `select id, status, error, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at from emails where id in (?, ?, ?, ?, ?)`,
      [a, b, c, d, final],
    );
    const state = (id: string) => states.find((s) => s.id === id);
    expect(state(a)).toMatchObject({ status: 'SENT', error: null, sent_at: sentAt.toISOString() });
    expect(state(b)).toMatchObject({ status: 'SENT', error: null, sent_at: sentAt.toISOString() });
    expect(state(c)).toMatchObject({ status: 'FAILED', error: 'x'.repeat(1000), sent_at: null });
    expect(state(d)).toMatchObject({ status: 'BOUNCED', error: '550 5.1.1 no such user', sent_at: null });
    expect(state(final)).toMatchObject({ status: 'SENT', error: null, sent_at: '2026-11-24T00:00:00.000Z' });
    expect(await eventsOf([a, b, c, d, final])).toEqual(expected);
    expect(delta(await nameCounts(), before)).toEqual({ 'email.sent': 2, 'email.delivered': 1, 'email.failed': 1, 'email.bounced': 1 });
    expect(await suppressionOf('rec-d@x.test')).toEqual({ reason: 'HARD_BOUNCE', source: 'smtp' });
    expect(await suppressionOf('rec-c@x.test')).toBeUndefined();

    // A retried write (same outcomes, same event ids): every record is final by now.
    expect(await recordEmailOutcomes(ctx.orm.em.fork(), all)).toEqual([]);
    expect(await eventsOf([a, b, c, d, final])).toEqual(expected);
    expect(delta(await nameCounts(), before)).toEqual({ 'email.sent': 2, 'email.delivered': 1, 'email.failed': 1, 'email.bounced': 1 });
  });
});

describe('recordOutcomes (campaign rows, built from the same pieces)', () => {
  it('writes the events recordEmailOutcomes writes for the same outcomes (names, data, ids, contact, campaign), counts the campaign, skips get no events, and the same call again changes nothing', async () => {
    const campaignId = newId();
    await sqlRun(
      ctx.orm.em.fork(),
      `insert into campaigns (id, project_id, name, subject, body, from_email, type, audience_type, status) values (?, ?, 'c', 's', 'b', 'news@example.com', 'MARKETING', 'ALL', 'SENDING')`,
      [campaignId, ctx.project.id],
    );
    const letters = ['a', 'b', 'c', 'd', 'e'];
    const contacts = await Promise.all(letters.map((l) => insertContact(`camp-${l}@x.test`)));
    const rows = letters.map((l, i) => ({ id: newId(), contactId: contacts[i], toEmail: `camp-${l}@x.test` }));
    await sqlRun(
      ctx.orm.em.fork(),
      `insert into campaign_recipients (id, project_id, campaign_id, contact_id, to_email, message_id, status)
       select v.id, ?, ?, v.contact_id, v.to_email, '<' || v.id || '@example.com>', 'QUEUED' from jsonb_to_recordset(?::jsonb) as v(id uuid, contact_id uuid, to_email text)`,
      [ctx.project.id, campaignId, JSON.stringify(rows.map((r) => ({ id: r.id, contact_id: r.contactId, to_email: r.toEmail })))],
    );
    // The first row's contact is deleted meanwhile: its events name no contact.
    await sqlRun(ctx.orm.em.fork(), 'delete from contacts where id = ?', [contacts[0]]);
    const { outcomes, expected } = mixed(
      'camp',
      rows.slice(0, 4).map((r, i) => ({ id: r.id, messageId: `<${r.id}@example.com>`, contactId: i === 0 ? null : r.contactId, campaignId })),
    );
    const all: Outcome[] = [...outcomes, { id: rows[4].id, status: 'SKIPPED', error: 'Skipped' }];
    const before = await nameCounts();

    const changed = await recordOutcomes(ctx.orm.em.fork(), { id: campaignId }, all);

    expect(changed.map((r) => r.status).sort()).toEqual(['BOUNCED', 'FAILED', 'SENT', 'SENT', 'SKIPPED']);
    expect(await eventsOf(rows.map((r) => r.id))).toEqual(expected);
    expect(delta(await nameCounts(), before)).toEqual({ 'email.sent': 2, 'email.delivered': 1, 'email.failed': 1, 'email.bounced': 1 });
    const counters = () => sqlRows(ctx.orm.em.fork(), 'select sent_count, failed_count, bounced_count, skipped_count from campaigns where id = ?', [campaignId]).then((r) => r[0]);
    expect(await counters()).toEqual({ sent_count: 2, failed_count: 1, bounced_count: 1, skipped_count: 1 });
    expect(await suppressionOf('camp-d@x.test')).toEqual({ reason: 'HARD_BOUNCE', source: 'smtp' });

    expect(await recordOutcomes(ctx.orm.em.fork(), { id: campaignId }, all)).toEqual([]);
    expect(await eventsOf(rows.map((r) => r.id))).toEqual(expected);
    expect(await counters()).toEqual({ sent_count: 2, failed_count: 1, bounced_count: 1, skipped_count: 1 });
  });
});
