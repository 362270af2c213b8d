import type { EntityManager } from '@mikro-orm/postgresql';
import { listParam, sqlRows } from '../../db/sql.js';
import { DomainError } from '../errors.js';

/*
 * The one rule for "may receive marketing mail", for every sender of it (campaigns, automation
 * SEND_EMAIL steps, POST /v1/send with a MARKETING template): the contact subscribed
 * (`subscribed`) and never opted out since (`unsubscribed_at`: the unsubscribe link, a complaint,
 * `subscribed: false`). A contact /v1/send created is `subscribed: false` without an opt-out: it
 * never subscribed, so no marketing mail reaches it until it subscribes.
 *
 * /v1/send names its recipients one by one with the secret key, and its `subscribed: true` is how
 * the caller records their consent: it subscribes a contact that never subscribed (or a new
 * one) before the rule is applied, so such a send goes out (assertMayReceiveMarketing). It never
 * undoes an opt-out: only the contact's own way back (PATCH /contacts, the public key's
 * `subscribed: true` on its own opt-out) does. Campaign test sends go to the team's own
 * addresses, mostly not contacts: there only the opt-out half applies (core/emails/send.ts
 * assertNotOptedOut).
 */

export interface MarketingConsent {
  subscribed: boolean;
  unsubscribedAt: Date | null;
}

/** Why the contact may not receive marketing mail, or null when it may. */
export function marketingRefusal(c: MarketingConsent): string | null {
  if (c.unsubscribedAt) return 'The contact unsubscribed from marketing mail';
  if (!c.subscribed) return 'The contact never subscribed to marketing mail';
  return null;
}

/** The same rule as an SQL condition over a `contacts` row aliased `alias`. */
export const mayReceiveMarketingSql = (alias: string) => `${alias}.subscribed and ${alias}.unsubscribed_at is null`;

/**
 * POST /v1/send with a MARKETING template: 422 RECIPIENT_UNSUBSCRIBED, nothing sent, when a
 * recipient opted out, or never subscribed and the request does not subscribe it
 * (`subscribing`: the request's `subscribed: true`). `emails` are normalised addresses.
 */
export async function assertMayReceiveMarketing(em: EntityManager, projectId: string, emails: string[], subscribing: boolean): Promise<void> {
  const rows = await sqlRows<{ email: string; subscribed: boolean; unsubscribed_at: Date | null }>(
    em,
    `select email, subscribed, unsubscribed_at from contacts where project_id = ? and email = ${listParam()}`,
    [projectId, JSON.stringify(emails)],
  );
  const byEmail = new Map(rows.map((r) => [r.email, { subscribed: r.subscribed, unsubscribedAt: r.unsubscribed_at }]));
  const optedOut: string[] = [];
  const neverSubscribed: string[] = [];
  for (const email of [...emails].sort()) {
    const c = byEmail.get(email) ?? { subscribed: false, unsubscribedAt: null };
    if (c.unsubscribedAt) optedOut.push(email);
    else if (!c.subscribed && !subscribing) neverSubscribed.push(email);
  }
  if (optedOut.length === 0 && neverSubscribed.length === 0) return;
  const parts: string[] = [];
  if (optedOut.length > 0) {
    parts.push(
      `Recipients who unsubscribed from marketing mail, nothing was sent: ${optedOut.join(', ')}. ` +
        'Remove them from the request or use a TRANSACTIONAL template; if they subscribe again (PATCH /contacts/{id} {"subscribed": true}), marketing mail reaches them again.',
    );
  }
  if (neverSubscribed.length > 0) {
    parts.push(
      `Recipients who never subscribed to marketing mail, nothing was sent: ${neverSubscribed.join(', ')}. ` +
        'Send with "subscribed": true if they agreed to receive it (their subscription is recorded), or use a TRANSACTIONAL template.',
    );
  }
  throw new DomainError('RECIPIENT_UNSUBSCRIBED', parts.join(' '));
}
