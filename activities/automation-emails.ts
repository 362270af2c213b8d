import type { EntityManager } from '@mikro-orm/postgresql';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { Email, Project } from '../db/entities/index.js';
import { preparedStatement, sqlHeldRows, sqlRows } from '../db/sql.js';
import type { ActivityDeps } from './deps.js';
import { deliverBatch, type BatchGroupFenceHold, type BatchOutcome } from './delivery/batch.js';
import { batchComposer, messageOf } from './delivery/compose.js';
import type { DeliveryOutcome, FinalStatus } from './delivery/outcome.js';
import { recordSmtpFailure } from './delivery/record.js';
import { markSentMany } from '../core/emails/status.js';
import { newId } from '../db/ids.js';

/*
 * The SEND_EMAIL steps of a batch of automation executions (automation.activities.ts,
 * runAutomationBatch) as one source of the delivery engine's batch path (delivery/batch.ts, as
 * campaign pages use it): each step's email record (written by the step, its id on the step
 * record) composed and signed, paced in groups, handed over through the pooled SMTP connections,
 * outcomes written in batches with their `email.*` events.
 *
 * The hand-off fence, one statement for the mails whose connections are in hand together (a group,
 * delivery/batch.ts groupedFence; the groups of all batches of the process at once: sharedFences), in a transaction held until their MAIL FROMs are written: each
 * execution row share-locked while RUNNING (a cancel's update waits for it; once the cancel has answered no
 * later fence passes) and the email record QUEUED/SENDING -> SENDING, attempts + 1. A refused
 * fence leaves that row alone (refusalPerRow), not the batch. The window that remains is the
 * engine's 250-before-commit one: a worker killed after the server's 250 and before the outcome's
 * write sends that record again (same Message-ID) when the batch activity is retried.
 */

/** The fence of a group of mails (see above) in one statement: executions share-locked in id order, the records' attempts counted. */
const FENCES = preparedStatement('mailhub_execution_mail_fences_v1', `
with v as (select * from jsonb_to_recordset(?::jsonb) as v(email_id uuid, execution_id uuid)),
x as (select x.id from workflow_executions x where x.id in (select execution_id from v) and x.status = 'RUNNING' order by x.id for share)
update emails e set status = 'SENDING', attempts = e.attempts + 1, updated_at = now()
from v where e.id = v.email_id and e.status in ('QUEUED', 'SENDING') and v.execution_id in (select id from x)
returning e.id, e.attempts`);

/** A mail of the batch: the email record and the execution it belongs to. */
export interface StepMail {
  emailId: string;
  executionId: string;
}

/** Holds the group's fence (db/sql.ts, sqlHeldRows, as the campaign's) until `release` (after the group's MAIL FROMs); a mail missing from `attempts` is refused. */
async function executionMailFences(em: EntityManager, mails: StepMail[]): Promise<BatchGroupFenceHold> {
  const held = await sqlHeldRows<{ id: string; attempts: number }>(em, FENCES, [JSON.stringify(mails.map((m) => ({ email_id: m.emailId, execution_id: m.executionId })))]);
  // After the answer a failed commit changes nothing for the hand-off: the locks are gone either way.
  const release = () => held.commit().catch(() => {});
  if (held.rows.length === 0) await release();
  return { attempts: new Map(held.rows.map((r) => [r.id, r.attempts])), release };
}

/** Most mails one fence statement takes for the batches of the process. */
const SHARED_FENCE_MAX = 64;

/**
 * The fence groups of every batch delivering in this process at once, merged: the groups asked
 * for in the same turn of the event loop, or while a statement is in flight, go together in the
 * next statement (whole groups, up to SHARED_FENCE_MAX mails). The batches share the worker's SMTP
 * connections, so the mails whose connections are in hand together come from many batches: one
 * statement and one held transaction for all of them instead of one per batch. The transaction is
 * held until every group of it has released its hold (their MAIL FROMs are written). A group is
 * never split over two statements: a group's hold then depends on its own statement only (split,
 * a held statement would wait for a group waiting for the next statement, which needs a database
 * connection: with the outbox mailer's unbounded hand-offs the pool ran out and the batches hung).
 */
