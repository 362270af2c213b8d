import type { output, ZodError, ZodType } from 'zod';
import { validationError, type FieldError } from '../core/errors.js';

/**
 * zod issues -> the contract's `errors[]`. zod 4 reports a malformed string (email, url, uuid ...)
 * as `invalid_format`; the contract's example code for that is `invalid_string`, so it is renamed.
 */
export function fieldErrors(error: ZodError, prefix: string[] = []): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...path, key].join('.'), message: `Unknown field "${key}"`, code: issue.code });
      continue;
    }
    out.push({
      field: path.join('.') || '(body)',
      message: issue.message,
      code: issue.code === 'invalid_format' ? 'invalid_string' : issue.code,
    });
  }
  return out;
}

/** Deepest nesting of JSON input (objects and arrays) that a request may carry. */
export const MAX_INPUT_DEPTH = 1000;

/** A UTF-16 surrogate without its pair: not Unicode, no UTF-8 form. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** That, or a NUL character. */
const UNSTORABLE_CHAR = new RegExp(`\\0|${LONE_SURROGATE.source}`);

/** The characters refused, by what a route allows (built once: the check runs on every request). */
const REFUSED_CHARS = {
  all: UNSTORABLE_CHAR,
  surrogates: LONE_SURROGATE,
  nul: /\0/,
  none: null,
} as const;

/** For a route that does not store the strings as they are (it cleans them, or only reads them). */
export interface UnstorableOptions {
  allowNul?: boolean;
  allowLoneSurrogates?: boolean;
}

interface PathNode {
  key: string;
  parent: PathNode | null;
}

const fieldOf = (node: PathNode | null, maxSegments = Infinity): string => {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  keys.reverse();
  const shown = keys.slice(0, maxSegments).join('.') + (keys.length > maxSegments ? '...' : '');
  // The field name itself must be printable: a bad key is shown with U+FFFD in place of the bad characters.
  return shown.replace(new RegExp(UNSTORABLE_CHAR.source, 'g'), '\ufffd') || '(body)';
};

/**
 * Validated input that zod accepts but nothing downstream can take: NUL characters and unpaired
 * surrogates in any string or key (PostgreSQL text and jsonb refuse both), non-finite numbers
 * (JSON's 1e400; stored as null), `__proto__` keys (one rule at every depth), and nesting deeper than
 * MAX_INPUT_DEPTH (JSON.stringify and jsonb recurse). Iterative, so it cannot overflow itself;
 * reports at most `limit` fields.
 */
export function unstorableFields(value: unknown, opts: UnstorableOptions & { limit?: number } = {}): FieldError[] {
  const { allowNul = false, allowLoneSurrogates = false, limit = 20 } = opts;
  const badChar = REFUSED_CHARS[allowNul ? (allowLoneSurrogates ? 'none' : 'surrogates') : allowLoneSurrogates ? 'nul' : 'all'];
  const out: FieldError[] = [];
  const badString = (field: () => string) =>
    out.push({ field: field(), message: 'must not contain NUL characters or unpaired UTF-16 surrogates', code: 'invalid_string' });
  if (typeof value === 'string') {
    if (badChar?.test(value)) badString(() => '(body)');
    return out;
  }
  // Only objects and arrays go on the stack: a leaf is checked where it is met, and a path is
  // built only for what is reported (a 5 MB array of numbers costs no allocation per element).
  const stack: { value: object; node: PathNode | null; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ value, node: null, depth: 0 });
  while (stack.length > 0 && out.length < limit) {
    const { value: v, node, depth } = stack.pop()!;
    if (depth >= MAX_INPUT_DEPTH) {
      out.push({ field: fieldOf(node, 3), message: `is nested more than ${MAX_INPUT_DEPTH} levels deep`, code: 'too_big' });
      continue;
    }
    const visit = (key: string, child: unknown) => {
      if (typeof child === 'string') {
        if (badChar?.test(child)) badString(() => fieldOf({ key, parent: node }, 20));
      } else if (typeof child === 'number') {
        // JSON allows 1e400, which parses to Infinity and would be stored as null.
        if (!Number.isFinite(child)) out.push({ field: fieldOf({ key, parent: node }, 20), message: 'must be a finite number', code: 'invalid_number' });
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, node: { key, parent: node }, depth: depth + 1 });
      }
    };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0 && out.length < limit; i--) visit(String(i), v[i]);
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0 && out.length < limit; i--) {
      const key = keys[i];
      if (badChar?.test(key)) {
        out.push({ field: fieldOf({ key, parent: node }, 20), message: 'key must not contain NUL characters or unpaired UTF-16 surrogates', code: 'invalid_key' });
        continue;
      }
      if (key === '__proto__') {
        out.push({ field: fieldOf({ key, parent: node }, 20), message: 'key "__proto__" is not allowed', code: 'invalid_key' });
        continue;
      }
      visit(key, (v as Record<string, unknown>)[key]);
    }
  }
  return out;
}

/**
 * The validation hook of every route: a zod failure, or input that cannot be stored (see
 * `unstorableFields`) in the body or query, is a 422 VALIDATION_ERROR.
 */
export function validationHook(opts: UnstorableOptions = {}) {
  return <T>(result: { target: string } & ({ success: true; data: T } | { success: false; error: ZodError })): undefined => {
    if (!result.success) throw validationError(fieldErrors(result.error));
    // Body and query values go into SQL and jsonb: what PostgreSQL cannot store is a 422, not a 500.
    if (result.target === 'json' || result.target === 'query') {
      const unstorable = unstorableFields(result.data, opts);
      if (unstorable.length > 0) throw validationError(unstorable);
    }
    return undefined;
  };
}

/**
 * What a route's JSON body validator does (zod-openapi: the schema's safeParse, then the app's
 * validationHook) for a request answered outside Hono (api/track-fast-path.ts): the same schema,
 * the same 422s. Synchronous: the body schemas have no async refinements.
 */
export function validJsonBody<S extends ZodType>(schema: S, value: unknown, hook = defaultHook): output<S> {
  const result = schema.safeParse(value);
  hook({ ...result, target: 'json' } as Parameters<typeof hook>[0]);
  return result.data as output<S>;
}

const defaultHook = validationHook();
