import type { EntityManager } from '@mikro-orm/postgresql';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { Email, Project } from '../db/entities/index.js';
import { sqlFirst, sqlRows } from '../db/sql.js';
import type { ActivityDeps } from './deps.js';
import { deliverBatch, type BatchFenceHold, type BatchOutcome } from './delivery/batch.js';
import { composeMessage } from './delivery/compose.js';
import type { DeliveryOutcome, FinalStatus } from './delivery/outcome.js';
import { recordSent, recordSmtpFailure } from './delivery/record.js';
import { prepareMessage } from './mailer.js';

/*
 * The SEND_EMAIL steps of a batch of automation executions (automation.activities.ts,
 * runAutomationBatch) as one source of the delivery engine's batch path (delivery/batch.ts, as
 * campaign pages use it): each step's email record (written by the step, its id on the step
 * record) composed and signed, paced in groups, handed over through the pooled SMTP connections,
 * outcomes written in batches with their `email.*` events.
 *
 * The hand-off fence of a row: in a transaction held until MAIL FROM is written, the execution
 * row share-locked while RUNNING (a cancel's update waits for it; once the cancel has answered no
 * later fence passes) and the email record QUEUED/SENDING -> SENDING, attempts + 1. A refused
 * fence leaves that row alone (refusalPerRow), not the batch. The window that remains is the
 * engine's 250-before-commit one: a worker killed after the server's 250 and before the outcome's
 * write sends that record again (same Message-ID) when the batch activity is retried.
 */

const FENCE_SQL = `
with x as (select id from workflow_executions where id = ? and status = 'RUNNING' for share)
update emails set status = 'SENDING', attempts = attempts + 1, updated_at = now()
where id = ? and status in ('QUEUED', 'SENDING') and exists (select 1 from x)
returning attempts`;

/** A mail of the batch: the email record and the execution it belongs to. */
export interface StepMail {
  emailId: string;
  executionId: string;
}

/** Holds the fence's transaction until `release` (after MAIL FROM); null when refused. */
async function executionMailFence(em: EntityManager, mail: StepMail): Promise<BatchFenceHold | null> {
  let answered!: (row: { attempts: number } | null) => void;
  let failed!: (err: unknown) => void;
  const answer = new Promise<{ attempts: number } | null>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const committed = em
    .transactional(async (tx) => {
      const row = await sqlFirst<{ attempts: number }>(tx, FENCE_SQL, [mail.executionId, mail.emailId]);
      answered(row ?? null);
      if (row) await released;
    })
    .catch((err: unknown) => failed(err)); // after the answer: the locks are gone either way
  const row = await answer;
  if (!row) {
    await committed;
    return null;
  }
  return {
    attempts: row.attempts,
    release: () => {
      release();
      return committed;
    },
  };
}

/** Writes a batch of outcomes with their events (retried: the server already took these messages). */
async function writeOutcomes(em: EntityManager, emails: Map<string, Email>, batch: BatchOutcome[]): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await em.transactional(async (tx) => {
        for (const o of batch) {
          const email = emails.get(o.id)!;
          if (o.status === 'SENT') await recordSent(tx, email, { accepted: [email.toEmail], rejected: [], response: o.response ?? '', messageId: email.messageId }, o.sentAt!);
          else if (o.status === 'FAILED' || o.status === 'BOUNCED') await recordSmtpFailure(tx, email, { permanent: true, status: o.status, code: o.code ?? undefined, message: o.error ?? o.status });
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
  const result = await deliverBatch(deps, {
    projectId,
    pacing: pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond)),
    rows: open.map((m) => ({ id: m.emailId, executionId: m.executionId })),
    compose: async (row) => prepareMessage(await composeMessage(deps.orm.em.fork(), deps.config, emails.get(row.id)!, project)),
    fence: (row) => executionMailFence(writer, { emailId: row.id, executionId: row.executionId }),
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
