/*
 * The plain-text alternative of many recipients' renderings of one HTML template, converted once
 * per "shape" instead of once per recipient (html-to-text parses and lays out the whole body: the
 * one per-message cost of rendering that grows with the body).
 *
 * A shape is the template filled with every placeholder's value replaced by as many MARK characters
 * as the value has (UTF-16 units). Its conversion is the recipient's conversion with the values put
 * back, character for character, wherever the converter treats a value's characters only by their
 * count. That holds for a value that is one plain word (no whitespace, nothing HTML reads: `&`, `<`,
 * `>`, quotes, controls; no surrogates) sitting in the text of the document (not in a tag, a comment
 * or a declaration, not right after a `<`, `</` or an unfinished `&entity`) outside the elements
 * whose formatter looks at the words themselves: headings and table header cells (uppercased) and
 * links (their text compared with their href). There the converter moves the value's characters as
 * one word (or part of one) whose width is its length: line wrapping, table columns and trimming
 * come out the same. Anything else (a value with a space, a placeholder in an attribute or a
 * heading, a raw value with markup) is converted as it is, per recipient.
 *
 * A shape is converted the second time its key (the values' lengths) comes, beside that recipient's
 * own conversion, and kept only if the two agree with the values put back: a shape that differs is
 * never used. A body rendered once (a /v1/send) costs one conversion, as before.
 */

