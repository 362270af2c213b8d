import type { KeyKind, ProjectSettings } from '../../db/entities/index.js';
import { FULL_AUTHORITY, type UpsertAuthority } from '../contact-upsert.js';

/*
 * A public key ships in browsers and apps: whoever holds it is untrusted. What its /v1/track calls
 * may do to an EXISTING contact is the project's choice (settings.publicKey); a new contact is
 * always created as Plunk does (subscribed unless the call says false, with the call's data).
 * Whatever the policy, a public key's `subscribed: true` never undoes an opt-out made by the
 * unsubscribe link, a complaint, a hard bounce (or any suppression) or the secret key.
 * Refused parts of a call are ignored, not errors: the answer never tells the caller whether the
 * address exists or opted out.
 */
export type PublicKeyDataMode = 'all' | 'add' | 'none';
export interface PublicKeyPolicy {
  /** `subscribed: true` may subscribe an existing contact that has not opted out (default true). */
  subscribe: boolean;
  /** `subscribed: false` may unsubscribe an existing contact (default false). */
  unsubscribe: boolean;
  /** `data` on an existing contact: `add` only keys it lacks (default), `all` like the secret key, `none` ignored. */
  writeData: PublicKeyDataMode;
}

export const DEFAULT_PUBLIC_KEY_POLICY: Readonly<PublicKeyPolicy> = Object.freeze({ subscribe: true, unsubscribe: false, writeData: 'add' });

export const publicKeyPolicy = (settings: ProjectSettings | undefined): PublicKeyPolicy => ({
  ...DEFAULT_PUBLIC_KEY_POLICY,
  ...(settings?.publicKey ?? {}),
});

/**
 * The part of a track call's `subscribed` this key may request of an existing contact, and the
 * upsert's authority. A refused `subscribed` is dropped here (a new contact still takes the call's
 * value); an existing contact's opt-out is checked in the statement itself (it needs the row).
 */
export function trackAuthority(
  kind: KeyKind,
  settings: ProjectSettings | undefined,
  subscribed: boolean | undefined,
): { subscribed: boolean | undefined; authority: UpsertAuthority } {
  if (kind === 'secret') return { subscribed, authority: FULL_AUTHORITY };
  const policy = publicKeyPolicy(settings);
  const allowed = subscribed === undefined || (subscribed ? policy.subscribe : policy.unsubscribe);
  return { subscribed: allowed ? subscribed : undefined, authority: { publicKey: true, dataMode: policy.writeData } };
}
