import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.js';
import { dkimForSender } from '../../core/domains/domains.js';
import type { DkimSigning } from '../../core/domains/sender-domains.js';
import { clientHeaders } from '../../core/emails/headers.js';
import { decorateForDelivery } from '../../core/tracking/links.js';
import type { Email, Project } from '../../db/entities/index.js';
import { prepareMessage, signed, type OutgoingMessage } from '../mailer.js';
import { mimeSkeleton, type MimeSkeleton } from './mime.js';

/** The message of an email record: its stored content, tracking and list headers, DKIM key, VERP return path. */
export async function composeMessage(em: EntityManager, config: Config, email: Email, project: Project): Promise<OutgoingMessage> {
  return { ...messageOf(email, project, config), dkim: await signingKeyFor(em, config, email.projectId, email.fromEmail) };
}

/** What a message is composed of: an email record, as loaded or as just written (an automation batch's: core/automations/send-email.ts). */
export type MessageRecord = Pick<Email, 'id' | 'messageId' | 'fromName' | 'fromEmail' | 'toEmail' | 'toName' | 'replyTo' | 'subject' | 'html' | 'textBody' | 'attachments' | 'headers' | 'marketing'>;

/** composeMessage without the DKIM key (a batch looks it up once for many records: batchComposer). */
export function messageOf(email: MessageRecord, project: Pick<Project, 'settings'>, config: Config): Unsigned {
  const decoration = decorateForDelivery(email, project, config);
  return {
    emailId: email.id,
    messageId: email.messageId,
    from: { name: email.fromName, address: email.fromEmail },
    to: email.toEmail,
    toName: email.toName ?? null,
    replyTo: email.replyTo,
    subject: email.subject,
    html: decoration.html,
    text: decoration.text,
    attachments: email.attachments,
    // A client header never stands in for one of ours (X-Mailhub-Email-ID in another case, say).
    headers: { ...clientHeaders(email.headers), ...decoration.headers },
    returnPath: returnPathFor(config.bounceAddress, email.id),
  };
}

/** The DKIM key mail from `fromEmail` is signed with here: none without a verified domain, or with DKIM_SIGNING=off. */
export async function signingKeyFor(em: EntityManager, config: Pick<Config, 'dkimSigning' | 'secretKey'>, projectId: string, fromEmail: string) {
  return config.dkimSigning ? dkimForSender(em, projectId, fromEmail, config.secretKey) : undefined;
}

/** A message before its DKIM key is known. */
export type Unsigned = Omit<OutgoingMessage, 'dkim' | 'prepared'>;

/** The messages of a batch (a campaign page, an automation batch's mails), composed and signed. */
export interface BatchComposer {
  /** The DKIM key of mail from `fromEmail`: looked up once per address for the batch. */
  signingKey(fromEmail: string): Promise<DkimSigning | undefined>;
  /** `msg` composed and signed with its From address's key. */
  prepare(msg: Unsigned): Promise<OutgoingMessage>;
}

/**
 * One batch's composer: each message goes into the MIME skeleton of its From and Reply-To (mime.ts;
 * one skeleton per distinct pair in the batch) and is signed with its From address's key (one
 * lookup per distinct address). nodemailer's composer (mailer.ts, prepareMessage) takes what the
 * skeleton does not: attachments, a To display name, or a recipient the skeleton answers
 * undefined for (non-ASCII address, a header line too long...).
 */
export function batchComposer(em: EntityManager, config: Pick<Config, 'dkimSigning' | 'secretKey'>, projectId: string): BatchComposer {
  /** Each From address's key: its lookup while pending, then the key itself (a message whose key is known does not wait for a promise). */
  const keys = new Map<string, { pending: Promise<DkimSigning | undefined> } | { known: DkimSigning | undefined }>();
  const skeletons = new Map<string, MimeSkeleton>();
  const signingKey = (fromEmail: string): Promise<DkimSigning | undefined> => {
    const entry = keys.get(fromEmail);
    if (entry) return 'known' in entry ? Promise.resolve(entry.known) : entry.pending;
    const pending = signingKeyFor(em, config, projectId, fromEmail);
    keys.set(fromEmail, { pending });
    pending.then((known) => keys.set(fromEmail, { known }), () => {});
    return pending;
  };
  // The last From and Reply-To looked up, and its skeleton: a campaign page's every row has the same.
  let last: { name: string | null; address: string; replyTo: string | null; skeleton: MimeSkeleton } | undefined;
  const skeletonOf = (msg: OutgoingMessage) => {
    const name = msg.from.name ?? null;
    const replyTo = msg.replyTo ?? null;
    if (last && last.name === name && last.address === msg.from.address && last.replyTo === replyTo) return last.skeleton;
    const k = JSON.stringify([name, msg.from.address, replyTo]);
    let skeleton = skeletons.get(k);
    if (!skeleton) skeletons.set(k, (skeleton = mimeSkeleton(msg.from, msg.replyTo)));
    last = { name, address: msg.from.address, replyTo, skeleton };
    return skeleton;
  };
  return {
    signingKey,
    async prepare(unsigned) {
      const from = unsigned.from.address;
      const entry = keys.get(from);
      const msg: OutgoingMessage = { ...unsigned, dkim: entry && 'known' in entry ? entry.known : await signingKey(from) };
      const wire = msg.attachments?.length || msg.toName ? undefined : skeletonOf(msg).compose(msg);
      if (!wire) return prepareMessage(msg);
      // Unsigned (DKIM_SIGNING=off, no verified domain): the skeleton's bytes as they are, no await.
      msg.prepared = msg.dkim ? { envelope: wire.envelope, raw: await signed(wire.raw, msg.dkim) } : wire;
      return msg;
    },
  };
}

/** `bounces@mail.example.com` -> `bounces+<email id>@mail.example.com` (what core/bounces/dsn.ts reads back). */
export function returnPathFor(bounceAddress: string | undefined, emailId: string): string | undefined {
  if (!bounceAddress) return undefined;
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${emailId}${bounceAddress.slice(at)}`;
}
