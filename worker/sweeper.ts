import type { MikroORM } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { markDispatched } from '../core/emails/send.js';
import { DELIVER_EMAILS_WORKFLOW, type DeliverEmailsWorkflow } from '../core/emails/delivery-workflow.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { sqlRows } from '../db/sql.js';
import { log } from '../core/log.js';

export interface SweeperOptions {
  orm: MikroORM;
  client: Client;
  taskQueue: string;
  /** A row QUEUED this long and never dispatched has no delivery workflow (API crashed, Temporal was down). */
  olderThanMs?: number;
  intervalMs?: number;
  limit?: number;
  log?: (message: string) => void;
}

const SELECT_STRANDED_SQL = `
select id, project_id from emails
where status = 'QUEUED' and dispatched_at is null and campaign_id is null and created_at < now() - (? * interval '1 millisecond')
order by created_at
limit ?
for update skip locked`;

/**
 * One pass: starts `deliverEmailsWorkflow` for each stranded QUEUED row (workflow id
 * `sendWorkflowId(emailId)`, one email each). Rows are locked with SKIP LOCKED while their
 * workflows start, so concurrent sweepers (one per worker process) split the work. A workflow
 * that already runs under that id is fine; a duplicate of an API workflow that is merely slow
 * cannot send twice either (deliverEmail locks the row around the send). Campaign rows belong to
 * their campaign workflow and are left alone. Returns how many workflows it started.
 */
export async function sweepQueuedEmails(opts: SweeperOptions): Promise<number> {
  const { orm, client, taskQueue } = opts;
  return orm.em.fork().transactional(async (tx) => {
    const rows = await sqlRows<{ id: string; project_id: string }>(tx, SELECT_STRANDED_SQL, [opts.olderThanMs ?? 60_000, opts.limit ?? 100]);
    let started = 0;
    for (const row of rows) {
      try {
        await client.workflow.start<DeliverEmailsWorkflow>(DELIVER_EMAILS_WORKFLOW, {
          taskQueue,
          workflowId: sendWorkflowId(row.id),
          args: [{ projectId: row.project_id, emailIds: [row.id] }],
        });
        started++;
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }
    // Dispatched now: the next passes leave them to their workflows, however long they wait their turn.
    await markDispatched(tx, rows.map((r) => r.id));
    return started;
  });
}

/** Sweeps every `intervalMs` (30 s) until stopped; a failed pass (Temporal down) is logged and retried next time. */
export function startSweeper(opts: SweeperOptions): { stop(): Promise<void> } {
  const warn = opts.log ?? ((m: string) => log.warn(m));
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return; // the previous pass is still going
    running = sweepQueuedEmails(opts)
      .then((n) => n > 0 && warn(`[sweeper] started delivery of ${n} stranded QUEUED email(s)`))
      .catch((e) => warn(`[sweeper] pass failed: ${(e as Error).message}`))
      .finally(() => (running = undefined));
  }, opts.intervalMs ?? 30_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
