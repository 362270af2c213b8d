import type { ZodError } from 'zod';
import type { FieldError } from './errors.js';

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
