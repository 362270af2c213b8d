/*
 * The one rule for "may receive marketing mail": the contact subscribed (`subscribed`) and never
 * opted out since (`unsubscribed_at`: the unsubscribe link, a complaint, `subscribed: false`).
 * A contact /v1/send created is `subscribed: false` without an opt-out: it never subscribed, so
 * campaigns and automation steps of a MARKETING template leave it out.
 *
 * /v1/send names its recipients one by one with the secret key and creates the new ones as
 * Plunk does (unsubscribed): there only the opt-out half refuses a MARKETING template (an
 * explicit send to an address that never opted out stays the caller's decision, as the contract
 * has it); it reads the same columns through `findOptedOut` (core/contacts.ts).
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
