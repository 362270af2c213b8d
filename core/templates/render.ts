import { createRequire } from 'node:module';
import type * as HtmlToText from 'html-to-text';
import { marked } from 'marked';
import { textAlternatives, type TemplateSlots, type TextAlternatives } from './text-alternative.js';

/*
 * Template rendering shared by /v1/send and campaigns. Pure functions, no I/O.
 *
 * Placeholders: `{{var}}`, `{{ var }}`, `{{data.var}}`, `{{a.b.c}}` (nested), `{{var ?? "fallback"}}`
 * (also 'fallback' or a bare fallback). In HTML the value is HTML-escaped; `{{{var}}}` inserts it raw
 * (the author opts in). An unknown variable or an unparsable placeholder renders as the fallback or
 * as nothing, never as literal braces.
 */

export type BodyType = 'html' | 'markdown';

/** Content as given (request or template), before any recipient is known. */
export interface ContentSource {
  subject: string;
  body: string;
  type?: BodyType;
}

/** Content whose markdown (if any) is compiled once; placeholders are still in it. */
export interface PreparedContent {
  subject: string;
  html: string;
}

export interface RenderedContent {
  subject: string;
  html: string;
  text: string;
}

const PLACEHOLDER = /\{\{\{\s*([\s\S]*?)\s*\}\}\}|\{\{\s*([\s\S]*?)\s*\}\}/g;
const EXPRESSION = /^([^\s?{}]+?)\s*(?:\?\?\s*(?:"([^"]*)"|'([^']*)'|([\s\S]*?)))?$/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);

/** `a.b.c` in vars; a leading `data.` is optional (`{{data.plan}}` and `{{plan}}` are the same). */
export function lookupVariable(vars: Record<string, unknown>, path: string): unknown {
  const segments = path.split('.');
  if (segments[0] === 'data' && segments.length > 1 && !Object.hasOwn(vars, 'data')) segments.shift();
  let value: unknown = vars;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** How a variable's value reads in text: scalars as themselves, arrays comma-joined, objects as JSON. */
export function stringifyValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(stringifyValue).join(', ');
  return JSON.stringify(value);
}

/**
 * The unsubscribe link's placeholder, as the renderer leaves it for delivery to fill: the link is
 * signed per message (core/tracking/links.ts, decorateForDelivery), so it is not known here.
 */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';
const UNSUBSCRIBE_VARIABLE = 'unsubscribe_url';

/**
 * Fills every placeholder of `source`; `escape` is true for HTML, false for subjects and plain text.
 * With `keepUnsubscribe`, `{{unsubscribe_url}}` (any spelling: spaces, triple braces, a fallback)
 * is left as UNSUBSCRIBE_PLACEHOLDER for delivery to fill, whatever the variables hold: the name is
 * reserved, so no contact data (a public key may write it) or request data can point the message's
 * unsubscribe link elsewhere.
 */
export function fillPlaceholders(source: string, vars: Record<string, unknown>, opts: { escape: boolean; keepUnsubscribe?: boolean }): string {
  return source.replace(PLACEHOLDER, (_match, raw: string | undefined, normal: string | undefined) => placeholderValue(raw, normal, vars, opts));
}

/** What one placeholder (`raw` for `{{{...}}}`, `normal` for `{{...}}`, the text between the braces) renders as. */
function placeholderValue(raw: string | undefined, normal: string | undefined, vars: Record<string, unknown>, opts: { escape: boolean; keepUnsubscribe?: boolean }): string {
  const expr = EXPRESSION.exec((raw ?? normal ?? '').trim());
  if (!expr) return '';
  const [, path, dq, sq, bare] = expr;
  const value = lookupVariable(vars, path);
  if (opts.keepUnsubscribe && path === UNSUBSCRIBE_VARIABLE) return UNSUBSCRIBE_PLACEHOLDER;
  // The fallback is template text written by the author, so it is not escaped.
  if (value === null || value === undefined) return dq ?? sq ?? bare?.trim() ?? '';
  const text = stringifyValue(value);
  return opts.escape && raw === undefined ? escapeHtml(text) : text;
}

/** An HTML body split at its placeholders once, and its text alternatives (text-alternative.ts), for the many recipients it is rendered for. */
interface HtmlTemplate {
  slots: TemplateSlots;
  placeholders: Array<{ raw: string | undefined; normal: string | undefined }>;
  texts: TextAlternatives;
}

