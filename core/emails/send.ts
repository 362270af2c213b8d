import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Template } from '../../db/entities/index.js';
import { newId } from '../../db/ids.js';
import { sendWorkflowId } from '../workflow-ids.js';
import type { Config } from '../config.js';
import { DomainError, validationError } from '../errors.js';
import { assertKnownTemplateSyntax } from '../templates/syntax.js';
import type { SaveResponse, SendOutcome, SendRequest } from './send-request.js';
import { DELIVER_EMAILS_WORKFLOW, type DeliverEmailsWorkflow } from './delivery-workflow.js';
import { findOptedOut, upsertContact, type ContactRow } from '../contacts.js';
import { prepareContent, recipientVariables, renderContent, type PreparedContent } from '../templates/render.js';
import { assertVerifiedSender, domainOf } from '../domains/sender-domains.js';
import { findSuppressed } from '../suppressions.js';
import { getTemplate } from '../templates/templates.js';
import { listParam, sqlRun, transactionRetried } from '../../db/sql.js';
import { log } from '../log.js';
import { assertMayReceiveMarketing } from '../consent/marketing.js';
import { capExplicitMarketingSend } from '../schedule/frequency-cap.js';

export interface SendDeps {
  temporal: Client;
  config: Pick<Config, 'taskQueue'>;
}

export interface Recipient {
  email: string;
  name?: string;
}

/** `to` in any accepted form -> unique recipients in request order (addresses are already lower-cased). */
export function uniqueRecipients(to: SendRequest['to']): Recipient[] {
  const byEmail = new Map<string, Recipient>();
  for (const r of Array.isArray(to) ? to : [to]) {
    const next: Recipient = typeof r === 'string' ? { email: r } : { email: r.email, name: r.name };
    const seen = byEmail.get(next.email);
    if (!seen) byEmail.set(next.email, next);
    else if (!seen.name && next.name) seen.name = next.name;
  }
  return [...byEmail.values()];
}

export interface Sender {
  fromEmail: string;
  fromName: string | null;
  replyTo: string | null;
}

/** Request fields override the template's, one by one; no address at all is a 422. */
export function resolveSender(input: Pick<SendRequest, 'from' | 'name' | 'reply'>, template: Pick<Template, 'fromEmail' | 'fromName' | 'replyTo'> | null): Sender {
  const from = typeof input.from === 'string' ? { email: input.from, name: undefined } : input.from;
  const fromEmail = from?.email ?? template?.fromEmail ?? null;
  if (!fromEmail) {
    throw validationError(
      [{ field: 'from', message: 'is required: give `from`, or use a template that has a from address', code: 'invalid_type' }],
      'No sender address',
    );
  }
  return {
    fromEmail,
    fromName: input.name ?? from?.name ?? template?.fromName ?? null,
    replyTo: input.reply ?? template?.replyTo ?? null,
  };
}

/** 422 RECIPIENT_SUPPRESSED naming the suppressed addresses (also for campaign test sends). */
export async function assertNotSuppressed(em: EntityManager, projectId: string, emails: string[]) {
  const suppressed = await findSuppressed(em, projectId, emails);
  if (suppressed.length === 0) return;
  const list = suppressed.map((s) => `${s.email} (${s.reason.toLowerCase().replace(/_/g, ' ')})`).join(', ');
  // The hint is in the message itself: the alternate error shape of /v1/send has no `suggestion`.
  throw new DomainError(
    'RECIPIENT_SUPPRESSED',
    `Suppressed recipients, nothing was sent: ${list}. Remove them from the request, or, if they should receive mail again, ` +
      `DELETE /suppressions/{email} (e.g. DELETE /suppressions/${encodeURIComponent(suppressed[0].email)}).`,
  );
}

/** One multi-row insert; headers and attachments are sent once and copied per row by PostgreSQL. */
/** The multi-row insert of email records; `dispatched`: already owned by a delivery (no sweeper pick-up), written by the insert itself. */
const insertEmailsSql = (dispatched: boolean) => `
insert into emails (id, project_id, contact_id, template_id, to_email, to_name, from_email, from_name, reply_to, subject, html, text_body,
                    headers, attachments, marketing, message_id, status, attempts, created_at, updated_at${dispatched ? ', dispatched_at' : ''})
select r.id, ?, r.contact_id, ?, r.to_email, r.to_name, ?, ?, ?, r.subject, r.html, r.text_body,
       ?::jsonb, ?::jsonb, ?, r.message_id, 'QUEUED', 0, now(), now()${dispatched ? ', now()' : ''}
from jsonb_to_recordset(?::jsonb) as r(id uuid, contact_id uuid, to_email text, to_name text, subject text, html text, text_body text, message_id text)`;
const INSERT_EMAILS_SQL = insertEmailsSql(false);
const INSERT_DISPATCHED_EMAILS_SQL = insertEmailsSql(true);

