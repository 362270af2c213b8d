import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEmailOutcomes } from '../core/emails/outcomes.js';
import { recordSent } from '../activities/delivery/record.js';
import { Email } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { sqlRows } from '../db/sql.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { insertQueuedEmails } from './support/emails.js';

/*
 * recordEmailOutcomes (a batch's SENT outcomes in one statement) against recordSent (one
 * record at a time, /v1/send's path): the same record state, the same events, the same counters.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

type EventRow = { email_id: string; name: string; contact_id: string | null; campaign_id: string | null; data: Record<string, unknown> };
const eventsOf = (ids: string[]) =>
  sqlRows<EventRow>(ctx.orm.em.fork(), `select email_id, name, contact_id, campaign_id, data from events where email_id in (select jsonb_array_elements_text(?::jsonb)::uuid) order by id`, [JSON.stringify(ids)]);
const stateOf = (id: string) => sqlRows<{ status: string; sent_at: string; error: string | null }>(ctx.orm.em.fork(), "select status, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') as sent_at, error from emails where id = ?", [id]).then((r) => r[0]);
const namesCount = async () => {
  const rows = await sqlRows<{ name: string; count: number }>(ctx.orm.em.fork(), `select name, sum(count)::int as count from event_names where project_id = ? and name in ('email.sent', 'email.delivered') group by name order by name`, [ctx.project.id]);
  return Object.fromEntries(rows.map((r) => [r.name, r.count]));
};

describe('recordEmailOutcomes, SENT', () => {
  it('writes what recordSent writes for each record (status, sent_at, email.sent then email.delivered, name counters), and nothing for a record already final', async () => {
    const [one, many, other, final] = await insertQueuedEmails(ctx.orm, ctx.project.id, [{ toEmail: 'one@x.test' }, { toEmail: 'many@x.test' }, { toEmail: 'other@x.test' }, { toEmail: 'final@x.test' }]);
    await sqlRows(ctx.orm.em.fork(), `update emails set status = 'FAILED', error = 'gave up' where id = ?`, [final]);
    const sentAt = new Date('2026-11-25T10:00:00.000Z');
    const before = await namesCount();

    const em = ctx.orm.em.fork();
    const email = await em.findOneOrFail(Email, { id: one });
    await em.transactional((tx) => recordSent(tx, email, { accepted: ['one@x.test'], rejected: [], response: '250 ok', messageId: email.messageId }, sentAt));
    const changed = await recordEmailOutcomes(ctx.orm.em.fork(), [many, other, final].map((id) => ({ id, status: 'SENT' as const, sentAt, response: '250 ok', eventIds: [newId(), newId()] as [string, string] })));

    expect(changed.map((r) => r.id).sort()).toEqual([many, other].sort());
    for (const id of [one, many, other]) expect(await stateOf(id)).toMatchObject({ status: 'SENT', sent_at: sentAt.toISOString(), error: null });
    expect(await stateOf(final)).toMatchObject({ status: 'FAILED', error: 'gave up' });

    const shape = (id: string, to: string) =>
      (['email.sent', 'email.delivered'] as const).map((name) => ({ email_id: id, name, contact_id: null, campaign_id: null, data: { messageId: `<${id}@example.com>`, to, response: '250 ok' } }));
    const events = await eventsOf([one, many, other, final]);
    const byEmail = (id: string) => events.filter((e) => e.email_id === id);
    expect(byEmail(one)).toEqual(shape(one, 'one@x.test'));
    expect(byEmail(many)).toEqual(shape(many, 'many@x.test'));
    expect(byEmail(other)).toEqual(shape(other, 'other@x.test'));
    expect(byEmail(final)).toEqual([]);
    const after = await namesCount();
    expect(after['email.sent'] - (before['email.sent'] ?? 0)).toBe(3);
    expect(after['email.delivered'] - (before['email.delivered'] ?? 0)).toBe(3);
  });
});
