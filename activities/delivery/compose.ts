import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.js';
import { dkimForSender } from '../../core/domains/domains.js';
import { clientHeaders } from '../../core/emails/headers.js';
import { decorateForDelivery } from '../../core/tracking/links.js';
import type { Email, Project } from '../../db/entities/index.js';
import type { OutgoingMessage } from '../mailer.js';

/** The message of an email record: its stored content, tracking and list headers, DKIM key, VERP return path. */
export async function composeMessage(em: EntityManager, config: Config, email: Email, project: Project): Promise<OutgoingMessage> {
  const decoration = decorateForDelivery(email, project, config);
  const dkim = await signingKeyFor(em, config, email.projectId, email.fromEmail);
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
    dkim,
  };
}

/** The DKIM key mail from `fromEmail` is signed with here: none without a verified domain, or with DKIM_SIGNING=off. */
export async function signingKeyFor(em: EntityManager, config: Pick<Config, 'dkimSigning' | 'secretKey'>, projectId: string, fromEmail: string) {
  return config.dkimSigning ? dkimForSender(em, projectId, fromEmail, config.secretKey) : undefined;
}

/** `bounces@mail.example.com` -> `bounces+<email id>@mail.example.com` (what core/bounces/dsn.ts reads back). */
export function returnPathFor(bounceAddress: string | undefined, emailId: string): string | undefined {
  if (!bounceAddress) return undefined;
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${emailId}${bounceAddress.slice(at)}`;
}
