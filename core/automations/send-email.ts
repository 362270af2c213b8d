import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors.js';
import { prepareContent, recipientVariables, renderContent } from '../templates/render.js';
import { insertEmails, resolveSender } from '../emails/send.js';
import { marketingRefusal } from '../consent/marketing.js';
import { assertVerifiedSender, domainOf } from '../domains/sender-domains.js';
import { findSuppressed } from '../suppressions.js';
import { normalizeEmail } from '../contacts.js';
import { templateContent, type TemplateContent } from '../templates/templates.js';
import { newId, uuidString } from '../../db/ids.js';
import type { StepOf } from './definition.js';
import { marketingSendDecisionFor } from '../schedule/marketing-decision.js';
import type { Email } from '../../db/entities/index.js';
import { createHash } from 'node:crypto';

/**
 * The email record id of a batch's SEND_EMAIL step: a function of (execution, position in the run),
 * so an attempt of the batch that finds the record already written (an earlier attempt committed it
 * and died before the step's outcome) finds it by this id and sends it, never a second one, without
 * a step record written before the mail only to keep its id (issue 20: the step record is written
 * once, with the outcome). UUIDv7-shaped: the execution's milliseconds (its id is a UUIDv7), then
 * bits of a SHA-256 of the pair.
 */
export function stepEmailId(executionId: string, idx: number): string {
  const hash = createHash('sha256').update(`${executionId}:${idx}`).digest();
  const b = Buffer.from(executionId.replace(/-/g, '').slice(0, 12) + hash.subarray(0, 10).toString('hex'), 'hex');
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  return uuidString(b);
}

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
  const template = step.templateId ? await templateContent(tx, projectId, step.templateId) : null;
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
  await insertStepEmails(tx, projectId, step, template, sender, [stepEmailRow(id, step, sender, prepareStepContent(step, template), contact, input.eventData)]);
  return { emailId: id };
}

type Template = TemplateContent;
type Sender = ReturnType<typeof resolveSender>;
type StepContact = { id: string; email: string; data: Record<string, unknown> };

const prepareStepContent = (step: StepOf<'SEND_EMAIL'>, template: Template | null) =>
  prepareContent({ subject: step.subject ?? template!.subject, body: step.body ?? template!.body, type: 'html' });

/** The record's row (insertEmails' recordset): the message rendered for the contact and the triggering event. */
function stepEmailRow(id: string, step: StepOf<'SEND_EMAIL'>, sender: Sender, prepared: ReturnType<typeof prepareContent>, contact: StepContact, eventData: Record<string, unknown>) {
  const rendered = renderContent(prepared, recipientVariables(contact, { event: eventData }));
  return {
    id, contact_id: step.to === undefined ? contact.id : null, to_email: step.to ?? contact.email, to_name: null,
    subject: rendered.subject, html: rendered.html, text_body: rendered.text, message_id: `<${id}@${domainOf(sender.fromEmail)}>`,
  };
}

/** The records written by the insert /v1/send uses, dispatched by that insert: they belong to their executions, not to the sweeper. */
async function insertStepEmails(tx: EntityManager, projectId: string, step: StepOf<'SEND_EMAIL'>, template: Template | null, sender: Sender, rows: ReturnType<typeof stepEmailRow>[]): Promise<StepEmailRecord[]> {
  const marketing = template?.type === 'MARKETING';
  await insertEmails(tx, [projectId, template?.id ?? null, sender.fromEmail, sender.fromName, sender.replyTo, '{}', '[]', marketing, JSON.stringify(rows)], { dispatched: true });
  return rows.map((r) => ({
    id: r.id, messageId: r.message_id, fromEmail: sender.fromEmail, fromName: sender.fromName ?? null, replyTo: sender.replyTo ?? null, toEmail: r.to_email, toName: r.to_name,
    subject: r.subject, html: r.html, textBody: r.text_body ?? null, headers: {}, attachments: [], marketing,
  }));
}

/**
 * A step's email record as written (what composing its message needs): the batch that wrote it
 * delivers it without reading it back (issue 20: the read of every rendered body and its ORM
 * entity was a share of an automation mail's worker CPU that a campaign's mail does not pay).
 */
export type StepEmailRecord = Pick<Email, 'id' | 'messageId' | 'fromEmail' | 'subject' | 'html' | 'headers' | 'attachments' | 'marketing' | 'toEmail'> &
  Required<Pick<Email, 'fromName' | 'replyTo' | 'toName' | 'textBody'>>;

type StepEmailsInput = { projectId: string; step: StepOf<'SEND_EMAIL'>; members: { key: string; emailId?: string; contact: StepContact; eventData: Record<string, unknown> }[] };

/**
 * prepareStepEmail for many contacts at one step (an automation batch's round), at once: the
 * template, the sender's check and the suppression list read once, the records written by one
 * insert. The plain case only: a MARKETING mail to the contact (consent, quiet hours, the frequency
 * cap), a template gone or a sender refused answer null, and a suppressed address is left out of
 * the answer: the caller prepares those one by one (prepareStepEmail), which records why.
 * Answers each prepared member's record as written (StepEmailRecord) by its key; a member's
 * `emailId` is its record's id (a batch's: stepEmailId), a new one without.
 */
export async function prepareStepRecordsAtOnce(tx: EntityManager, input: StepEmailsInput): Promise<Map<string, StepEmailRecord> | null> {
  const { projectId, step, members } = input;
  if (members.length === 0) return new Map();
  const template = step.templateId ? await templateContent(tx, projectId, step.templateId) : null;
  if (step.templateId && !template) return null;
  if (template?.type === 'MARKETING' && step.to === undefined) return null;
  let sender: Sender;
  try {
    sender = resolveSender({ from: step.from }, template);
    await assertVerifiedSender(tx, projectId, sender.fromEmail);
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
  const toOf = (m: (typeof members)[number]) => step.to ?? m.contact.email;
  const suppressed = new Set((await findSuppressed(tx, projectId, [...new Set(members.map(toOf))])).map((x) => x.email));
  const prepared = prepareStepContent(step, template);
  const keys: string[] = [];
  const rows = members
    .filter((m) => !suppressed.has(normalizeEmail(toOf(m))))
    .map((m) => {
      keys.push(m.key);
      return stepEmailRow(m.emailId ?? newId(), step, sender, prepared, m.contact, m.eventData);
    });
  if (rows.length === 0) return new Map();
  const records = await insertStepEmails(tx, projectId, step, template, sender, rows);
  return new Map(records.map((r, i) => [keys[i], r]));
}
