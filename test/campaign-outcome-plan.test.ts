import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../core/campaigns/campaigns.js';
import { RECORD_OUTCOMES_SQL } from '../core/campaigns/recipients.js';
import { outcomeInput } from '../core/emails/outcomes.js';
import { newId } from '../db/ids.js';
import { sqlRows } from '../db/sql.js';
import { PAGE_CONTACTS_SQL } from '../activities/campaign-sender.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { insertVerifiedDomain } from './support/emails.js';

/*
 * The plan of a campaign's outcome write (core/campaigns/recipients.ts, recordOutcomes) while
 * campaign_recipients is young and never analyzed, as it is during a campaign's first minutes: the
 * batch's rows are found through the primary key, never by a scan of the whole table (which a
 * planner taking the batch for its default 100 rows chose on every batch of a 5,000-row campaign).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const planNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(planNodes)];

describe('recordOutcomes on a young campaign_recipients table', () => {
  it('a batch of 20 outcomes over 5,000 unanalyzed rows reads campaign_recipients through an index, never a Seq Scan', async () => {
    const p = await ctx.newProject('outcome-plan');
    await insertVerifiedDomain(ctx.orm, p.id, 'example.com', ctx.config.secretKey!);
    const em = ctx.orm.em.fork();
    const c = await createCampaign(em, p.id, { name: 'plan', subject: 's', from: 'news@example.com', audienceType: 'ALL', body: '<p>x</p>' });
    const ids = await sqlRows<{ id: string }>(
      em,
      `insert into campaign_recipients (id, project_id, campaign_id, contact_id, to_email, message_id, status, claim)
       select gen_random_uuid(), ?, ?, gen_random_uuid(), 'c' || g || '@example.com', '<' || g || '@example.com>', 'QUEUED', 'attempt-1'
       from generate_series(1, 5000) g returning id`,
      [p.id, c.id],
    );
    const outcomes = ids.slice(0, 20).map((r) => ({ id: r.id, status: 'SENT', sentAt: new Date(), response: '250 ok', eventIds: [newId(), newId()] as [string, string] }));
    const rows = await sqlRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(em, `explain (format json) ${RECORD_OUTCOMES_SQL}`, [outcomeInput(outcomes), c.id]);
    const nodes = planNodes(rows[0]['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'campaign_recipients');
    const shape = nodes.map((n) => n['Node Type']).join(', ');
    expect(nodes.length, shape).toBeGreaterThan(0);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan'), shape).toEqual([]);
  });
});

describe("a campaign page's contacts on a young contacts table", () => {
  it('500 contacts of a page over 5,000 unanalyzed contacts are read through an index, never a Seq Scan', async () => {
    const p = await ctx.newProject('page-contacts-plan');
    const em = ctx.orm.em.fork();
    const ids = await sqlRows<{ id: string }>(
      em,
      `insert into contacts (id, project_id, email) select gen_random_uuid(), ?, 'p' || g || '@example.com' from generate_series(1, 5000) g returning id`,
      [p.id],
    );
    // Never analyzed, as a table just imported into or written by a burst: the planner goes by its pages.
    const page = ids.slice(0, 500).map((r) => r.id);
    const rows = await sqlRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(em, `explain (format json) ${PAGE_CONTACTS_SQL}`, [JSON.stringify(page)]);
    const nodes = planNodes(rows[0]['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'contacts');
    const shape = nodes.map((n) => n['Node Type']).join(', ');
    expect(nodes.length, shape).toBeGreaterThan(0);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan'), shape).toEqual([]);
    expect((await sqlRows(em, PAGE_CONTACTS_SQL, [JSON.stringify(page)])).length).toBe(500);
  });
});
