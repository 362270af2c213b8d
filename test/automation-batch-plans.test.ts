import { describe, expect, it } from 'vitest';
import { insertExecutions, markDispatched } from '../core/automations/executions.js';
import { failExecutions, finishExecutions, loadContexts, markExecutions } from '../core/automations/records.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { createProject } from '../core/projects/keys.js';
import type { MikroORM } from '../db/orm.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows, sqlRun } from '../db/sql.js';
import { useMigratedPassOrm } from './helpers.js';
import { fenceExecutionMails, seedExecutionMails } from './support/execution-mails.js';

/*
 * An automation burst writes its executions, contacts and email records into young tables that
 * are not analyzed while it runs. The statements of a batch (and each hand-off fence) name a few
 * of those rows: they must find them through their primary keys, not read the whole table (a
 * Sequential Scan, or every email record of the project: the fence did that on every group of
 * mails, so a burst's database work grew with its square; bench/RESULTS.md, auto-pg). Counted
 * with the transaction's own table statistics (pg_stat_xact_user_tables): rows read by scans and
 * rows fetched through indexes, over 3,000 seeded rows per table.
 */

let orm: MikroORM;
useMigratedPassOrm((opened) => (orm = opened));

const SEEDED = 3000;
const TABLES = ['workflow_executions', 'contacts', 'emails'];

const counters = (tx: EntityManager) =>
  sqlRows<{ relname: string; seq_tup_read: string; idx_tup_fetch: string }>(
    tx,
    `select relname, seq_tup_read, coalesce(idx_tup_fetch, 0) as idx_tup_fetch from pg_stat_xact_user_tables where relname in (select unnest(?::text[]))`,
    [TABLES],
  );
const rowsRead = (rows: Awaited<ReturnType<typeof counters>>, t: string) => rows.filter((r) => r.relname === t).reduce((n, r) => n + Number(r.seq_tup_read) + Number(r.idx_tup_fetch), 0);

describe('the statements of an automation batch over young, unanalyzed tables', () => {
  it('markExecutions, finishExecutions, failExecutions, loadContexts, markDispatched, insertExecutions and the fence of two mails read under 100 rows of each table, among 3,000 seeded', async () => {
    const em = orm.em.fork();
    const projectId = (await createProject(em, 'plans')).project.id;
    const steps = [{ id: 'mark', type: 'UPDATE_CONTACT' as const, data: { seen: true } }];
    const seeded = await createWorkflow(em, projectId, { name: 'seeded', enabled: true, trigger: { type: 'EVENT', eventName: 'seeded' }, steps });
    // One connection, one transaction: the fence's plan is made (and kept by the session, as a
    // worker's pooled connection keeps it) while the burst's tables are small, then they grow.
    // The rows stay uncommitted, so nothing analyzes them meanwhile. The backend's counters not yet
    // reported may include earlier statements: what the statements under test read is a difference.
    const read = await em.transactional(async (tx) => {
      const early = await seedExecutionMails(tx, projectId, seeded.id, 10);
      for (let i = 0; i < 8; i++) await fenceExecutionMails(tx, projectId, early.slice(0, 2), 0);
      const mails = await seedExecutionMails(tx, projectId, seeded.id, SEEDED);
      expect(mails).toHaveLength(SEEDED);
      const two = mails.slice(1000, 1002);
      const executionIds = two.map((m) => m.execution_id);
      await sqlRun(tx, `insert into contacts (id, project_id, email) values (gen_random_uuid(), ?, 'new1@example.com'), (gen_random_uuid(), ?, 'new2@example.com')`, [projectId, projectId]);
      const contacts = await sqlRows<{ id: string }>(tx, `select id from contacts where project_id = ? and email like 'new%'`, [projectId]);

      const before = await counters(tx);
      await markExecutions(tx, executionIds, { status: 'RUNNING', currentStep: 'next' });
      await loadContexts(tx, executionIds);
      await markDispatched(tx, executionIds);
      expect((await fenceExecutionMails(tx, projectId, two, 2)).map((f) => f.attempts)).toEqual([1, 1]);
      await finishExecutions(tx, [{ executionId: executionIds[0], status: 'COMPLETED', reason: null }]);
      await failExecutions(tx, [executionIds[1]], 'test');
      expect(await insertExecutions(tx, contacts.map((c) => ({ workflowId: seeded.id, contactId: c.id })))).toHaveLength(2);
      const after = await counters(tx);
      return Object.fromEntries(TABLES.map((t) => [t, rowsRead(after, t) - rowsRead(before, t)]));
    });
    for (const t of TABLES) expect(read[t], `${t}: ${JSON.stringify(read)}`).toBeLessThan(100);
  });
});