/** Never in a template that takes this path (checked), never in a value (checked). */
const MARK = '\uE000';
/** A value the converter moves as a plain word: no whitespace, markup, entity start, quotes, controls, surrogates or MARK. */
const PLAIN_WORD = /^[^\s\u200b\u0000-\u001f\u007f-\u009f&<>"'\uD800-\uDFFF\uE000]*$/;
/** Elements whose formatter reads the words: headings and header cells uppercase them, a link compares its text with its href. */
const WORD_READING = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th']);
/** Elements whose content the HTML parser takes as raw text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/** A value kept as it is in a shape: nothing that changes the document's structure or entities. */
const LITERAL = /^[^\u0000-\u001f&<>\uE000]*$/;
/** The shapes' texts kept per template, in characters (a 5 KB text alternative: 200 shapes). */
const SHAPE_CHARS_MAX = 1_000_000;
const SHAPES_MAX = 4096;

/** A template split at its placeholders: `literals[i]`, placeholder i, `literals[i + 1]`... */
export interface TemplateSlots {
  literals: string[];
  /** Where each placeholder starts and ends in the template. */
  spans: Array<[number, number]>;
}

export interface TextAlternatives {
  /** The text alternative of the template filled with `values` (one per placeholder), `html` being that filling. */
  textOf(values: string[], html: string): string;
}

/**
 * Per placeholder: whether it sits in the document's text outside word-reading elements (see
 * above). A small scanner of the template, conservative where HTML is odd: an element it sees
 * opened and never closed keeps its placeholders out.
 */
export function plainTextSlots(template: string, spans: Array<[number, number]>): boolean[] {
  const ok = spans.map(() => false);
  const open = new Map<string, number>();
  let slot = 0;
  /** Marks every placeholder starting before `end` as (not) in plain text, `inText` telling which. */
  const upTo = (end: number, inText: boolean) => {
    for (; slot < spans.length && spans[slot][0] < end; slot++) {
      const start = spans[slot][0];
      const before = template.slice(Math.max(0, start - 64), start);
      ok[slot] = inText && ![...open.values()].some((n) => n > 0) && !/<\/?$/.test(before) && !/&[^\s<>&;]*$/.test(before);
    }
  };
  let i = 0;
  while (i < template.length) {
    const lt = template.indexOf('<', i);
    if (lt < 0) break;
    upTo(lt, true);
    const next = template[lt + 1] ?? '';
    let end: number;
    if (template.startsWith('<!--', lt)) {
      end = template.indexOf('-->', lt + 4);
      end = end < 0 ? template.length : end + 3;
    } else if (next === '!' || next === '?') {
      end = template.indexOf('>', lt);
      end = end < 0 ? template.length : end + 1;
    } else if (next === '/' && !/[a-zA-Z]/.test(template[lt + 2] ?? '')) {
      // `</` not followed by a letter: the tokenizer skips it up to the next `>` (a bogus comment).
      end = template.indexOf('>', lt);
      end = end < 0 ? template.length : end + 1;
    } else if (next === '/') {
      const name = /^[^\s/>]+/.exec(template.slice(lt + 2))![0].toLowerCase();
      end = template.indexOf('>', lt);
      end = end < 0 ? template.length : end + 1;
      if ((open.get(name) ?? 0) > 0) open.set(name, open.get(name)! - 1);
    } else if (/[a-zA-Z]/.test(next)) {
      const name = /^[^\s/>]+/.exec(template.slice(lt + 1))![0].toLowerCase();
      end = tagEnd(template, lt + 1 + name.length);
      if (RAW_TEXT.has(name)) {
        // Its content is not markup: placeholders in it stay out, scanning resumes after its end tag.
        const close = template.toLowerCase().indexOf(`</${name}`, end);
        end = close < 0 ? template.length : close;
      } else if (WORD_READING.has(name)) open.set(name, (open.get(name) ?? 0) + 1);
    } else {
      end = lt + 1; // a `<` the parser keeps as text
      upTo(end, true);
    }
    upTo(end, false);
    i = end;
  }
  upTo(Infinity, true);
  return ok;
}

/** Where a start tag whose name ends at `from` ends (after its `>`): quotes count after an `=` only, as the HTML tokenizer has it. */
function tagEnd(template: string, from: number): number {
  let i = from;
  while (i < template.length) {
    const c = template[i];
    if (c === '>') return i + 1;
    if (c === '=') {
      i++;
      while (i < template.length && /\s/.test(template[i])) i++;
      const q = template[i];
      if (q === '"' || q === "'") {
        const close = template.indexOf(q, i + 1);
        if (close < 0) return template.length;
        i = close + 1;
        continue;
      }
      continue;
    }
    i++;
  }
  return template.length;
}

/**
 * The text alternatives of one template, `convert` being the HTML-to-text conversion of a whole
 * filled body. A value that is not a plain word in plain text (an `{{unsubscribe_url}}` kept for
 * delivery in an href, a fallback in a heading) is part of the shape as it is, when it holds no
 * markup (`<`, `>`, `&`, controls): recipients with the same such values share a shape.
 */
export function textAlternatives(template: string, slots: TemplateSlots, convert: (html: string) => string): TextAlternatives {
  // A placeholder holding markup characters (a fallback's) is one the scanner would read as markup.
  const scannable = !template.includes(MARK) && slots.spans.every(([s, e]) => !/[<>&]/.test(template.slice(s, e)));
  const eligible = scannable ? plainTextSlots(template, slots.spans) : slots.spans.map(() => false);
  /** By the values' lengths (and literal values): the shape's conversion split at its MARKs, or null where it is not used. */
  const shapes = new Map<string, string[] | null>();
  // A shape costs a second conversion: it is made the second time its key comes, so a body rendered
  // once (a /v1/send) or values that differ per recipient (names with a space) cost one conversion as before.
  const seen = new Set<string>();
  let kept = 0;
  return {
    textOf(values, html) {
      if (!scannable) return convert(html);
      let key = '';
      let marked = '';
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (eligible[i] && PLAIN_WORD.test(v)) {
          key += `${v.length}\u0001`;
          marked += v;
        } else if (LITERAL.test(v)) key += `\u0002${v}\u0001`;
        else return convert(html);
      }
      let pieces = shapes.get(key);
      if (pieces === null) return convert(html);
      if (pieces) return putBack(pieces, marked);
      const text = convert(html);
      if (!seen.has(key)) {
        if (seen.size >= SHAPES_MAX) seen.clear();
        seen.add(key);
        return text;
      }
      if (kept + text.length > SHAPE_CHARS_MAX || shapes.size >= SHAPES_MAX) return text;
      kept += text.length;
      let shaped = slots.literals[0];
      for (let i = 0; i < values.length; i++) {
        shaped += (eligible[i] && PLAIN_WORD.test(values[i]) ? MARK.repeat(values[i].length) : values[i]) + slots.literals[i + 1];
      }
      // The NUL removal renderContent applies to the body, applied to the shape alike.
      pieces = convert(shaped.replace(/\0/g, '')).split(MARK);
      const same = pieces.length === marked.length + 1 && putBack(pieces, marked) === text;
      shapes.set(key, same ? pieces : null);
      return text;
    },
  };
}

/** The shape's text with the values' characters in place of its MARKs, in order. */
function putBack(pieces: string[], chars: string): string {
  let out = pieces[0];
  for (let i = 1; i < pieces.length; i++) out += chars[i - 1] + pieces[i];
  return out;
}
