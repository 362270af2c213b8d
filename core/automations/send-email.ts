import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors.js';
import { prepareContent, recipientVariables, renderContent } from '../templates/render.js';
import { resolveSender } from '../emails/send.js';
import { assertVerifiedSender, domainOf } from '../domains/sender-domains.js';
import { findSuppressed } from '../suppressions.js';
import { getTemplate } from '../templates/templates.js';
import { newId } from '../../db/ids.js';
import type { StepOf } from './definition.js';
import { sqlRun } from '../../db/sql.js';
import { marketingSendDecisionFor } from '../schedule/marketing-decision.js';

export type EmailPrepared = { emailId: string } | { skipped: string } | { failed: string } | { waitUntil: Date; reason: string };

/*
 * SEND_EMAIL, first half: renders the message for the contact (its data, `{{event.<path>}}` from
 * the triggering event) and writes one QUEUED email record; the workflow then delivers it with the
 * delivery activity of /v1/send (pacing, DKIM, suppression re-check, exactly-once per record). The
 * record is marked dispatched: it belongs to this execution, not to the sweeper.
 */
export async function prepareStepEmail(
  tx: EntityManager,
  input: { projectId: string; contact: { id: string; email: string; data: Record<string, unknown>; unsubscribedAt: Date | null }; step: StepOf<'SEND_EMAIL'>; eventData: Record<string, unknown> },
): Promise<EmailPrepared> {
  const { projectId, contact, step } = input;
  const template = step.templateId ? await getTemplate(tx, projectId, step.templateId).catch(() => null) : null;
  if (step.templateId && !template) return { failed: `Template ${step.templateId} no longer exists` };
  const to = step.to ?? contact.email;
  if ((await findSuppressed(tx, projectId, [to])).length > 0) return { skipped: `${to} is on the suppression list` };
  if (template?.type === 'MARKETING' && step.to === undefined && contact.unsubscribedAt) return { skipped: 'The contact unsubscribed from marketing mail' };
  let sender;
  try {
    sender = resolveSender({ from: step.from }, template);
    await assertVerifiedSender(tx, projectId, sender.fromEmail);
  } catch (err) {
    if (err instanceof DomainError) return { failed: err.message };
    throw err;
  }
  const id = newId();
  // Quiet hours and the frequency cap (MARKETING mail to the contact itself): wait, or skip for good.
  if (template?.type === 'MARKETING' && step.to === undefined) {
    const d = await marketingSendDecisionFor(tx, projectId, contact.id, `email:${id}`);
    if (d.decision === 'wait') return { waitUntil: d.until, reason: d.reason };
    if (d.decision === 'capped') return { skipped: `${d.reason}: the contact already got the most marketing mails the frequency cap allows` };
  }
  const prepared = prepareContent({ subject: step.subject ?? template!.subject, body: step.body ?? template!.body, type: 'html' });
  const rendered = renderContent(prepared, recipientVariables(contact, { event: input.eventData }));
  await sqlRun(
    tx,
    `insert into emails (id, project_id, contact_id, template_id, to_email, from_email, from_name, reply_to, subject, html, text_body,
                         headers, attachments, marketing, message_id, status, attempts, dispatched_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}'::jsonb, '[]'::jsonb, ?, ?, 'QUEUED', 0, now(), now(), now())`,
    [
      id, projectId, step.to === undefined ? contact.id : null, template?.id ?? null, to, sender.fromEmail, sender.fromName, sender.replyTo,
      rendered.subject, rendered.html, rendered.text, template?.type === 'MARKETING', `<${id}@${domainOf(sender.fromEmail)}>`,
    ],
  );
  return { emailId: id };
}
