import type { EntityManager } from '@mikro-orm/postgresql';
import { Context } from '@temporalio/activity';
import { admitGroup, pacingFor, sendRateOf, type FencedRow, type GroupAdmission, type Pacing } from '../core/pacing.js';
import { Email } from '../db/entities/index.js';
import { projectSettings } from '../core/projects/projects.js';
import { preparedStatement, sqlHeldRows, sqlRows } from '../db/sql.js';
import type { ActivityDeps } from './deps.js';
import { deliverShared, type BatchOutcome, type RunSource, type Submission, type Submitter } from './delivery/batch.js';
import { batchComposer, messageOf, type MessageRecord } from './delivery/compose.js';
import type { DeliveryOutcome, FinalStatus } from './delivery/outcome.js';
import { recordEmailOutcomes, withEventIds } from '../core/emails/outcomes.js';
import { retrying } from './lib/retry.js';
import { IDS_PARAM } from '../core/automations/records.js';

/*
 * The SEND_EMAIL steps of a batch of automation executions (automation.activities.ts,
 * runAutomationBatch) as submissions to the delivery engine's shared run (delivery/batch.ts,
 * deliverShared): every batch activity of a project delivering at once in this worker feeds one
 * run, so their mails are paced, admitted and fenced in groups and their outcomes written in
 * batches together, as a campaign page's rows are, instead of each small batch paying its own round
 * trips. Each step's email record (written by the step, its id stepEmailId(execution, position)) composed and
 * signed by its batch, handed over through the pooled SMTP connections, outcomes written with
 * their `email.*` events.
 *
 * Admission and hand-off fence for the mails whose connections are in hand together
 * (core/pacing.ts, admitGroup): the project's pacing window's starts claimed in a short transaction
 * of their own, then the fence for as many (fence_execution_mails, Migration20261201100000) in a
 * transaction held until their MAIL FROMs are written: each execution row share-locked while
 * RUNNING (a cancel's update waits for it; once the cancel has answered no later fence passes), the
 * email record QUEUED/SENDING -> SENDING with attempts + 1. A refused fence leaves that mail alone
 * (refusalPerRow), not the others. The window that remains is the engine's 250-before-commit one: a
 * worker killed after the server's 250 and before the outcome's write sends that record again (same
 * Message-ID) when the batch activity is retried.
 */

/** Its commit does not wait for the disk, as the campaign's fence (core/campaigns/recipients.ts, FENCE, says why). */
const FENCE = preparedStatement(
  'mailhub_fence_execution_mails_v1',
  `select email_id as id, attempts, set_config('synchronous_commit', 'off', true) as commit_mode
   from fence_execution_mails(?, ?::uuid[], ?::uuid[], ?)`,
);

/** A mail of the batch: the email record and the execution it belongs to. */
export interface StepMail {
  emailId: string;
  executionId: string;
  /** The record as this attempt just wrote it (QUEUED), when it did: composed from this instead of read back. */
  record?: MessageRecord;
}

/**
 * The window's starts and the fence of a group of mails (see above), the fence held (db/sql.ts,
 * sqlHeldRows, as the campaign's) until `release` after the group's MAIL FROMs, or undone by
 * `rollback`; the mails not admitted `waiting`; a mail in neither is refused.
 */
export async function admitExecutionMails(em: EntityManager, projectId: string, pacing: Pacing, mails: StepMail[], late?: (startMs: number) => boolean): Promise<GroupAdmission> {
  const emailIds = mails.map((m) => m.emailId);
  return admitGroup(em, projectId, pacing, emailIds, (admitted) => sqlHeldRows<FencedRow>(em, FENCE, [projectId, emailIds, mails.map((m) => m.executionId), admitted]), late);
}

/** The part of the shared run every batch of the project uses: pacing, admission and fence, outcome writes. */
export function executionMailSource(deps: Pick<ActivityDeps, 'orm'>, projectId: string, pacing: Pacing): RunSource<StepMailRow> {
  // Admissions and outcome writes on a fork of their own: their transactions carry no loaded entities.
  const writer = deps.orm.em.fork();
  return {
    projectId,
    pacing,
    admitGroup: (group, late) => admitExecutionMails(writer, projectId, pacing, group.map((row) => ({ emailId: row.id, executionId: row.executionId })), late),
    refusal: async () => undefined,
    refusalPerRow: true,
    record: (batch) => writeOutcomes(writer, batch),
  };
}