/**
 * The multi-row insert of email records, with bound parameters (also used by campaign test sends).
 * `dispatched`: the records are marked dispatched by the insert (an automation step's: its
 * execution delivers them), instead of by markDispatched's update after it.
 */
export const insertEmails = (tx: EntityManager, params: unknown[], opts: { dispatched?: boolean } = {}) =>
  sqlRun(tx, opts.dispatched ? INSERT_DISPATCHED_EMAILS_SQL : INSERT_EMAILS_SQL, params);

interface EmailRow {
  id: string;
  contact_id: string;
  to_email: string;
  /** The request's display name for the recipient, for the To: header. */
  to_name: string | null;
  subject: string;
  html: string;
  text_body: string;
  message_id: string;
}

/** Per recipient: the contact's data under the request's, rendered into subject, HTML and text. */
function buildRows(contacts: ContactRow[], names: (string | undefined)[], prepared: PreparedContent, data: Record<string, unknown> | undefined, fromDomain: string): EmailRow[] {
  return contacts.map((contact, i) => {
    const id = newId();
    const rendered = renderContent(prepared, recipientVariables(contact, data));
    return {
      id,
      contact_id: contact.id,
      to_email: contact.email,
      to_name: names[i] ?? null,
      subject: rendered.subject,
      html: rendered.html,
      text_body: rendered.text,
      // Deterministic, so a retried delivery sends the same Message-ID.
      message_id: `<${id}@${fromDomain}>`,
    };
  });
}

/**
 * A MARKETING campaign's test send never goes to a contact that opted out (unsubscribe link,
 * complaint, `subscribed` turned off): the whole send is refused, like for a suppressed address.
 * (/v1/send applies the whole consent rule: assertMayReceiveMarketing, core/consent/marketing.ts.)
 */
export async function assertNotOptedOut(em: EntityManager, projectId: string, emails: string[]) {
  const optedOut = await findOptedOut(em, projectId, emails);
  if (optedOut.length === 0) return;
  throw new DomainError(
    'RECIPIENT_UNSUBSCRIBED',
    `Recipients who unsubscribed from marketing mail, nothing was sent: ${optedOut.join(', ')}. ` +
      'Remove them from the request or use a TRANSACTIONAL template; if they subscribe again (PATCH /contacts/{id} {"subscribed": true}), marketing mail reaches them again.',
  );
}

/**
 * POST /v1/send: checks (template, sender domain, suppressions, marketing consent), then in one
 * transaction upserts the contacts, writes one QUEUED email record per recipient, takes marketing
 * mail's frequency-cap slots and saves the idempotent response; after the commit starts the delivery workflow. Temporal being down does not fail the send:
 * the rows stay QUEUED and the delivery sweeper picks them up.
 */
