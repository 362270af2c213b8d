import { parse as parseDomain } from 'tldts';

/**
 * Typo suggestions for the domain, after mailcheck 2.0's rules: compare with well-known mail
 * providers by edit distance, fix an unknown TLD that is one edit from a common one, and stay
 * quiet when unsure: no suggestion on a tie, for an IDN, for a known provider, or for a domain that
 * really receives mail (has MX) unless it is a known typo domain (typo-squatters run MX servers).
 */

/** Mail providers a typo is compared with. */
export const PROVIDERS: readonly string[] = [
  'gmail.com', 'googlemail.com', 'yahoo.com', 'ymail.com', 'rocketmail.com', 'hotmail.com', 'outlook.com',
  'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'pm.me',
  'gmx.com', 'gmx.de', 'gmx.net', 'mail.com', 'zoho.com', 'yandex.com', 'yandex.ru', 'mail.ru', 'web.de',
  'fastmail.com', 'tutanota.com', 'hey.com', 'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net',
  'qq.com', '163.com', 'hotmail.co.uk', 'yahoo.co.uk', 'hotmail.fr', 'yahoo.fr', 'orange.fr', 'free.fr',
  'libero.it', 't-online.de', 'btinternet.com', 'outlook.de', 'hotmail.de', 'yahoo.de', 'live.co.uk',
];
const PROVIDER_SET = new Set(PROVIDERS);

/**
 * Providers matched by edit distance. Short names (me.com, aol.com, gmx.de ...) are left out:
 * at one edit they collide with too many real domains; their TLD typos are still fixed below.
 */
const FUZZY_TARGETS = PROVIDERS.filter((p) => p.split('.')[0].length >= 4);

/** Typo domains seen often enough to rewrite even when they answer with MX records. */
export const KNOWN_TYPOS: Readonly<Record<string, string>> = {
  'gmial.com': 'gmail.com', 'gmal.com': 'gmail.com', 'gmai.com': 'gmail.com', 'gamil.com': 'gmail.com',
  'gnail.com': 'gmail.com', 'gmaill.com': 'gmail.com', 'gmail.con': 'gmail.com', 'gmail.cmo': 'gmail.com',
  'hotmial.com': 'hotmail.com', 'hotmal.com': 'hotmail.com',
  'hotmai.com': 'hotmail.com', 'hotmail.con': 'hotmail.com', 'homail.com': 'hotmail.com', 'yaho.com': 'yahoo.com',
  'yahooo.com': 'yahoo.com', 'yahoo.con': 'yahoo.com', 'yhoo.com': 'yahoo.com', 'outlok.com': 'outlook.com',
  'outllok.com': 'outlook.com', 'outlook.con': 'outlook.com', 'iclod.com': 'icloud.com', 'icoud.com': 'icloud.com',
  'icloud.con': 'icloud.com', 'aol.con': 'aol.com', 'protonmail.con': 'protonmail.com',
};

/** TLDs an unknown TLD is compared with (one edit). */
const COMMON_TLDS = ['com', 'net', 'org', 'edu', 'gov', 'io', 'co', 'me', 'de', 'fr', 'uk', 'it', 'es', 'nl', 'ru', 'ca', 'au', 'us', 'info', 'biz'];

/** Optimal string alignment distance: Levenshtein plus adjacent transposition (gmial -> gmail is 1). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > 3) return Math.abs(m - n);
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 0; j <= n; j++) d[0][j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[m][n];
}

/**
 * The one candidate at the smallest distance within `max`, or null (none, or a tie). A tie between
 * candidates of which exactly one has the word's length (a swapped or mistyped letter rather than
 * a missing or extra one) goes to that one: `con` -> `com`, not `co`.
 */
function closest(word: string, candidates: readonly string[], max: (candidate: string) => number): string | null {
  let best: string[] = [];
  let bestDistance = Infinity;
  for (const c of candidates) {
    const dist = editDistance(word, c);
    if (dist === 0 || dist > max(c)) continue;
    if (dist < bestDistance) [best, bestDistance] = [[c], dist];
    else if (dist === bestDistance) best.push(c);
  }
  if (best.length === 1) return best[0];
  const sameLength = best.filter((c) => c.length === word.length);
  return sameLength.length === 1 ? sameLength[0] : null;
}

export interface TypoContext {
  /** DNS says the domain receives mail (non-null MX). A real mail domain is never rewritten... */
  acceptsMail: boolean;
  /** ...unless a disposable list names it (those lists carry typo-squatting domains). */
  listedDisposable?: boolean;
  /** A known free provider (and not on a disposable list): never rewritten. */
  knownProvider?: boolean;
}

/** A better domain for `domain` (lower-case), or null. */
export function suggestDomain(domain: string, ctx: TypoContext): string | null {
  const d = domain.toLowerCase();
  // IDN: edit distance over Unicode or punycode says nothing useful.
  if (/[^\x00-\x7f]/.test(d) || d.split('.').some((l) => l.startsWith('xn--'))) return null;
  if (PROVIDER_SET.has(d)) return null;
  if (KNOWN_TYPOS[d]) return KNOWN_TYPOS[d];
  if (ctx.acceptsMail && !ctx.listedDisposable) return null;
  if (ctx.knownProvider && !ctx.listedDisposable) return null;

  const provider = closest(d, FUZZY_TARGETS, (p) => (p.length >= 11 ? 2 : 1));
  if (provider) return provider;

  // An unknown TLD one edit from a common one (acme.con -> acme.com). A real TLD is never changed.
  const parsed = parseDomain(d);
  if (parsed.isIcann || parsed.isIp) return null;
  const labels = d.split('.');
  if (labels.length < 2) return null;
  const tld = closest(labels[labels.length - 1], COMMON_TLDS, () => 1);
  return tld ? [...labels.slice(0, -1), tld].join('.') : null;
}