/** By body: a campaign renders one body for every row of every page (a page's body is a new string, equal to the last). */
const htmlTemplates = new Map<string, HtmlTemplate>();
/** Bodies kept, the least recently rendered dropped first (a campaign's stays while one-off /v1/send bodies come and go). */
const HTML_TEMPLATES_MAX = 8;
/** A larger body is split and scanned per call, not kept (its shapes' texts would be as large). */
const HTML_TEMPLATE_CHARS_MAX = 500_000;
let newest: string | undefined;

function htmlTemplate(html: string): HtmlTemplate {
  let t = htmlTemplates.get(html);
  if (t) {
    if (newest !== html) {
      htmlTemplates.delete(html);
      htmlTemplates.set(html, t);
      newest = html;
    }
    return t;
  }
  const literals: string[] = [];
  const spans: Array<[number, number]> = [];
  const placeholders: HtmlTemplate['placeholders'] = [];
  let last = 0;
  for (const m of html.matchAll(PLACEHOLDER)) {
    literals.push(html.slice(last, m.index));
    spans.push([m.index, m.index + m[0].length]);
    placeholders.push({ raw: m[1], normal: m[2] });
    last = m.index + m[0].length;
  }
  literals.push(html.slice(last));
  const slots = { literals, spans };
  t = { slots, placeholders, texts: textAlternatives(html, slots, htmlToPlainText) };
  if (html.length > HTML_TEMPLATE_CHARS_MAX) return t;
  if (htmlTemplates.size >= HTML_TEMPLATES_MAX) htmlTemplates.delete(htmlTemplates.keys().next().value!);
  htmlTemplates.set(html, t);
  newest = html;
  return t;
}

/**
 * Markdown -> HTML, with placeholders kept intact: they are swapped for inert tokens while marked
 * runs (so `{{first_name}}` is never read as emphasis) and put back afterwards.
 */
export function markdownToHtml(markdown: string): string {
  const saved: string[] = [];
  const protectedSource = markdown.replace(PLACEHOLDER, (m) => `MHVARTOKEN${saved.push(m) - 1}END`);
  const html = marked.parse(protectedSource, { async: false, gfm: true }) as string;
  return html.replace(/MHVARTOKEN(\d+)END/g, (_m, i: string) => saved[Number(i)] ?? '');
}

/** Once per send or campaign: compile markdown; the result is rendered per recipient. */
export function prepareContent(source: ContentSource): PreparedContent {
  return { subject: source.subject, html: source.type === 'markdown' ? markdownToHtml(source.body) : source.body };
}

// html-to-text and its HTML parser (~2 MB of heap) load with the first plain-text alternative, not
// in every process that imports this module (the API and the worker hold them from then on only).
let toText: ((html: string) => string) | undefined;
const htmlToTextConverter = () =>
  (toText ??= (createRequire(import.meta.url)('html-to-text') as typeof HtmlToText).compile({
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }));

/** The plain-text alternative of an HTML body. */
export const htmlToPlainText = (html: string): string => htmlToTextConverter()(html).trim();

/** The variables of one recipient: the contact's data, its id and email, then the request's data on top. */
export function recipientVariables(
  contact: { id: string; email: string; data?: Record<string, unknown> },
  data?: Record<string, unknown>,
): Record<string, unknown> {
  return { ...(contact.data ?? {}), id: contact.id, email: contact.email, ...(data ?? {}) };
}

const HTML_FILL = { escape: true, keepUnsubscribe: true };

/**
 * One recipient's message: subject (no escaping, line breaks folded), HTML (escaped values), text
 * alternative. `{{unsubscribe_url}}` is kept in the HTML and the text (UNSUBSCRIBE_PLACEHOLDER),
 * whatever the variables hold: the delivery fills it with the message's own link.
 */
export function renderContent(prepared: PreparedContent, vars: Record<string, unknown>): RenderedContent {
  // NUL cannot be stored in PostgreSQL text; line breaks in a subject would break the header.
  const subject = fillPlaceholders(prepared.subject, vars, { escape: false }).replace(/[\r\n]+/g, ' ').replace(/\0/g, '').trim();
  // `{{unsubscribe_url}}` stays for delivery, in the HTML and so in its text alternative.
  // The body as fillPlaceholders fills it, from its placeholders found once; its text alternative converted once per shape of the values.
  const template = htmlTemplate(prepared.html);
  const values = template.placeholders.map((p) => placeholderValue(p.raw, p.normal, vars, HTML_FILL));
  let filled = template.slots.literals[0];
  for (let i = 0; i < values.length; i++) filled += values[i] + template.slots.literals[i + 1];
  const html = filled.replace(/\0/g, '');
  return { subject, html, text: template.texts.textOf(values, html) };
}
