import type { EntityManager } from '@mikro-orm/postgresql';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { Email, Project } from '../db/entities/index.js';
import { preparedStatement, sqlHeldRows, sqlRows } from '../db/sql.js';
import type { ActivityDeps } from './deps.js';
import { deliverBatch, type BatchGroupFenceHold, type BatchOutcome } from './delivery/batch.js';
import { batchComposer, messageOf } from './delivery/compose.js';
import type { DeliveryOutcome, FinalStatus } from './delivery/outcome.js';
import { recordEmailOutcomes, withEventIds } from '../core/emails/outcomes.js';
import { retrying } from './lib/retry.js';

/*
 * The SEND_EMAIL steps of a batch of automation executions (automation.activities.ts,
 * runAutomationBatch) as one source of the delivery engine's batch path (delivery/batch.ts, as
 * campaign pages use it): each step's email record (written by the step, its id on the step
 * record) composed and signed, paced in groups, handed over through the pooled SMTP connections,
 * outcomes written in batches with their `email.*` events.
 *
 * The hand-off fence, one statement for the mails whose connections are in hand together (a group,
 * delivery/batch.ts groupedFence), in a transaction held until their MAIL FROMs are written: each
 * execution row share-locked while RUNNING (a cancel's update waits for it; once the cancel has
 * answered no later fence passes) and the email record QUEUED/SENDING -> SENDING, attempts + 1. A refused
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

/**
 * Writes a batch of outcomes with their events in one statement (core/emails/outcomes.ts; retried:
 * the server already took these messages). Event ids fixed once, so every try writes the same
 * ones (UUIDv7: sent before delivered).
 */
async function writeOutcomes(em: EntityManager, batch: BatchOutcome[]): Promise<void> {
  const outcomes = withEventIds(batch.flatMap((o) => (o.status === 'SENT' || o.status === 'FAILED' || o.status === 'BOUNCED' ? [{ ...o, status: o.status }] : [])));
  await retrying(() => recordEmailOutcomes(em, outcomes));
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
  // One skeleton per From and Reply-To, one DKIM lookup per From address, for the whole batch; the
  // keys looked up before the first hand-off (one that cannot be decrypted fails the activity).
  const composer = batchComposer(em, deps.config, projectId);
  await Promise.all([...new Set(open.map((m) => emails.get(m.emailId)!.fromEmail))].map((from) => composer.signingKey(from)));
  const result = await deliverBatch(deps, {
    projectId,
    pacing: pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond)),
    rows: open.map((m) => ({ id: m.emailId, executionId: m.executionId })),
    compose: (row) => composer.prepare(messageOf(emails.get(row.id)!, project, deps.config)),
    fenceGroup: (group) => executionMailFences(writer, group.map((row) => ({ emailId: row.id, executionId: row.executionId }))),
    refusal: async () => undefined,
    refusalPerRow: true,
    record: (batch) => writeOutcomes(writer, batch),
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