export async function sendEmails(
  em: EntityManager,
  deps: SendDeps,
  projectId: string,
  input: SendRequest,
  save: SaveResponse = async () => {},
): Promise<SendOutcome> {
  const recipients = uniqueRecipients(input.to);
  const template = input.template ? await getTemplate(em, projectId, input.template) : null;
  const sender = resolveSender(input, template);
  await assertVerifiedSender(em, projectId, sender.fromEmail).catch((err) => {
    // The alternate error shape of /v1/send has no `suggestion` field: carry the hint in the message.
    throw err instanceof DomainError && err.suggestion ? new DomainError(err.code, `${err.message}. ${err.suggestion}`) : err;
  });
  await assertNotSuppressed(em, projectId, recipients.map((r) => r.email));
  const marketing = template?.type === 'MARKETING';
  if (marketing) await assertMayReceiveMarketing(em, projectId, recipients.map((r) => r.email), input.subscribed === true);

  // A template stored before the syntax rule is named as such.
  assertKnownTemplateSyntax({
    [input.subject !== undefined ? 'subject' : 'template.subject']: input.subject ?? template!.subject,
    [input.body !== undefined ? 'body' : 'template.body']: input.body ?? template!.body,
  });
  // `type` describes the request's body; a template's body is HTML.
  const prepared = prepareContent({
    subject: input.subject ?? template!.subject,
    body: input.body ?? template!.body,
    type: input.body !== undefined ? input.type : 'html',
  });

  // Run again if PostgreSQL aborts it as a deadlock victim: contacts are upserted in address order,
  // but a new subscription's event takes a row of the event-name counter between two upserts, so
  // two sends to overlapping recipients can still lock in opposite orders.
  const { response, emailIds } = await transactionRetried(em, async (tx) => {
    // Upsert in address order so concurrent sends to overlapping recipients rarely wait on each other.
    const byEmail = new Map<string, ContactRow>();
    // `subscribed: true` subscribes a contact that never opted out (an opt-out stays: keepOptOut);
    // false (the default) only applies to new contacts: a send never takes marketing consent away
    // (clients pass `subscribed: false` routinely, as Plunk's do). An
    // opt-in it makes records `contact.subscribed` (data.source "send"). A recipient's `name` fills
    // the contact's data.name only when it has none: a display name on one message never overwrites
    // what the contact's own data says (PATCH /contacts changes it).
    const subscribed = input.subscribed === true ? true : undefined;
    for (const r of [...recipients].sort((a, b) => (a.email < b.email ? -1 : 1))) {
      const { contact } = await upsertContact(
        tx,
        projectId,
        { email: r.email, subscribed, data: r.name ? { name: r.name } : undefined },
        { defaultSubscribed: false, subscriptionEvent: 'send', dataMode: 'add', keepOptOut: true },
      );
      byEmail.set(r.email, contact);
    }
    const contacts = recipients.map((r) => byEmail.get(r.email)!);
    const rows = buildRows(contacts, recipients.map((r) => r.name), prepared, input.data, domainOf(sender.fromEmail));
    await insertEmails(tx, [
      projectId,
      template?.id ?? null,
      sender.fromEmail,
      sender.fromName,
      sender.replyTo,
      JSON.stringify(input.headers ?? {}),
      JSON.stringify(input.attachments ?? []),
      marketing,
      JSON.stringify(rows),
    ]);
    // Marketing mail counts toward the frequency cap; over it, the transaction rolls back.
    if (marketing) await capExplicitMarketingSend(tx, projectId, rows.map((r) => ({ emailId: r.id, contactId: r.contact_id, email: r.to_email })));
    const response: SendOutcome = {
      emails: rows.map((row, i) => ({ contact: { id: contacts[i].id, email: contacts[i].email }, email: row.id })),
      timestamp: new Date().toISOString(),
    };
    await save(tx, 200, response);
    return { response, emailIds: rows.map((r) => r.id) };
  });

  await startDelivery(deps, em, projectId, emailIds);
  return response;
}

/**
 * Starts `deliverEmailsWorkflow` and marks the rows dispatched; a failure is logged, not thrown
 * (the sweeper delivers QUEUED rows never dispatched).
 */
export async function startDelivery(deps: SendDeps, em: EntityManager, projectId: string, emailIds: string[]): Promise<void> {
  try {
    await deps.temporal.withDeadline(Date.now() + 5_000, () =>
      deps.temporal.workflow.start<DeliverEmailsWorkflow>(DELIVER_EMAILS_WORKFLOW, {
        taskQueue: deps.config.taskQueue,
        workflowId: sendWorkflowId(emailIds[0]),
        args: [{ projectId, emailIds }],
      }),
    );
  } catch (err) {
    log.warn({ workflowId: sendWorkflowId(emailIds[0]), emails: emailIds.length, error: (err as Error).message }, 'delivery workflow not started: the emails stay QUEUED for the sweeper');
    return;
  }
  // Not marked (the database failed just now): the sweeper may start a second workflow for these
  // rows later, which cannot send twice (deliverEmail locks each row around its send).
  await markDispatched(em, emailIds).catch((err: Error) => log.warn({ emails: emailIds.length, error: err.message }, 'emails not marked dispatched'));
}

/** The rows have a delivery workflow now: the sweeper leaves them to it (worker/sweeper.ts). */
export async function markDispatched(em: EntityManager, emailIds: string[]): Promise<void> {
  if (emailIds.length === 0) return;
  await sqlRun(em, `update emails set dispatched_at = now() where id = ${listParam('uuid')}`, [JSON.stringify(emailIds)]);
}
