import type { MikroORM } from '@mikro-orm/postgresql';
import { generateDkimKeyPair } from '../../core/domains/dkim.js';
import { encryptSecret } from '../../core/secrets.js';
import { newId } from '../../db/ids.js';

/*
 * Rows as the send API (or a campaign) writes them, inserted directly so delivery can be tested
 * without the HTTP layer.
 */

export interface QueuedEmail {
  id?: string;
  toEmail?: string;
  fromEmail?: string;
  fromName?: string | null;
  replyTo?: string | null;
  subject?: string;
  html?: string;
  textBody?: string | null;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType?: string }[];
  marketing?: boolean;
  campaignId?: string | null;
  contactId?: string | null;
  /** Backdates created_at (the sweeper's age test). */
  ageMs?: number;
}

/** Inserts QUEUED rows; returns their ids in order. One statement for any number of rows. */
export async function insertQueuedEmails(orm: MikroORM, projectId: string, emails: QueuedEmail[]): Promise<string[]> {
  const rows = emails.map((e, i) => {
    const id = e.id ?? newId();
    const fromEmail = e.fromEmail ?? 'news@example.com';
    return {
      id,
      contact_id: e.contactId ?? null,
      campaign_id: e.campaignId ?? null,
      to_email: e.toEmail ?? `user${i}@test.example`,
      from_email: fromEmail,
      from_name: e.fromName ?? 'Example News',
      reply_to: e.replyTo ?? null,
      subject: e.subject ?? `Subject ${i}`,
      html: e.html ?? `<p>Hello ${i}</p>`,
      text_body: e.textBody === undefined ? `Hello ${i}` : e.textBody,
      headers: e.headers ?? {},
      attachments: e.attachments ?? [],
      marketing: e.marketing ?? false,
      message_id: `<${id}@${fromEmail.split('@')[1]}>`,
      age_ms: e.ageMs ?? 0,
    };
  });
  await orm.em.fork().getConnection().execute(
    `insert into emails (id, project_id, contact_id, campaign_id, to_email, from_email, from_name, reply_to, subject, html, text_body,
                         headers, attachments, marketing, message_id, status, attempts, created_at, updated_at)
     select r.id, ?, r.contact_id, r.campaign_id, r.to_email, r.from_email, r.from_name, r.reply_to, r.subject, r.html, r.text_body,
            r.headers, r.attachments, r.marketing, r.message_id, 'QUEUED', 0,
            now() - r.age_ms * interval '1 millisecond', now() - r.age_ms * interval '1 millisecond'
     from jsonb_to_recordset(?::jsonb) as r(id uuid, contact_id uuid, campaign_id uuid, to_email text, from_email text, from_name text,
          reply_to text, subject text, html text, text_body text, headers jsonb, attachments jsonb, marketing boolean, message_id text, age_ms float8)`,
    [projectId, JSON.stringify(rows)],
    'run',
  );
  return rows.map((r) => r.id);
}

export interface EmailRowState {
  id: string;
  status: string;
  attempts: number;
  error: string | null;
  sent_at: string | null;
}

export async function emailStates(orm: MikroORM, ids: string[]): Promise<EmailRowState[]> {
  return orm.em.fork().getConnection().execute<EmailRowState[]>(
    `select e.id, e.status, e.attempts, e.error, e.sent_at from jsonb_array_elements_text(?::jsonb) with ordinality as x(id, n)
     join emails e on e.id = x.id::uuid order by x.n`,
    [JSON.stringify(ids)],
    'all',
  );
}

export async function eventNamesOf(orm: MikroORM, emailId: string): Promise<string[]> {
  const rows = await orm.em.fork().getConnection().execute<{ name: string }[]>(
    'select name from events where email_id = ? order by created_at, name',
    [emailId],
    'all',
  );
  return rows.map((r) => r.name);
}

/** A VERIFIED sender domain with a real DKIM key (stored encrypted, as the domains service does). */
export async function insertVerifiedDomain(orm: MikroORM, projectId: string, domain: string, secretKey: string) {
  const keys = await generateDkimKeyPair();
  const selector = 'mhtest';
  await orm.em.fork().getConnection().execute(
    `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
     values (?, ?, ?, 'VERIFIED', ?, ?, ?, '[]', now())`,
    [newId(), projectId, domain, selector, keys.publicKey, encryptSecret(secretKey, keys.privateKeyPem)],
    'run',
  );
  return { selector, publicKey: keys.publicKey, privateKeyPem: keys.privateKeyPem };
}