/** A mail as a row of the run: its email record's id, and its execution. */
export interface StepMailRow {
  id: string;
  executionId: string;
}

/** The key of a project's shared run: its pacing too, so a changed rate starts a run of its own. */
const runKey = (projectId: string, pacing: Pacing) => `automation-mails:${projectId}:${pacing.maxStarts}:${pacing.windowMs}`;

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
 * A batch activity's mails as its submission to the shared run: the records still open (a retried
 * batch does not hand over those already final), composed into one skeleton per From and Reply-To
 * with one DKIM lookup per From address; and the project's pacing. A record this attempt wrote
 * (`record`: QUEUED since its commit, nothing else sends an execution's record) is composed as
 * written; only the others (an earlier attempt's, one prepared alone) are read back.
 */
export async function stepMailSubmission(deps: Pick<ActivityDeps, 'orm' | 'config'>, projectId: string, mails: StepMail[]): Promise<{ pacing: Pacing; submission: Submission<StepMailRow> }> {
  const em = deps.orm.em.fork();
  const toLoad = mails.filter((m) => !m.record).map((m) => m.emailId);
  const loaded = toLoad.length ? await em.find(Email, { id: { $in: toLoad } }, { populate: ['attachments'] as never }) : [];
  const emails = new Map<string, MessageRecord>(loaded.filter((e) => e.status === 'QUEUED' || e.status === 'SENDING').map((e) => [e.id, e]));
  for (const m of mails) if (m.record) emails.set(m.emailId, m.record);
  const project = { settings: await projectSettings(em, projectId) };
  // A retried batch: records already final are not handed over again.
  const open = mails.filter((m) => emails.has(m.emailId));
  // One skeleton per From and Reply-To, one DKIM lookup per From address, for the whole batch; the
  // keys looked up before the first hand-off (one that cannot be decrypted fails the activity).
  const composer = batchComposer(em, deps.config, projectId);
  await Promise.all([...new Set(open.map((m) => emails.get(m.emailId)!.fromEmail))].map((from) => composer.signingKey(from)));
  return {
    pacing: pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond)),
    submission: {
      rows: open.map((m): StepMailRow => ({ id: m.emailId, executionId: m.executionId })),
      compose: (row) => composer.prepare(messageOf(emails.get(row.id)!, project, deps.config)),
    },
  };
}

/**
 * The batch activity as a submitter that leaves heartbeats to its caller: runAutomationBatch beats
 * every 3 s all along (withHeartbeat, heartbeat timeout 15 s), so the run's own beat every second
 * per submission only added calls. A burst keeps dozens of batch activities waiting in the shared
 * run at once, and each heartbeat call goes through the SDK's pipeline (payload encoding, the core
 * bridge): 4.5 % of a worker's busy time in a 3,000 sign-up burst (bench/RESULTS.md, auto-prod).
 * Cancellation still comes in with the remaining heartbeats' answers.
 */
export const quietSubmitter = (ctx: Submitter): Submitter => ({ heartbeat: () => {}, cancellationSignal: ctx.cancellationSignal });

/**
 * Delivers the mails of one project through the worker's shared run (see above) and answers each record's outcome now: a final
 * status, or null when it was left unsent (its fence refused: the execution was cancelled; or
 * transient failures: its own workflow retries it).
 */
export async function deliverStepMails(deps: ActivityDeps, projectId: string, mails: StepMail[]): Promise<Map<string, DeliveryOutcome | null>> {
  const ids = mails.map((m) => m.emailId);
  const { pacing, submission } = await stepMailSubmission(deps, projectId, mails);
  const result = await deliverShared(deps, runKey(projectId, pacing), () => executionMailSource(deps, projectId, pacing), quietSubmitter(Context.current()), submission);
  if (result.stop === 'CANCELLED') throw new Error('The batch activity was cancelled');
  const states = await sqlRows<{ id: string; status: string; error: string | null }>(
    deps.orm.em.fork(),
    `select id, status, error from emails where id = ${IDS_PARAM}`,
    [JSON.stringify(ids)],
  );
  const final = new Set(['SENT', 'FAILED', 'BOUNCED']);
  const byId = new Map(states.map((s) => [s.id, s]));
  return new Map(
    ids.map((id) => {
      const s = byId.get(id);
      return [id, s && final.has(s.status) ? { emailId: id, status: s.status as FinalStatus, error: s.error } : null];
    }),
  );
}
