import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../db/ids.js';
import { assertNotOptedOut, assertNotSuppressed, insertEmails, startDelivery, type SendDeps } from '../emails/send.js';
import { prepareContent, recipientVariables, renderContent } from '../templates/render.js';
import { assertVerifiedSender, domainOf } from '../domains/sender-domains.js';
import { getCampaign } from './campaigns.js';
import { sqlRows } from '../../db/sql.js';

/**
 * POST /campaigns/{id}/test: one ordinary email record per address (subject `[TEST] ...`,
 * rendered with the contact's data when the address is a contact), delivered by the /v1/send
 * path (DKIM, pacing, tracking). No campaign id on the records: test sends never reach the stats.
 * No contact is created for an address that is not one. Refused as /v1/send refuses: a suppressed
 * address is a 422 RECIPIENT_SUPPRESSED, and for a MARKETING campaign a contact who opted out a 422
 * RECIPIENT_UNSUBSCRIBED (nothing is sent). At most TEST_SEND_MAX_RECIPIENTS addresses per call;
 * the mails count in the project's send rate like any other (the delivery's pacing).
 */
/** Addresses one POST /campaigns/{id}/test may name. */
export const TEST_SEND_MAX_RECIPIENTS = 5;

export async function sendCampaignTest(em: EntityManager, deps: SendDeps, projectId: string, id: string, emails: string[]) {
  const c = await getCampaign(em, projectId, id);
  await assertVerifiedSender(em, projectId, c.fromEmail);
  const unique = [...new Set(emails)];
  await assertNotSuppressed(em, projectId, unique);
  if (c.type === 'MARKETING') await assertNotOptedOut(em, projectId, unique);
  const contacts = await sqlRows<{ id: string; email: string; data: Record<string, unknown> }>(
    em,
    'select id, email, data from contacts where project_id = ? and email in (select jsonb_array_elements_text(?::jsonb))',
    [projectId, JSON.stringify(unique)],
  );
  const byEmail = new Map(contacts.map((x) => [x.email, x]));
  const prepared = prepareContent({ subject: `[TEST] ${c.subject}`, body: c.body, type: 'html' });
  const rows = unique.map((email) => {
    const contact = byEmail.get(email);
    const rendered = renderContent(prepared, recipientVariables(contact ?? { id: '', email, data: {} }));
    const rowId = newId();
    return {
      id: rowId,
      contact_id: contact?.id ?? null,
      to_email: email,
      subject: rendered.subject,
      html: rendered.html,
      text_body: rendered.text,
      message_id: `<${rowId}@${domainOf(c.fromEmail)}>`,
    };
  });
  await insertEmails(em, [projectId, null, c.fromEmail, c.fromName ?? null, c.replyTo ?? null, '{}', '[]', c.type === 'MARKETING', JSON.stringify(rows)]);
  await startDelivery(deps, em, projectId, rows.map((r) => r.id));
  return { emails: rows.map((r) => ({ email: r.to_email, id: r.id })) };
}