function sharedFences(em: EntityManager): (mails: StepMail[]) => Promise<BatchGroupFenceHold> {
  const waiting: { mails: StepMail[]; resolve: (h: BatchGroupFenceHold) => void; reject: (e: unknown) => void }[] = [];
  let busy = false;
  let scheduled = false;
  const take = async () => {
    scheduled = false;
    if (busy || waiting.length === 0) return;
    busy = true;
    const groups = [waiting.shift()!];
    let size = groups[0].mails.length;
    while (waiting.length > 0 && size + waiting[0].mails.length <= SHARED_FENCE_MAX) {
      size += waiting[0].mails.length;
      groups.push(waiting.shift()!);
    }
    try {
      const held = await executionMailFences(em, groups.flatMap((g) => g.mails));
      const answers = groups.map((g) => new Map(g.mails.flatMap((m) => (held.attempts.has(m.emailId) ? [[m.emailId, held.attempts.get(m.emailId)!] as const] : []))));
      // A group none of whose mails passed never releases (delivery/batch.ts, groupedFence): not waited for.
      let open = answers.filter((a) => a.size > 0).length;
      let committed: Promise<void> | undefined;
      const releaseOne = () => {
        if (--open === 0) committed = held.release();
        return committed ?? Promise.resolve();
      };
      groups.forEach((g, i) => {
        let released: Promise<void> | undefined;
        g.resolve({ attempts: answers[i], release: () => (released ??= releaseOne()) });
      });
    } catch (err) {
      for (const g of groups) g.reject(err);
    } finally {
      busy = false;
      schedule();
    }
  };
  const schedule = () => {
    if (scheduled || busy || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => void take());
  };
  return (mails) =>
    new Promise((resolve, reject) => {
      waiting.push({ mails, resolve, reject });
      schedule();
    });
}

/** The process's shared fences, one per ORM (the worker's). */
const fencesOf = new WeakMap<object, (mails: StepMail[]) => Promise<BatchGroupFenceHold>>();
function processFences(deps: ActivityDeps) {
  let fences = fencesOf.get(deps.orm);
  if (!fences) fencesOf.set(deps.orm, (fences = sharedFences(deps.orm.em.fork())));
  return fences;
}

/**
 * Writes a batch of outcomes with their events (retried: the server already took these messages):
 * the SENT ones in one statement (markSentMany), a refusal through the engine's per-record path.
 */
async function writeOutcomes(em: EntityManager, emails: Map<string, Email>, batch: BatchOutcome[]): Promise<void> {
  // Event ids fixed once, so a retried write gives the same ones (UUIDv7: sent before delivered).
  const sent = batch.filter((o) => o.status === 'SENT').map((o) => ({ id: o.id, sentAt: o.sentAt!, response: o.response ?? '', eventIds: [newId(), newId()] as [string, string] }));
  for (let i = 1; ; i++) {
    try {
      await em.transactional(async (tx) => {
        await markSentMany(tx, sent);
        for (const o of batch) {
          if (o.status === 'FAILED' || o.status === 'BOUNCED') await recordSmtpFailure(tx, emails.get(o.id)!, { permanent: true, status: o.status, code: o.code ?? undefined, message: o.error ?? o.status });
        }
      });
      return;
    } catch (err) {
      if (i >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * 2 ** i));
    }
  }
}

/**
 * Delivers the mails of one project (see above) and answers each record's outcome now: a final
 * status, or null when it was left unsent (its fence refused: the execution was cancelled; or
 * transient failures: its own workflow retries it).
 */
export async function deliverStepMails(deps: ActivityDeps, projectId: string, mails: StepMail[]): Promise<Map<string, DeliveryOutcome | null>> {
  const em = deps.orm.em.fork();
  const ids = mails.map((m) => m.emailId);
  const loaded = await em.find(Email, { id: { $in: ids } }, { populate: ['attachments'] as never });
  const emails = new Map(loaded.map((e) => [e.id, e]));
  const project = await em.findOneOrFail(Project, { id: projectId });
  // A retried batch: records already final are not handed over again.
  const open = mails.filter((m) => {
    const e = emails.get(m.emailId);
    return e && (e.status === 'QUEUED' || e.status === 'SENDING');
  });
  const writer = deps.orm.em.fork();
  const fences = processFences(deps);
  // One skeleton per From and Reply-To, one DKIM lookup per From address, for the whole batch; the
  // keys looked up before the first hand-off (one that cannot be decrypted fails the activity).
  const composer = batchComposer(em, deps.config, projectId);
  await Promise.all([...new Set(open.map((m) => emails.get(m.emailId)!.fromEmail))].map((from) => composer.signingKey(from)));
  const result = await deliverBatch(deps, {
    projectId,
    pacing: pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond)),
    rows: open.map((m) => ({ id: m.emailId, executionId: m.executionId })),
    compose: (row) => composer.prepare(messageOf(emails.get(row.id)!, project, deps.config)),
    fenceGroup: (group) => fences(group.map((row) => ({ emailId: row.id, executionId: row.executionId }))),
    refusal: async () => undefined,
    refusalPerRow: true,
    record: (batch) => writeOutcomes(writer, emails, batch),
  });
  if (result.stop === 'CANCELLED') throw new Error('The batch activity was cancelled');
  const states = await sqlRows<{ id: string; status: string; error: string | null }>(
    em,
    'select id, status, error from emails where id in (select jsonb_array_elements_text(?::jsonb)::uuid)',
    [JSON.stringify(ids)],
  );
  const final = new Set(['SENT', 'FAILED', 'BOUNCED']);
  return new Map(
    ids.map((id) => {
      const s = states.find((x) => x.id === id);
      return [id, s && final.has(s.status) ? { emailId: id, status: s.status as FinalStatus, error: s.error } : null];
    }),
  );
}
