import { whyNotToSend } from '../../core/emails/deliverable.js';
import { pacingFor, sendRateOf } from '../../core/pacing.js';
import { Email, Project } from '../../db/entities/index.js';
import type { ActivityDeps } from '../deps.js';
import { limiter } from '../../core/concurrency.js';
import { withHeartbeat } from '../lib/heartbeat.js';
import { prepareMessage } from '../mailer.js';
import { composeMessage } from './compose.js';
import type { DeliveryOutcome } from './outcome.js';
import { admitStart, reserveSlot } from './pace.js';
import { recordFailed, startAttempt } from './record.js';
import { sendAndRecord, type SendFence } from './send.js';

/** Deliveries preparing at once in this process (steps 1-3): a burst of new ones cannot starve sends that are due. */
const PREPARE_CONCURRENCY = 2;
/**
 * Step-5 transactions at once in this process: as many as the SMTP pool has connections
 * (SMTP_MAX_CONNECTIONS), so a transaction rarely waits for one (the start is admitted only once it
 * has one in hand). Each holds a pooled database connection and, to be admitted, briefly needs a
 * second one: kept fewer than the database pool's connections, so they can never all wait for
 * each other. (On the embedded database a send holds no transaction: send.ts.)
 */
export function sendsInFlight(deps: Pick<ActivityDeps, 'config' | 'orm'>): number {
  const { smtpMaxConnections, embeddedDatabase } = deps.config;
  const dbConnections = deps.orm.config.get('pool')?.max;
  if (embeddedDatabase || !dbConnections) return smtpMaxConnections;
  return Math.max(1, Math.min(smtpMaxConnections, dbConnections - 1));
}

export type DeliveryEngine = ReturnType<typeof createDeliveryEngine>;

/*
 * The delivery engine of one worker process. Every message goes through the same stages:
 * eligibility (core/emails/deliverable.ts) -> render -> compose -> DKIM-sign -> admit (pacing,
 * with an SMTP connection in hand, then the sender's fence) -> hand off -> record the outcome and
 * its `email.*` events. Two entry points differ only in where the messages come from and where
 * their outcomes are counted:
 *  - `deliver` here: one email record, whoever queued it (/v1/send's workflow, the sweeper's, an
 *    automation SEND_EMAIL step, a campaign test send), with the process's shared limits
 *    (preparing, sends in flight = SMTP pool connections) and the project's shared pacing
 *    (delivery/pace.ts); its record and events are written in the send's transaction (record.ts);
 *  - `deliverBatch` (delivery/batch.ts): many rows of one activity (a campaign page,
 *    activities/campaign-sender.ts), composed into one MIME skeleton (delivery/mime.ts), paced in
 *    groups, outcomes written by the source in batches.
 *
 * At most once per record as far as this service can know. The admission into the project's
 * sliding window is the rate guarantee, so it sits right before the SMTP call, with a ready
 * connection in hand: little can happen between the two to bunch sends up. (On the embedded
 * database, where a second connection would wait for the send transaction, it comes just before
 * it instead.) The window that remains: the server answers 250 and the process dies (or loses the
 * database) before the SENT commit. The retry then sends again with the same Message-ID, which
 * receiving systems use to drop duplicates.
 */
export function createDeliveryEngine(deps: ActivityDeps) {
  const preparing = limiter(PREPARE_CONCURRENCY);
  const sending = limiter(sendsInFlight(deps));

  /** Every retry used up (or timed out): the record becomes FAILED unless it already got a final status. */
  async function markFailed(emailId: string, error: string): Promise<DeliveryOutcome> {
    return deps.orm.em.fork().transactional((tx) => recordFailed(tx, emailId, error));
  }

  /**
   * One email record: attempt, re-check, compose and sign, pace, send and record (heartbeating
   * throughout). `fence`: the sender's last check, in the send's transaction (send.ts).
   */
  async function deliver(emailId: string, opts: { fence?: SendFence } = {}): Promise<DeliveryOutcome> {
    return withHeartbeat(async () => {
      const em = deps.orm.em.fork();
      const prepared = await preparing.run(async () => {
        // 1. Start the attempt: QUEUED/SENDING -> SENDING (a record already final returns at once).
        const final = await startAttempt(em, emailId);
        if (final) return { final };
        // 2. Still to be sent? (suppressed or unsubscribed meanwhile -> FAILED)
        const email = await em.findOneOrFail(Email, { id: emailId }, { populate: ['attachments'] as never });
        const refused = await whyNotToSend(em, email);
        if (refused) return { final: await markFailed(emailId, refused) };
        // 3. Compose: tracking, list headers, DKIM key; a signed message is composed and signed
        // now, so that nothing but the SMTP transaction lies between its admission and MAIL FROM.
        const project = await em.findOneOrFail(Project, { id: email.projectId });
        return { email, project, message: await prepareMessage(await composeMessage(em, deps.config, email, project)) };
      });
      if (prepared.final) return prepared.final;
      const { email, project, message } = prepared as Required<typeof prepared>;
      // 4. Pace: reserve a slot in the project's shared bucket and sleep until it.
      const pacing = pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond));
      await reserveSlot(em, project.id, pacing);
      const admitted = deps.config.embeddedDatabase ? await admitStart(em, project.id, pacing) : undefined;
      // 5. Lock the row, be admitted by the sliding window, send, record SENT and its events; one transaction.
      return sending.run(() => sendAndRecord(deps, em, email, message, async () => admitted ?? admitStart(em, project.id, pacing), opts.fence));
    });
  }

  return { deliver, markFailed };
}
