import { describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { claimInboxPass, restartUndispatched, startBatches } from '../core/automations/dispatch.js';
import type { AutomationEngine } from '../core/automations/engine.js';
import { insertExecutions, type ExecutionBatch } from '../core/automations/executions.js';
import { markExecutions } from '../core/automations/records.js';
import { AUTOMATION_RULE_SQL, automationRuleChecksum } from '../db/automation-start-rule.js';
import { createWorkflow } from '../core/automations/workflows.js';
import { createProject } from '../core/projects/keys.js';
import { AUTOMATION_RULE_CHECKSUM } from '../db/migrations/Migration20261206110000_inbox_trigger_unsorted.js';
import { newId } from '../db/ids.js';
import type { MikroORM } from '../db/orm.js';
import { sqlRows, sqlRun } from '../db/sql.js';
import { automationBatchId, automationWorkflowId } from '../core/workflow-ids.js';
import { useMigratedPassOrm } from './helpers.js';

/*
 * The rule that turns an event into automation work is applied twice: by the trigger on `events`
 * (inbox row or not) and by the dispatcher (which workflows start, which executions wake). Both
 * call the SQL functions of db/automation-start-rule.ts. Each case below records one event and
 * checks that the trigger wrote an inbox row exactly when the dispatcher then had work for it.
 * Database only: the pass's starts and signals are returned, not sent to Temporal.
 */

let orm: MikroORM;
useMigratedPassOrm((opened) => (orm = opened));

const steps = [{ id: 'mark', type: 'UPDATE_CONTACT' as const, data: { seen: true } }];

async function contact(projectId: string, email: string): Promise<string> {
  const id = newId();
  await sqlRun(orm.em.fork(), 'insert into contacts (id, project_id, email) values (?, ?, ?)', [id, projectId, email]);
  return id;
}

async function recordEvent(e: { projectId: string; name: string; contactId: string | null; publicKey?: boolean }): Promise<string> {
  const id = newId();
  await sqlRun(orm.em.fork(), 'insert into events (id, project_id, name, contact_id, data, created_at, public_key) values (?, ?, ?, ?, ?::jsonb, now(), ?)', [
    id, e.projectId, e.name, e.contactId, '{}', e.publicKey ?? false,
  ]);
  return id;
}

describe('one rule turns an event into automation work: the trigger and the dispatcher cannot disagree', () => {
  it('for each kind of event, an inbox row is written exactly when the dispatcher starts or wakes something for it, and only the expected work', async () => {
    const em = orm.em.fork();
    const live = (await createProject(em, 'live')).project.id;
    const off = (await createProject(em, 'off')).project.id;
    await sqlRun(em, 'update projects set disabled = true where id = ?', [off]);
    const open = await createWorkflow(em, live, { name: 'open', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps });
    const guarded = await createWorkflow(em, live, { name: 'guarded', enabled: true, allowPublicKeyTrigger: false, trigger: { type: 'EVENT', eventName: 'upgrade' }, steps });
    await createWorkflow(em, live, { name: 'disabled', enabled: false, trigger: { type: 'EVENT', eventName: 'churn' }, steps });
    await createWorkflow(em, off, { name: 'in a disabled project', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps });
    const waiter = await createWorkflow(em, live, { name: 'waiter', enabled: true, trigger: { type: 'EVENT', eventName: 'never' }, steps });
    const [a, b, c] = [await contact(live, 'a@x.test'), await contact(live, 'b@x.test'), await contact(off, 'c@x.test')];
    // An execution of `a` waiting for `paid`.
    await sqlRun(em, `insert into workflow_executions (id, project_id, workflow_id, version, contact_id, seq, status, waiting_for) values (?, ?, ?, 1, ?, 1, 'WAITING', 'paid')`, [newId(), live, waiter.id, a]);

    const cases: { label: string; event: Parameters<typeof recordEvent>[0]; starts: string[]; wakes: string[] }[] = [
      { label: 'listened-for event, secret key', event: { projectId: live, name: 'signup', contactId: a }, starts: [open.id], wakes: [] },
      { label: 'listened-for event, public key, workflow allows it', event: { projectId: live, name: 'signup', contactId: b, publicKey: true }, starts: [open.id], wakes: [] },
      { label: 'public-key event, workflow refuses public-key starts', event: { projectId: live, name: 'upgrade', contactId: b, publicKey: true }, starts: [], wakes: [] },
      { label: 'secret-key event of that refusing workflow', event: { projectId: live, name: 'upgrade', contactId: b }, starts: [guarded.id], wakes: [] },
      { label: 'event of a disabled workflow', event: { projectId: live, name: 'churn', contactId: a }, starts: [], wakes: [] },
      { label: 'listened-for event in a disabled project', event: { projectId: off, name: 'signup', contactId: c }, starts: [], wakes: [] },
      { label: 'event nobody listens for', event: { projectId: live, name: 'pageview', contactId: a }, starts: [], wakes: [] },
      { label: 'event an execution of that contact waits for', event: { projectId: live, name: 'paid', contactId: a }, starts: [], wakes: [automationWorkflowId(waiter.id, a, 1)] },
      { label: 'that event for another contact', event: { projectId: live, name: 'paid', contactId: b }, starts: [], wakes: [] },
      { label: 'listened-for event without a contact', event: { projectId: live, name: 'signup', contactId: null }, starts: [], wakes: [] },
    ];
    for (const k of cases) {
      const eventId = await recordEvent(k.event);
      const inboxRows = (await sqlRows(orm.em.fork(), 'select 1 from automation_inbox where event_id = ?', [eventId])).length;
      const pass = await claimInboxPass(orm.em.fork());
      const outcome = {
        label: k.label,
        inboxRow: inboxRows === 1,
        starts: pass.starts.map((s) => s.workflowId),
        wakes: pass.signals.filter((s) => s.eventId === eventId).map((s) => s.temporalId),
      };
      expect(outcome).toEqual({ label: k.label, inboxRow: k.starts.length + k.wakes.length > 0, starts: k.starts, wakes: k.wakes });
    }
  });

  it('the functions in the database are the rule in db/automation-start-rule.ts, and a changed rule comes with a migration installing it', async () => {
    // A changed AUTOMATION_RULE_SQL without a new migration (recording its checksum) would leave
    // existing databases on the old rule: this fails until the migration exists.
    expect(automationRuleChecksum()).toBe(AUTOMATION_RULE_CHECKSUM);
    const installed = await sqlRows<{ proname: string; prosrc: string }>(
      orm.em.fork(),
      `select proname, prosrc from pg_proc where proname in ('automation_start_workflows', 'automation_waiting_executions', 'automation_inbox_on_event') order by proname`,
      [],
    );
    expect(installed.map((p) => p.proname)).toEqual(['automation_inbox_on_event', 'automation_start_workflows', 'automation_waiting_executions']);
    for (const p of installed) expect(AUTOMATION_RULE_SQL).toContain(p.prosrc.trim());
  });
});

describe('the trigger over a statement inserting many events', () => {
  it('writes inbox rows for exactly the events the rule finds work for, in the order the statement inserted them', async () => {
    const em = orm.em.fork();
    const project = (await createProject(em, 'many')).project.id;
    await createWorkflow(em, project, { name: 'joined', enabled: true, trigger: { type: 'EVENT', eventName: 'joined' }, steps });
    const [a, b] = [await contact(project, 'a@many.test'), await contact(project, 'b@many.test')];
    const events = [
      { name: 'joined', contactId: b },
      { name: 'email.sent', contactId: a },
      { name: 'joined', contactId: null },
      { name: 'joined', contactId: a },
      { name: 'email.delivered', contactId: b },
      { name: 'joined', contactId: b },
    ].map((e) => ({ ...e, id: newId() }));
    await sqlRun(em, `insert into events (id, project_id, name, contact_id, data, created_at)
      select v.id, ?, v.name, v."contactId", '{}', now() from jsonb_to_recordset(?::jsonb) as v(id uuid, name text, "contactId" uuid)`, [project, JSON.stringify(events)]);
    const inbox = await sqlRows<{ event_id: string }>(orm.em.fork(), 'select event_id from automation_inbox where project_id = ? order by id', [project]);
    expect(inbox.map((r) => r.event_id)).toEqual([events[0].id, events[3].id, events[5].id]);
    await sqlRun(em, 'delete from automation_inbox where project_id = ?', [project]); // not for the next test's dispatcher pass
  });
});

describe('one dispatcher pass, many events', () => {
  it('two events of one contact in the same pass start one execution per workflow, with or without re-entry; other contacts each get theirs', async () => {
    const em = orm.em.fork();
    const project = (await createProject(em, 'burst')).project.id;
    const once = await createWorkflow(em, project, { name: 'once', enabled: true, trigger: { type: 'EVENT', eventName: 'joined' }, steps });
    const again = await createWorkflow(em, project, { name: 'again', enabled: true, allowReentry: true, trigger: { type: 'EVENT', eventName: 'joined' }, steps });
    const [a, b] = [await contact(project, 'a@burst.test'), await contact(project, 'b@burst.test')];
    for (const c of [a, a, b]) await recordEvent({ projectId: project, name: 'joined', contactId: c });
    const pass = await claimInboxPass(orm.em.fork());
    expect(pass.done).toBe(3);
    const started = pass.starts.map((s) => `${s.workflowId === once.id ? 'once' : s.workflowId === again.id ? 'again' : '?'}:${s.contactId === a ? 'a' : 'b'}:${s.seq}`).sort();
    expect(started).toEqual(['again:a:1', 'again:b:1', 'once:a:1', 'once:b:1']);
    const rows = await sqlRows<{ n: string }>(orm.em.fork(), 'select count(*) as n from workflow_executions where project_id = ?', [project]);
    expect(Number(rows[0].n)).toBe(4);
  });
});

describe("an execution's row versions", () => {
  it('a new execution is written at its first step, and marking it RUNNING there writes no row version; a real change (WAITING) does', async () => {
    const em = orm.em.fork();
    const projectId = (await createProject(em, 'versions')).project.id;
    const wf = await createWorkflow(em, projectId, { name: 'versions', enabled: true, trigger: { type: 'EVENT', eventName: 'signup' }, steps });
    const [x] = await insertExecutions(em, [{ workflowId: wf.id, contactId: await contact(projectId, 'versions@example.com') }]);
    const version = async () => (await sqlRows<{ xmin: string; current_step: string | null; status: string }>(em, 'select xmin::text, current_step, status from workflow_executions where id = ?', [x.executionId]))[0];
    const written = await version();
    expect(written).toMatchObject({ current_step: 'mark', status: 'RUNNING' });
    await markExecutions(em, [x.executionId], { status: 'RUNNING', currentStep: 'mark' });
    expect(await version()).toEqual(written);
    await markExecutions(em, [x.executionId], { status: 'WAITING', currentStep: 'mark', waitingFor: 'later' });
    const waiting = await version();
    expect(waiting.status).toBe('WAITING');
    expect(waiting.xmin).not.toBe(written.xmin);
  });
});

describe("a batched dispatcher pass writes each execution's batch with its insert", () => {
  it('the pass updates no execution row: the rows carry the batches it answers (named after their first execution), a lone execution and an oversized graph none; a batch the re-entry rules leave one member of is none', async () => {
    const em = orm.em.fork();
    const project = (await createProject(em, 'batched pass')).project.id;
    const many = await createWorkflow(em, project, { name: 'many', enabled: true, trigger: { type: 'EVENT', eventName: 'joined' }, steps });
    const lone = await createWorkflow(em, project, { name: 'lone', enabled: true, trigger: { type: 'EVENT', eventName: 'paid' }, steps });
    const big = [{ id: 'mark', type: 'UPDATE_CONTACT' as const, data: { note: 'x'.repeat(17_000) } }];
    const oversized = await createWorkflow(em, project, { name: 'oversized', enabled: true, trigger: { type: 'EVENT', eventName: 'big' }, steps: big });
    const once = await createWorkflow(em, project, { name: 'once', enabled: true, trigger: { type: 'EVENT', eventName: 'again' }, steps });
    const [a, b, c] = [await contact(project, 'a@pass.test'), await contact(project, 'b@pass.test'), await contact(project, 'c@pass.test')];
    for (const x of [a, b, c]) await recordEvent({ projectId: project, name: 'joined', contactId: x });
    await recordEvent({ projectId: project, name: 'paid', contactId: a });
    for (const x of [a, b]) await recordEvent({ projectId: project, name: 'big', contactId: x });
    // Two `again` events of b (no re-entry): the pass plans them as a batch, the insert admits the first only.
    for (const x of [b, b]) await recordEvent({ projectId: project, name: 'again', contactId: x });

    // Read before and after, in the pass's transaction: the backend's counters also hold its earlier transactions' writes until they are flushed.
    const counters = async (tx: EntityManager) =>
      (await sqlRows<{ ins: number; upd: number }>(tx, `select n_tup_ins::int as ins, n_tup_upd::int as upd from pg_stat_xact_user_tables where relname = 'workflow_executions'`))[0];
    const { pass, writes } = await orm.em.fork().transactional(async (tx) => {
      const before = await counters(tx);
      const pass = await claimInboxPass(tx, 500, { batches: true });
      const after = await counters(tx);
      return { pass, writes: { ins: after.ins - before.ins, upd: after.upd - before.upd } };
    });
    expect(pass.done).toBe(8);
    // Inserted 7 (b's second `again` refused); the only update: b's first `again`, whose planned batch it is alone in.
    expect(writes).toEqual({ ins: 7, upd: 1 });
    expect(pass.batches).toHaveLength(1);
    const [batch] = pass.batches;
    expect(batch.workflowId).toBe(many.id);
    expect(batch.executions.map((e) => e.contactId)).toEqual([a, b, c]);
    expect(batch.batchId).toBe(automationBatchId(batch.executions[0].executionId));
    expect(pass.starts.map((s) => s.workflowId).sort()).toEqual([lone.id, oversized.id, oversized.id, once.id].sort());
    const rows = await sqlRows<{ workflow_id: string; batch_id: string | null }>(orm.em.fork(), 'select workflow_id, batch_id from workflow_executions where project_id = ? and seq = 1 and status = ? order by id', [project, 'RUNNING']);
    expect(rows).toHaveLength(7);
    for (const r of rows) expect(r.batch_id).toBe(r.workflow_id === many.id ? batch.batchId : null);
  });
});

describe("a batch's start is marked on its head alone", () => {
  /** An engine that records the starts it is asked for (a batch already started answers as a first start: Temporal refuses its id, which counts as started). */
  const recordingEngine = (workflowId: string) => {
    const batches: ExecutionBatch[] = [];
    const alone: string[] = [];
    const engine: AutomationEngine = {
      async start(e) {
        if (e.workflowId === workflowId) alone.push(e.executionId);
      },
      async startBatch(b) {
        if (b.workflowId === workflowId) batches.push(b);
      },
      async cancel() {},
      async signalEvent() {},
    };
    return { engine, batches, alone };
  };
  const counters = async (tx: EntityManager) =>
    (await sqlRows<{ ins: number; upd: number }>(tx, `select n_tup_ins::int as ins, n_tup_upd::int as upd from pg_stat_xact_user_tables where relname = 'workflow_executions'`))[0];

  it('a batched pass and its start write each execution once (insert) and the batch one update; a start that never happened is made by restartUndispatched with every execution, once', async () => {
    const em = orm.em.fork();
    const project = (await createProject(em, 'heads')).project.id;
    const wf = await createWorkflow(em, project, { name: 'heads', enabled: true, trigger: { type: 'EVENT', eventName: 'came' }, steps });
    const people = [await contact(project, 'a@heads.test'), await contact(project, 'b@heads.test'), await contact(project, 'c@heads.test')];
    for (const x of people) await recordEvent({ projectId: project, name: 'came', contactId: x });
    const { engine, batches, alone } = recordingEngine(wf.id);

    // The pass, its batch's start and its mark, in one transaction: 3 inserts, 1 update (main: 3 + 3).
    const { pass, writes } = await orm.em.fork().transactional(async (tx) => {
      const before = await counters(tx);
      const pass = await claimInboxPass(tx, 500, { batches: true });
      await startBatches(tx, engine, pass.batches);
      const after = await counters(tx);
      return { pass, writes: { ins: after.ins - before.ins, upd: after.upd - before.upd } };
    });
    expect(pass.batches.map((b) => b.executions.length)).toEqual([3]);
    expect(writes).toEqual({ ins: 3, upd: 1 });
    const undispatched = async () =>
      (await sqlRows<{ id: string }>(orm.em.fork(), 'select id from workflow_executions where workflow_id = ? and dispatched_at is null', [wf.id])).map((r) => r.id);
    expect(await undispatched()).toEqual([]);
    expect(await restartUndispatched(orm.em.fork(), engine, -60_000)).toBeGreaterThanOrEqual(0);
    expect(batches).toHaveLength(1); // nothing started again

    // A dispatcher that died between its pass's commit and the start: the batch is started later, with all three, and marked.
    for (const x of people) await recordEvent({ projectId: project, name: 'came', contactId: x });
    await sqlRun(orm.em.fork(), 'update workflows set allow_reentry = true where id = ?', [wf.id]);
    await sqlRun(orm.em.fork(), `update workflow_executions set status = 'COMPLETED' where workflow_id = ?`, [wf.id]);
    const lost = await claimInboxPass(orm.em.fork(), 500, { batches: true });
    expect(lost.batches.map((b) => b.executions.length)).toEqual([3]);
    const head = lost.batches[0].executions[0].executionId;
    expect(lost.batches[0].markIds).toEqual([head]);
    expect(await undispatched()).toEqual([head]);
    await restartUndispatched(orm.em.fork(), engine, -60_000);
    expect(batches).toHaveLength(2);
    expect(batches[1].batchId).toBe(lost.batches[0].batchId);
    expect(batches[1].executions.map((e) => e.executionId)).toEqual(lost.batches[0].executions.map((e) => e.executionId));
    expect(batches[1].executions.map((e) => e.temporalId)).toEqual(lost.batches[0].executions.map((e) => e.temporalId));
    expect(alone).toEqual([]);
    expect(await undispatched()).toEqual([]);
    await restartUndispatched(orm.em.fork(), engine, -60_000);
    expect(batches).toHaveLength(2); // started once
  });
});
