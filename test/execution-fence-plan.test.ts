import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createWorkflow } from '../core/automations/workflows.js';
import { createProject } from '../core/projects/keys.js';
import { openOrm } from '../db/orm.js';
import { createTestDatabase } from './helpers.js';

/*
 * The hand-off fence of automation mails (fence_execution_mails) runs once per group of mails
 * while a burst fills `emails` faster than anything analyzes it. It must find a group's records by
 * their primary key: planned over a table no ANALYZE has seen, `e.project_id = p_project` made
 * the planner take emails_project_message_id_idx's project prefix, i.e. every record of the
 * project, on each fence (168 index entries per mail in a burst of 2,000 sign-ups;
 * bench/RESULTS.md). Counted with the server's index statistics (pg_stat_user_indexes), flushed by
 * the fencing session itself, over 3,000 committed records of one project.
 */

const SEEDED = 3000;
const GROUP = 16;

let db: { url: string; drop: () => Promise<void> };
let client: pg.Client;
let projectId: string;
let workflowId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const orm = await openOrm(db.url, { migrate: true, poolMax: 1 });
  const em = orm.em.fork();
  projectId = (await createProject(em, 'fence plans')).project.id;
  const steps = [{ id: 'mark', type: 'UPDATE_CONTACT' as const, data: { seen: true } }];
  workflowId = (await createWorkflow(em, projectId, { name: 'seeded', enabled: true, trigger: { type: 'EVENT', eventName: 'seeded' }, steps })).id;
  await orm.close(true);
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // As in a burst: nothing analyzes the records while the fences run.
  await client.query('alter table emails set (autovacuum_enabled = false)');
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

/** `count` more contacts, each with a RUNNING execution and a QUEUED email record (committed). */
async function seed(count: number) {
  await client.query(`insert into contacts (id, project_id, email) select gen_random_uuid(), $1, 'c' || gen_random_uuid() || '@example.com' from generate_series(1, $2)`, [projectId, count]);
  await client.query(
    `insert into workflow_executions (id, project_id, workflow_id, version, contact_id, seq, status, current_step)
     select gen_random_uuid(), c.project_id, $1, 1, c.id, 1, 'RUNNING', 'mark' from contacts c
     where c.project_id = $2 and not exists (select 1 from workflow_executions x where x.contact_id = c.id)`,
    [workflowId, projectId],
  );
  await client.query(
    `insert into emails (id, project_id, contact_id, to_email, from_email, subject, html, message_id, status, dispatched_at)
     select gen_random_uuid(), x.project_id, x.contact_id, 'to@example.com', 'hi@example.com', 's', '<p>x</p>', '<' || x.id || '@example.com>', 'QUEUED', now()
     from workflow_executions x where x.workflow_id = $1 and not exists (select 1 from emails e where e.contact_id = x.contact_id)`,
    [workflowId],
  );
}

/** Index entries of `emails` read so far, by index (this session's pending counters flushed first). */
async function emailIndexReads(): Promise<Map<string, number>> {
  await client.query('select pg_stat_force_next_flush()');
  const reader = new pg.Client({ connectionString: db.url });
  await reader.connect();
  try {
    const { rows } = await reader.query<{ indexrelname: string; idx_tup_read: string }>(`select indexrelname, idx_tup_read from pg_stat_user_indexes where relname = 'emails'`);
    return new Map(rows.map((r) => [r.indexrelname, Number(r.idx_tup_read)]));
  } finally {
    await reader.end();
  }
}

describe('fence_execution_mails over a burst of email records no ANALYZE has seen', () => {
  it(`fences a group of ${GROUP} mails reading their ${GROUP} primary-key entries and no other index of emails, among ${SEEDED} records of the project`, async () => {
    await seed(10);
    await seed(SEEDED - 10);
    const { rows: group } = await client.query<{ id: string; execution_id: string }>(
      `select e.id, x.id as execution_id from emails e join workflow_executions x on x.contact_id = e.contact_id order by e.id limit $1 offset 1000`,
      [GROUP],
    );
    const before = await emailIndexReads();
    const { rows: fenced } = await client.query<{ attempts: number | null }>('select * from fence_execution_mails($1, $2::uuid[], $3::uuid[], $4)', [
      projectId, group.map((m) => m.id), group.map((m) => m.execution_id), GROUP,
    ]);
    expect(fenced.map((f) => f.attempts)).toEqual(Array(GROUP).fill(1));
    const after = await emailIndexReads();
    const read = Object.fromEntries([...after].map(([name, n]) => [name, n - (before.get(name) ?? 0)]));
    // The fence looks its records up twice by key (lock, then count the attempt): 2 x GROUP at most.
    expect(read.emails_pkey, JSON.stringify(read)).toBeLessThanOrEqual(2 * GROUP);
    for (const [name, n] of Object.entries(read)) if (name !== 'emails_pkey') expect(n, `${name}: ${JSON.stringify(read)}`).toBe(0);
  });
});
