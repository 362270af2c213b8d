import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors.js';
import { prepareContent, recipientVariables, renderContent } from '../templates/render.js';
import { insertEmails, markDispatched, resolveSender } from '../emails/send.js';
import { marketingRefusal } from '../consent/marketing.js';
import { assertVerifiedSender, domainOf } from '../domains/sender-domains.js';
import { findSuppressed } from '../suppressions.js';
import { getTemplate } from '../templates/templates.js';
import { newId } from '../../db/ids.js';
import type { StepOf } from './definition.js';
import { marketingSendDecisionFor } from '../schedule/marketing-decision.js';

export type EmailPrepared = { emailId: string } | { skipped: string } | { failed: string } | { waitUntil: Date; reason: string };

/*
 * SEND_EMAIL, first half: whether the contact may get it (suppression; for a MARKETING template
 * sent to the contact, core/consent/marketing.ts), then the message rendered for the contact (its
 * data, `{{event.<path>}}` from the triggering event) as one QUEUED email record written by the
 * insert /v1/send uses; the step's activity then delivers it through the delivery engine (pacing,
 * DKIM, suppression re-check, exactly-once per record). The record is marked dispatched: it belongs
 * to this execution, not to the sweeper.
 */
export async function prepareStepEmail(
  tx: EntityManager,
  input: { projectId: string; contact: { id: string; email: string; data: Record<string, unknown>; subscribed: boolean; unsubscribedAt: Date | null }; step: StepOf<'SEND_EMAIL'>; eventData: Record<string, unknown> },
): Promise<EmailPrepared> {
  const { projectId, contact, step } = input;
  const template = step.templateId ? await getTemplate(tx, projectId, step.templateId).catch(() => null) : null;
  if (step.templateId && !template) return { failed: `Template ${step.templateId} no longer exists` };
  const to = step.to ?? contact.email;
  if ((await findSuppressed(tx, projectId, [to])).length > 0) return { skipped: `${to} is on the suppression list` };
  const refusal = template?.type === 'MARKETING' && step.to === undefined ? marketingRefusal(contact) : null;
  if (refusal) return { skipped: refusal };
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
  const row = {
    id, contact_id: step.to === undefined ? contact.id : null, to_email: to, to_name: null,
    subject: rendered.subject, html: rendered.html, text_body: rendered.text, message_id: `<${id}@${domainOf(sender.fromEmail)}>`,
  };
  await insertEmails(tx, [projectId, template?.id ?? null, sender.fromEmail, sender.fromName, sender.replyTo, '{}', '[]', template?.type === 'MARKETING', JSON.stringify([row])]);
  await markDispatched(tx, [id]);
  return { emailId: id };
}
