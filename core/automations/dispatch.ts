import type { EntityManager } from '@mikro-orm/postgresql';
import { automationWorkflowId } from '../workflow-ids.js';
import type { AutomationEngine } from './engine.js';
import { insertExecution, markDispatched, type NewExecution } from './executions.js';
import { publicKeyStartGuard } from './start-policy.js';
import { sqlRows, sqlRun } from '../../db/sql.js';

interface InboxRow {
  id: string;
  event_id: string;
  project_id: string;
  contact_id: string;
  name: string;
  data: Record<string, unknown>;
}

/** Temporal calls in flight at once per pass. */
const CONCURRENCY = 32;

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
 * the transaction that inserts the executions. The Temporal workflows start after the commit (so
 * their first activity finds the row); one that fails to start stays undispatched and is started
 * again by a later pass (starts are idempotent by workflow id). Returns the inbox rows done.
 */
export async function drainAutomationInbox(em: EntityManager, engine: AutomationEngine, limit = 200): Promise<number> {
  const { done, starts, signals } = await em.transactional(async (tx) => {
    const rows = await sqlRows<InboxRow>(tx, 'select * from automation_inbox order by id limit ? for update skip locked', [limit]);
    const starts: NewExecution[] = [];
    const signals: { temporalId: string; name: string; eventId: string }[] = [];
    if (rows.length === 0) return { done: 0, starts, signals };
    const keys = JSON.stringify(rows.map((r) => ({ project_id: r.project_id, contact_id: r.contact_id, name: r.name })));
    const [listeners, waiting] = await Promise.all([
      sqlRows<{ id: string; project_id: string; trigger_event: string }>(
        tx,
        `select w.id, w.project_id, w.trigger_event from workflows w join projects p on p.id = w.project_id and not p.disabled
         where w.enabled and (w.project_id, w.trigger_event) in (select distinct k.project_id, k.name from jsonb_to_recordset(?::jsonb) as k(project_id uuid, contact_id uuid, name text))
         order by w.id`,
        [keys],
      ),
      sqlRows<{ workflow_id: string; contact_id: string; seq: number; waiting_for: string; project_id: string }>(
        tx,
        `select x.workflow_id, x.contact_id, x.seq, x.waiting_for, x.project_id from workflow_executions x
         where x.status = 'WAITING' and (x.project_id, x.contact_id, x.waiting_for) in
           (select distinct k.project_id, k.contact_id, k.name from jsonb_to_recordset(?::jsonb) as k(project_id uuid, contact_id uuid, name text))`,
        [keys],
      ),
    ]);
    // Workflows with allowPublicKeyTrigger false do not start from public-key events (start-policy.ts).
    const mayStart = await publicKeyStartGuard(tx, rows.map((r) => r.event_id));
    for (const row of rows) {
      for (const w of listeners) {
        if (w.project_id !== row.project_id || w.trigger_event !== row.name) continue;
        if (!mayStart(w.id, row.event_id)) continue;
        const e = await insertExecution(tx, { workflowId: w.id, contactId: row.contact_id, eventId: row.event_id, data: row.data });
        if (e) starts.push(e);
      }
      for (const x of waiting) {
        if (x.project_id === row.project_id && x.contact_id === row.contact_id && x.waiting_for === row.name) {
          signals.push({ temporalId: automationWorkflowId(x.workflow_id, x.contact_id, x.seq), name: row.name, eventId: row.event_id });
        }
      }
    }
    await sqlRun(tx, 'delete from automation_inbox where id in (select jsonb_array_elements_text(?::jsonb)::bigint)', [JSON.stringify(rows.map((r) => r.id))]);
    return { done: rows.length, starts, signals };
  });
  await startAll(em, engine, starts);
  // A signal that fails is lost with the pass, not the event: the wait ends by its timeout, finds
  // the event recorded (records.ts, awaitedEventSince) and takes the event branch all the same.
  await eachLimited(signals, (s) => engine.signalEvent(s.temporalId, { name: s.name, eventId: s.eventId }).catch(() => {}));
  return done;
}

async function startAll(em: EntityManager, engine: AutomationEngine, starts: NewExecution[]) {
  const started: string[] = [];
  let failure: unknown;
  await eachLimited(starts, (e) => engine.start(e).then(() => void started.push(e.executionId), (err) => void (failure ??= err)));
  await markDispatched(em, started);
  if (failure) throw failure;
}

/**
 * Executions whose Temporal start failed or never happened (the dispatcher died between its
 * commit and the start): started again once they are `olderThanMs` old.
 */
export async function restartUndispatched(em: EntityManager, engine: AutomationEngine, olderThanMs = 30_000, limit = 100): Promise<number> {
  const rows = await sqlRows<Record<string, any>>(
    em,
    `select x.id, x.project_id, x.workflow_id, x.contact_id, x.seq, c.email from workflow_executions x left join contacts c on c.id = x.contact_id
     where x.dispatched_at is null and x.started_at < now() - (? * interval '1 millisecond') order by x.started_at limit ?`,
    [olderThanMs, limit],
  );
  await startAll(
    em,
    engine,
    rows.map((r) => ({
      executionId: r.id, projectId: r.project_id, workflowId: r.workflow_id, contactId: r.contact_id, contactEmail: r.email ?? '', seq: r.seq,
      temporalId: automationWorkflowId(r.workflow_id, r.contact_id, r.seq),
    })),
  );
  return rows.length;
}
