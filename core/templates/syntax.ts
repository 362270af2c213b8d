import { validationError, type FieldError } from '../errors.js';

/*
 * What the renderer (render.ts) understands: `{{var}}`, `{{a.b}}`, `{{var ?? "fallback"}}` and
 * `{{{raw}}}`. Anything else between braces (`{{> partial}}`, `{{#if}}`, `{{/each}}`, `{{!note}}`,
 * `{{}}`) would silently render as nothing, so it is refused where content comes in (template
 * create/PATCH, /v1/send), naming the field and the position.
 */
const PLACEHOLDER = /\{\{\{\s*([\s\S]*?)\s*\}\}\}|\{\{\s*([\s\S]*?)\s*\}\}/g;
const EXPRESSION = /^([^\s?{}]+?)\s*(?:\?\?\s*(?:"([^"]*)"|'([^']*)'|([\s\S]*?)))?$/;
/** Sigils of Handlebars/Mustache block, partial, comment and delimiter tags. */
const FOREIGN_SIGIL = /^[#/^>!&=@~*]/;

export interface SyntaxProblem {
  text: string;
  line: number;
  column: number;
}

/** Every placeholder the renderer would not understand, with its 1-based line and column. */
export function unknownPlaceholders(source: string): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  for (const m of source.matchAll(PLACEHOLDER)) {
    const inner = (m[1] ?? m[2] ?? '').trim();
    const expr = EXPRESSION.exec(inner);
    if (expr && !FOREIGN_SIGIL.test(expr[1]) && expr[1] !== 'else') continue;
    const before = source.slice(0, m.index);
    const line = before.split('\n').length;
    out.push({ text: m[0].length > 60 ? `${m[0].slice(0, 57)}...` : m[0], line, column: m.index - before.lastIndexOf('\n') });
  }
  return out;
}

/** 422 naming each field and position of syntax the renderer does not know. */
export function assertKnownTemplateSyntax(fields: Record<string, string | undefined>): void {
  const errors: FieldError[] = [];
  for (const [field, source] of Object.entries(fields)) {
    if (source === undefined) continue;
    for (const p of unknownPlaceholders(source).slice(0, 5)) {
      errors.push({
        field,
        message: `unknown template syntax ${p.text} at line ${p.line}, column ${p.column}; supported: {{name}}, {{a.b}}, {{name ?? "fallback"}}, {{{raw}}}`,
        code: 'invalid_template',
      });
    }
  }
  if (errors.length > 0) throw validationError(errors, `Unknown template syntax: ${errors[0].field} ${errors[0].message}`);
}
