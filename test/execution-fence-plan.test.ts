import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createWorkflow } from '../core/automations/workflows.js';
import { createProject } from '../core/projects/keys.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { createTestDatabase } from './helpers.js';
import { fenceExecutionMails, seedExecutionMails } from './support/execution-mails.js';

/*
 * The hand-off fence of automation mails (fence_execution_mails) runs once per group of mails
 * while a burst fills `emails` faster than anything analyzes it. It must find a group's records by
 * their primary key: planned over a table no ANALYZE has seen, `e.project_id = p_project` made
 * the planner take emails_project_message_id_idx's project prefix, i.e. every record of the
 * project, on each fence (168 index entries per mail in a burst of 2,000 sign-ups;
 * bench/RESULTS.md). Counted with the server's index statistics (pg_stat_user_indexes), flushed by
 * the fencing session itself, over 3,000 committed records of one project. One database
 * connection (poolMax 1): every statement, the flush included, runs in that one session.
 */

const SEEDED = 3000;
const GROUP = 16;

let db: { url: string; drop: () => Promise<void> };
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openOrm(db.url, { migrate: true, poolMax: 1 });
  // As in a burst: nothing analyzes the records while the fences run.
  await sqlRun(orm.em.fork(), 'alter table emails set (autovacuum_enabled = false)');
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** Index entries of `emails` read so far, by index (the session's pending counters flushed first, as it goes idle). */
async function emailIndexReads(em: EntityManager): Promise<Map<string, number>> {
  await sqlRows(em, 'select pg_stat_force_next_flush()');
  const rows = await sqlRows<{ indexrelname: string; idx_tup_read: string }>(em, `select indexrelname, idx_tup_read from pg_stat_user_indexes where relname = 'emails'`);
  return new Map(rows.map((r) => [r.indexrelname, Number(r.idx_tup_read)]));
}

describe('fence_execution_mails over a burst of email records no ANALYZE has seen', () => {
  it(`fences a group of ${GROUP} mails reading their ${GROUP} primary-key entries and no other index of emails, among ${SEEDED} records of the project`, async () => {
    const em = orm.em.fork();
    const projectId = (await createProject(em, 'fence plans')).project.id;
    const steps = [{ id: 'mark', type: 'UPDATE_CONTACT' as const, data: { seen: true } }];
    const workflowId = (await createWorkflow(em, projectId, { name: 'seeded', enabled: true, trigger: { type: 'EVENT', eventName: 'seeded' }, steps })).id;
    const mails = await seedExecutionMails(em, projectId, workflowId, SEEDED);
    const group = mails.slice(1000, 1000 + GROUP);

    const before = await emailIndexReads(em);
    const fenced = await fenceExecutionMails(em, projectId, group, GROUP);
    expect(fenced.map((f) => f.attempts)).toEqual(Array(GROUP).fill(1));
    const after = await emailIndexReads(em);
    const read = Object.fromEntries([...after].map(([name, n]) => [name, n - (before.get(name) ?? 0)]));
    // The fence looks its records up twice by key (lock, then count the attempt): 2 x GROUP at most.
    expect(read.emails_pkey, JSON.stringify(read)).toBeLessThanOrEqual(2 * GROUP);
    for (const [name, n] of Object.entries(read)) if (name !== 'emails_pkey') expect(n, `${name}: ${JSON.stringify(read)}`).toBe(0);
  });
});
