import { isUuid } from '../../db/ids.js';
import type { Config } from '../config.js';
import type { Email, Project } from '../../db/entities/index.js';
import { signToken, verifyToken } from '../secrets.js';

export interface DeliveryDecoration {
  html: string;
  /** The text alternative with the unsubscribe link filled in (marketing) or the placeholder removed; null stays null. */
  text: string | null;
  /** Extra headers the service owns, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
}

/** Header carrying the email record id, so a bounce (DSN with the returned headers) can be matched back. */
export const EMAIL_ID_HEADER = 'X-Mailhub-Email-Id';

/*
 * Token purposes: each kind of link has its own HMAC key, so the open-pixel token (which image
 * proxies see) can never be replayed as an unsubscribe token.
 */
const OPEN = 'open';
const CLICK = 'click';
const UNSUBSCRIBE = 'unsubscribe';

export const openPixelUrl = (config: Config, emailId: string) => `${config.publicUrl}/t/o/${signToken(secretOf(config), OPEN, emailId)}.gif`;
/** The URL itself is signed, so the redirect can only go where the message pointed. */
export const clickUrl = (config: Config, emailId: string, url: string) =>
  `${config.publicUrl}/t/c/${signToken(secretOf(config), CLICK, `${emailId} ${url}`)}`;
export const unsubscribeUrl = (config: Config, emailId: string) => `${config.publicUrl}/u/${signToken(secretOf(config), UNSUBSCRIBE, emailId)}`;

function secretOf(config: Config): string {
  if (!config.secretKey) throw new Error('SECRET_KEY is not configured: tracking and unsubscribe links cannot be signed');
  return config.secretKey;
}

/** Verifies with the configured secret; anything tampered, malformed or unsigned is null. */
function verify(config: Config, purpose: string, token: string): string | null {
  if (!config.secretKey || token.length > 8192) return null;
  return verifyToken(config.secretKey, purpose, token);
}

export function readOpenToken(config: Config, token: string): string | null {
  const id = verify(config, OPEN, token.replace(/\.gif$/i, ''));
  return id && isUuid(id) ? id : null;
}

export function readClickToken(config: Config, token: string): { emailId: string; url: string } | null {
  const payload = verify(config, CLICK, token);
  if (!payload) return null;
  const space = payload.indexOf(' ');
  const emailId = payload.slice(0, space);
  const url = payload.slice(space + 1);
  return space > 0 && isUuid(emailId) && /^https?:\/\//i.test(url) ? { emailId, url } : null;
}

export function readUnsubscribeToken(config: Config, token: string): string | null {
  const id = verify(config, UNSUBSCRIBE, token);
  return id && isUuid(id) ? id : null;
}

export function isTracked(email: Pick<Email, 'marketing'>, project: Pick<Project, 'settings'>): boolean {
  const settings = project.settings ?? {};
  return email.marketing ? settings.trackMarketing !== false : settings.trackTransactional === true;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#38': '&', '#39': "'", '#x27': "'" };
/** An href value as the browser sees it (`&amp;` in HTML is `&` in the URL). */
const decodeHref = (v: string) =>
  v
    .trim()
    .replace(/[\t\n\r]/g, '') // as browsers do; also keeps the Location header clean
    .replace(/&(amp|quot|apos|lt|gt|#38|#39|#x27);/gi, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m);

/** `<a ...>` and `<area ...>` start tags only: `<link href>` (stylesheets) and text must not be touched. */
const LINK_TAG = /<(a|area)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const HREF_ATTR = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/i;

/** Rewrites every http(s) link of the message to the click redirect; mailto:, `#` and our own links stay. */
export function rewriteLinks(html: string, rewrite: (url: string) => string, keep: (url: string) => boolean): string {
  return html.replace(LINK_TAG, (tag) =>
    tag.replace(HREF_ATTR, (attr, prefix: string, dq: string | undefined, sq: string | undefined) => {
      const url = decodeHref(dq ?? sq ?? '');
      if (!/^https?:\/\//i.test(url) || keep(url)) return attr;
      return `${prefix}"${rewrite(url)}"`;
    }),
  );
}

/** Inserts before the last `</body>`, or appends when there is none. */
export function insertBeforeBodyEnd(html: string, fragment: string): string {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? html + fragment : html.slice(0, at) + fragment + html.slice(at);
}

const UNSUBSCRIBE_PLACEHOLDER = /\{\{\s*unsubscribe_url\s*\}\}/gi;
const hasPlaceholder = (html: string) => html.search(/\{\{\s*unsubscribe_url\s*\}\}/i) >= 0;
/** In the text alternative of `<a href="{{unsubscribe_url}}">`: the link's ` [url]` suffix. */
const TEXT_LINK_PLACEHOLDER = /\s*\[\{\{\s*unsubscribe_url\s*\}\}\]/gi;

/**
 * Applied by the delivery activity right before sending: click-tracking links and the open pixel
 * (marketing mail unless the project turned it off; transactional only when turned on), and on
 * marketing mail always a visible unsubscribe link (in the HTML and in the text alternative) plus
 * the RFC 8058 one-click headers. The renderer leaves `{{unsubscribe_url}}` for this step
 * (core/templates/render.ts); on transactional mail it is removed. Pure: no I/O.
 */
export function decorateForDelivery(
  email: Pick<Email, 'id' | 'html' | 'marketing'> & { textBody?: string | null },
  project: Pick<Project, 'settings'>,
  config: Config,
): DeliveryDecoration {
  let html = email.html ?? '';
  let text = email.textBody ?? null;
  const headers: Record<string, string> = { [EMAIL_ID_HEADER]: email.id };
  const ours = (url: string) => url.startsWith(`${config.publicUrl}/t/`) || url.startsWith(`${config.publicUrl}/u/`);

  if (isTracked(email, project)) {
    html = rewriteLinks(html, (url) => clickUrl(config, email.id, url), ours);
  }
  if (email.marketing) {
    const unsub = unsubscribeUrl(config, email.id);
    // A body that already places the link (an unrendered {{unsubscribe_url}}) gets it filled; otherwise a footer.
    if (hasPlaceholder(html)) html = html.replace(UNSUBSCRIBE_PLACEHOLDER, unsub);
    else html = insertBeforeBodyEnd(html, unsubscribeFooter(unsub));
    if (text !== null) {
      if (hasPlaceholder(text)) text = text.replace(UNSUBSCRIBE_PLACEHOLDER, unsub);
      else text = `${text}\n\nUnsubscribe: ${unsub}`;
    }
    headers['List-Unsubscribe'] = `<${unsub}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  } else {
    // Transactional mail has no unsubscribe link: the placeholder reads as nothing.
    html = html.replace(UNSUBSCRIBE_PLACEHOLDER, '');
    if (text !== null) text = text.replace(TEXT_LINK_PLACEHOLDER, '').replace(UNSUBSCRIBE_PLACEHOLDER, '');
  }
  if (isTracked(email, project)) {
    html = insertBeforeBodyEnd(html, `<img src="${openPixelUrl(config, email.id)}" width="1" height="1" alt="" style="display:none">`);
  }
  return { html, text, headers };
}

const unsubscribeFooter = (url: string) =>
  `<div style="margin-top:24px;font-size:12px;line-height:18px;color:#6b7280;text-align:center">` +
  `You receive this email because you subscribed. <a href="${url}" style="color:#6b7280;text-decoration:underline">Unsubscribe</a></div>`;
