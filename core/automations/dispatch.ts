import type { EntityManager } from '@mikro-orm/postgresql';
import { automationWorkflowId } from '../../workflows/ids.js';
import type { AutomationEngine } from './engine.js';
import { insertExecution, type NewExecution } from './executions.js';

interface InboxRow {
  id: string;
  event_id: string;
  project_id: string;
  contact_id: string;
  name: string;
  data: Record<string, unknown>;
}

/** Temporal calls in flight at once per pass. */
const CONCURRENCY = 16;

async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
}

/*
 * One pass over the automation inbox (rows written by the trigger on `events`, see the migration):
 * for each event, one execution per enabled workflow listening for it (re-entry rules in
 * insertExecution), and a signal to every execution of that contact waiting for it. Rows are
 * locked with SKIP LOCKED, so the dispatchers of several workers split the work, and deleted in
 * the same transaction as the executions are inserted: a failed Temporal call rolls the pass
 * back and the next pass retries it (starts are idempotent by workflow id). Returns the rows done.
 */
export async function drainAutomationInbox(em: EntityManager, engine: AutomationEngine, limit = 200): Promise<number> {
  return em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const trx = tx.getTransactionContext();
    const rows = await conn.execute<InboxRow[]>('select * from automation_inbox order by id limit ? for update skip locked', [limit], 'all', trx);
    if (rows.length === 0) return 0;
    const keys = JSON.stringify(rows.map((r) => ({ project_id: r.project_id, contact_id: r.contact_id, name: r.name })));
    const [listeners, waiting] = await Promise.all([
      conn.execute<{ id: string; project_id: string; trigger_event: string }[]>(
        `select w.id, w.project_id, w.trigger_event from workflows w join projects p on p.id = w.project_id and not p.disabled
         where w.enabled and (w.project_id, w.trigger_event) in (select distinct k.project_id, k.name from jsonb_to_recordset(?::jsonb) as k(project_id uuid, contact_id uuid, name text))
         order by w.id`,
        [keys], 'all', trx,
      ),
      conn.execute<{ workflow_id: string; contact_id: string; seq: number; waiting_for: string; project_id: string }[]>(
        `select x.workflow_id, x.contact_id, x.seq, x.waiting_for, x.project_id from workflow_executions x
         where x.status = 'WAITING' and (x.project_id, x.contact_id, x.waiting_for) in
           (select distinct k.project_id, k.contact_id, k.name from jsonb_to_recordset(?::jsonb) as k(project_id uuid, contact_id uuid, name text))`,
        [keys], 'all', trx,
      ),
    ]);
    const starts: NewExecution[] = [];
    const signals: { temporalId: string; name: string; eventId: string }[] = [];
    for (const row of rows) {
      for (const w of listeners) {
        if (w.project_id !== row.project_id || w.trigger_event !== row.name) continue;
        const e = await insertExecution(tx, { workflowId: w.id, contactId: row.contact_id, eventId: row.event_id, data: row.data });
        if (e) starts.push(e);
      }
      for (const x of waiting) {
        if (x.project_id === row.project_id && x.contact_id === row.contact_id && x.waiting_for === row.name) {
          signals.push({ temporalId: automationWorkflowId(x.workflow_id, x.contact_id, x.seq), name: row.name, eventId: row.event_id });
        }
      }
    }
    await conn.execute('delete from automation_inbox where id in (select jsonb_array_elements_text(?::jsonb)::bigint)', [JSON.stringify(rows.map((r) => r.id))], 'run', trx);
    await eachLimited(starts, (e) => engine.start(e));
    await eachLimited(signals, (s) => engine.signalEvent(s.temporalId, { name: s.name, eventId: s.eventId }));
    return rows.length;
  });
}
