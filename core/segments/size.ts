import { DomainError, type FieldError } from '../errors.js';
import type { Condition, Filter } from './condition.js';
import { compileFilterAlone } from './compile-node.js';
import { UnresolvedSegmentError } from './compile-relations.js';
import { MAX_COMPILED_PARAMS, parseField, SIZE_HELP } from './fields.js';
import type { SegmentRef } from './sql.js';

export { MAX_COMPILED_PARAMS, SIZE_HELP };

/** A condition (or a segment it names, after an edit) compiles to more values than MAX_COMPILED_PARAMS. */
export class ConditionTooLargeError extends DomainError {
  constructor(
    readonly size: number,
    what: string,
    field = 'condition',
  ) {
    const shown = Number.isFinite(size) ? size.toLocaleString('en-US') : 'more than 9,007,199,254,740,991';
    super('VALIDATION_ERROR', `${what} is too large: it compiles to ${shown} values, the limit is ${MAX_COMPILED_PARAMS.toLocaleString('en-US')}`, {
      errors: [{ field, message: `${SIZE_HELP}; this one holds ${shown}`, code: 'too_large' }],
      suggestion: 'Name fewer segments (or segments with smaller conditions): every `segment.<id>` is expanded into the segment\'s condition.',
    });
    this.name = 'ConditionTooLargeError';
  }
}

/** The same error naming another field (a campaign's audienceFilter, a workflow step's condition). */
export function tooLargeAt(e: ConditionTooLargeError, field: string): FieldError[] {
  return (e.errors ?? []).map((x) => ({ ...x, field }));
}

/**
 * What `compileCondition` would produce, counted without building it: each filter's own values,
 * and for a DYNAMIC segment the size of its condition, computed once per segment (memo), so this
 * is linear in the distinct segments however many times they are named. Cycles throw
 * UnresolvedSegmentError as the compiler does.
 */
export function compiledSize(condition: Condition, segments: ReadonlyMap<string, SegmentRef> | undefined, memo = new Map<string, number>()): number {
  const visiting: string[] = [];
  const ofSegment = (id: string): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const ref = segments?.get(id);
    if (!ref) throw new UnresolvedSegmentError(id, 'missing');
    if (ref.type === 'STATIC' || !ref.condition) return 1; // the segment_members probe: one value
    if (visiting.includes(id)) throw new UnresolvedSegmentError(id, 'cycle');
    visiting.push(id);
    try {
      const n = ofCondition(ref.condition);
      memo.set(id, n);
      return n;
    } finally {
      visiting.pop();
    }
  };
  const ofFilter = (f: Filter): number => {
    const ref = parseField(f.field);
    if (ref?.family === 'segment') return ofSegment(ref.segmentId);
    return compileFilterAlone(f).params.length;
  };
  const ofCondition = (c: Condition): number => {
    let n = 0;
    for (const g of c.groups) {
      for (const f of g.filters) n += ofFilter(f);
      if (g.conditions) n += ofCondition(g.conditions);
    }
    return n;
  };
  return ofCondition(condition);
}

/** Throws ConditionTooLargeError when `condition` compiles to more than MAX_COMPILED_PARAMS values. */
export function assertCompiledSize(condition: Condition, segments: ReadonlyMap<string, SegmentRef> | undefined, what = 'The condition', field = 'condition'): void {
  const size = compiledSize(condition, segments);
  if (size > MAX_COMPILED_PARAMS) throw new ConditionTooLargeError(size, what, field);
}
