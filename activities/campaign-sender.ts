import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign, Project } from '../db/entities/index.js';
import { admitHandOffs, fenceRefusal, recordOutcomes, type RecipientRow } from '../core/campaigns/recipients.js';
import { undeliverable } from '../core/emails/deliverable.js';
import { withEventIds } from '../core/emails/outcomes.js';
import { pacingFor, sendRateOf } from '../core/pacing.js';
import { capCampaignRows, releaseUnsentCampaignSlots } from '../core/schedule/frequency-cap.js';
import { timingSettings } from '../core/schedule/settings.js';
import { prepareContent, recipientVariables, renderContent } from '../core/templates/render.js';
import { decorateForDelivery } from '../core/tracking/links.js';
import { listParam, sqlRows } from '../db/sql.js';
import type { ActivityDeps } from './deps.js';
import { deliverBatch, type BatchOutcome, type BatchResult } from './delivery/batch.js';
import { batchComposer, returnPathFor } from './delivery/compose.js';
import { retrying } from './lib/retry.js';
import type { OutgoingMessage } from './mailer.js';

export { FLUSH_ROWS } from './delivery/batch.js';

/*
 * A campaign page as a source of the delivery engine (delivery/batch.ts): its claimed recipient
 * rows, minus the ones that must not get it (found at send time: SKIPPED, or CAPPED by the
 * project's frequency cap); each row's message rendered from the frozen campaign and the contact
 * and composed into the campaign's MIME skeleton; the row's start in the project's pacing window,
 * then its hand-off fence, once for the rows whose connections are in hand together
 * (core/campaigns/recipients.ts, admitHandOffs: the campaign still SENDING at the epoch
 * this attempt started with, the row still QUEUED and claimed by this attempt; held until MAIL
 * FROM is written); and its outcomes counted on the campaign (recordOutcomes: rows, counters and
 * events in one statement, the events as every sender's: core/emails/outcomes.ts).
 * Never twice: a row is sent only while QUEUED and claimed by this attempt, and a retry skips rows
 * already final.
 */

export type SenderResult = BatchResult;

const SKIPPED_BECAUSE = {
  SUPPRESSED: 'Skipped: the address is on the suppression list',
  OPTED_OUT: 'Skipped: the contact unsubscribed from marketing mail',
} as const;
const CAPPED_BECAUSE = 'Capped: the contact already got the most marketing mails the frequency cap allows';

/** The rows to send, and the outcomes of the others (suppressed, opted out, over the frequency cap). */
async function eligibleRows(em: EntityManager, campaign: Campaign, project: Project, rows: RecipientRow[]) {
  const marketing = campaign.type === 'MARKETING';
  const refused = await undeliverable(em, campaign.projectId, rows.map((r) => r.toEmail), marketing);
  const settled: BatchOutcome[] = [];
  const open: RecipientRow[] = [];
  for (const r of rows) {
    const why = refused.get(r.toEmail);
    if (why) settled.push({ id: r.id, status: 'SKIPPED', error: SKIPPED_BECAUSE[why] });
    else open.push(r);
  }
  // The project's frequency cap (MARKETING only): rows over it are CAPPED, never sent later.
  const capped = await capCampaignRows(em, campaign, timingSettings(project.settings).frequencyCap, open);
  for (const r of open) if (capped.has(r.id)) settled.push({ id: r.id, status: 'CAPPED', error: CAPPED_BECAUSE });
  return { todo: open.filter((r) => !capped.has(r.id)), settled };
}

/** Composes a row's message: rendered and decorated per contact, into the skeleton shared by the page (delivery/compose.ts, batchComposer), then signed. */
async function campaignComposer(deps: ActivityDeps, em: EntityManager, campaign: Campaign, project: Project, rows: RecipientRow[]) {
  const contacts = await contactsById(em, rows.map((r) => r.contactId));
  const content = prepareContent({ subject: campaign.subject, body: campaign.body, type: 'html' });
  const composer = batchComposer(em, deps.config, campaign.projectId);
  // Looked up before the first row: a key that cannot be decrypted fails the page before any hand-off.
  await composer.signingKey(campaign.fromEmail);
  const from = { name: campaign.fromName, address: campaign.fromEmail };
  const marketing = campaign.type === 'MARKETING';

  // Not async itself: the composer's promise is the row's (one promise less per message).
  return (r: RecipientRow): Promise<OutgoingMessage> => {
    const contact = contacts.get(r.contactId) ?? { id: r.contactId, email: r.toEmail, data: {} };
    const rendered = renderContent(content, recipientVariables(contact));
    const decoration = decorateForDelivery({ id: r.id, html: rendered.html, textBody: rendered.text, marketing }, project, deps.config);
    return composer.prepare({
      emailId: r.id,
      messageId: r.messageId,
      from,
      to: r.toEmail,
      replyTo: campaign.replyTo,
      subject: rendered.subject,
      html: decoration.html,
      text: decoration.text,
      headers: decoration.headers,
      returnPath: returnPathFor(deps.config.bounceAddress, r.id),
    });
  };
}

/**
 * Delivers the claimed rows of one page (see above). `epoch`: the campaign's send_epoch read with
 * its SENDING status before the rows were claimed.
 */
export async function deliverRows(
  deps: ActivityDeps,
  em: EntityManager,
  campaign: Campaign,
  project: Project,
  rows: RecipientRow[],
  claim: string,
  epoch: number,
): Promise<SenderResult> {
  const { todo, settled } = await eligibleRows(em, campaign, project, rows);
  // Fences and outcome writes on a fork of their own: their transactions carry no loaded entities.
  const writer = deps.orm.em.fork();
  const pacing = pacingFor(sendRateOf(project.settings, deps.config.sendRatePerSecond));
  const key = { campaignId: campaign.id, epoch, claim };
  try {
    return await deliverBatch(deps, {
      projectId: campaign.projectId,
      pacing,
      rows: todo,
      compose: await campaignComposer(deps, em, campaign, project, todo),
      // The window's starts, then the fence, of the rows whose connections are in hand together.
      admitGroup: (group, late) => admitHandOffs(writer, key, { projectId: campaign.projectId, ...pacing }, group.map((r) => r.id), late),
      refusal: () => fenceRefusal(writer, campaign.id, epoch),
      record: (batch) => writeOutcomes(writer, campaign, batch),
    }, settled);
  } finally {
    if (campaign.type === 'MARKETING') await releaseUnsentCampaignSlots(em, campaign.projectId, todo.map((r) => r.id), claim);
  }
}

/** Writes a batch (retried: the server already took these messages; only the record is missing). Every try writes the same event ids. */
async function writeOutcomes(em: EntityManager, campaign: Campaign, batch: BatchOutcome[]): Promise<void> {
  const outcomes = withEventIds(batch);
  await retrying(() => recordOutcomes(em, campaign, outcomes));
}

/** A page's contacts (their ids as one JSON array). */
export const PAGE_CONTACTS_SQL = `select id, email, data from contacts where id = ${listParam('uuid')}`;

async function contactsById(em: EntityManager, ids: string[]) {
  const rows = ids.length
    ? await sqlRows<{ id: string; email: string; data: Record<string, unknown> }>(em, PAGE_CONTACTS_SQL, [JSON.stringify(ids)])
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}
