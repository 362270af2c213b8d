/**
 * What a condition filter may name and do: the field families, the operators each one takes, and
 * the value each operator needs. One table read by the schema (messages) and the compiler (SQL).
 */

import { eventNameProblem, normalizeEventName } from '../events/name.js';

export const OPERATORS = [
  'equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith',
  'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'in', 'notIn',
  'exists', 'notExists', 'within', 'olderThan',
  'triggered', 'notTriggered', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const TIME_UNITS = ['minutes', 'hours', 'days'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export const UNIT_MS: Record<TimeUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

export const EMAIL_ACTIVITIES = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'] as const;

/** Limits of one `data.<path>` field and of `in` lists. */
export const MAX_PATH_SEGMENTS = 10;
export const MAX_KEY_LENGTH = 200;
export const MAX_IN_VALUES = 100;
/**
 * Most values (bind parameters) one condition may compile to, with every `segment.<id>` of a
 * DYNAMIC segment counted as that segment's own condition, transitively: the size of the condition
 * expanded. (The SQL is smaller: a segment named more than once is compiled once and shared,
 * compile.ts; the bound stays on the expanded size, the work one condition may stand for.)
 * A condition without references stays far below it (100 filters of 100-value `in` lists are about
 * 11,000); 100 references to a segment of 100 such filters is over it. Without a bound, references
 * of references grow exponentially (100 x 100 x 100 is a million filters).
 */
export const MAX_COMPILED_PARAMS = 20_000;

export const SIZE_HELP =
  `Compiled, a condition holds at most ${MAX_COMPILED_PARAMS.toLocaleString('en-US')} values (about one per filter, one per \`in\` value), ` +
  'each `segment.<id>` of a DYNAMIC segment counting as that segment\'s whole condition, transitively';

/** Longest `within`/`olderThan` window: 100 years. */
export const MAX_WINDOW_MS = 100 * 365 * UNIT_MS.days;

export type FieldRef =
  | { family: 'email' }
  | { family: 'subscribed' }
  | { family: 'date'; column: 'created_at' | 'updated_at' }
  | { family: 'data'; path: string[] }
  | { family: 'event'; name: string }
  | { family: 'segment'; segmentId: string };

export type Family = FieldRef['family'];

const STRING_OPS: Operator[] = ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'notIn'];
const DATE_OPS: Operator[] = ['equals', 'notEquals', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'within', 'olderThan'];
const EVENT_OPS: Operator[] = ['triggered', 'notTriggered', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin'];

export const OPERATORS_BY_FAMILY: Record<Family, readonly Operator[]> = {
  email: STRING_OPS,
  subscribed: ['equals', 'notEquals'],
  date: DATE_OPS,
  data: OPERATORS.filter((o) => !EVENT_OPS.includes(o)),
  event: EVENT_OPS,
  segment: ['equals', 'notEquals', 'exists', 'notExists'],
};

/** Operators that need `value` + `unit` (a window back from now). */
export const WINDOW_OPS: ReadonlySet<Operator> = new Set(['within', 'olderThan', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin']);
/** Operators that take no value. */
export const VALUELESS_OPS: ReadonlySet<Operator> = new Set(['exists', 'notExists', 'triggered', 'notTriggered']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const FIELD_HELP =
  'one of email, subscribed, createdAt, updatedAt, data.<path>, event.<name> (a name with spaces or quotes as a JSON string: event."Signed Up"), ' +
  `email.<${EMAIL_ACTIVITIES.join('|')}>, segment.<id>`;

/**
 * The name in `event.<name>`: as written when it has no whitespace and does not start with `"`,
 * else a JSON string literal (`event."Signed Up"`, `event."say \"hi\""`). Either way the one rule
 * of event names applies (core/events/name.ts: normalised, 1-255 characters); null when invalid.
 */
export function parseEventFieldName(rest: string): string | null {
  let name: unknown = rest;
  if (rest.startsWith('"')) {
    try {
      name = JSON.parse(rest);
    } catch {
      return null;
    }
    if (typeof name !== 'string') return null;
  } else if (/\s/.test(rest)) return null;
  const normalized = normalizeEventName(name as string);
  return eventNameProblem(normalized) ? null : normalized;
}

/** Parses a filter's `field`; null when it names nothing known. */
export function parseField(field: string): FieldRef | null {
  if (field === 'email') return { family: 'email' };
  if (field === 'subscribed') return { family: 'subscribed' };
  if (field === 'createdAt') return { family: 'date', column: 'created_at' };
  if (field === 'updatedAt') return { family: 'date', column: 'updated_at' };
  const dot = field.indexOf('.');
  if (dot < 0) return null;
  const head = field.slice(0, dot);
  const rest = field.slice(dot + 1);
  if (head === 'data') {
    const path = rest.split('.');
    const ok = path.length <= MAX_PATH_SEGMENTS && path.every((k) => k.length > 0 && k.length <= MAX_KEY_LENGTH);
    return ok ? { family: 'data', path } : null;
  }
  if (head === 'event') {
    const name = parseEventFieldName(rest);
    return name === null ? null : { family: 'event', name };
  }
  if (head === 'email') return (EMAIL_ACTIVITIES as readonly string[]).includes(rest) ? { family: 'event', name: `email.${rest}` } : null;
  if (head === 'segment') return UUID.test(rest) ? { family: 'segment', segmentId: rest.toLowerCase() } : null;
  return null;
}

/* ---------- dates ---------- */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Hours 00-23: JavaScript reads 24:00 as the next day's midnight. */
const DATETIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

export type DateValue = { kind: 'day'; start: Date; end: Date } | { kind: 'instant'; at: Date };

/** The start of a `YYYY-MM-DD` UTC day; null when no such day exists (JavaScript rolls 2026-02-31 into March). */
function utcDay(text: string): Date | null {
  const day = DAY.exec(text);
  if (!day) return null;
  const start = new Date(Date.UTC(+day[1], +day[2] - 1, +day[3]));
  return start.toISOString().slice(0, 10) === text ? start : null;
}

/** `YYYY-MM-DD` (a whole UTC day) or an ISO datetime with a zone, on a real calendar day; null for anything else. */
export function parseDateValue(v: unknown): DateValue | null {
  if (typeof v !== 'string') return null;
  if (DAY.test(v)) {
    const start = utcDay(v);
    return start ? { kind: 'day', start, end: new Date(start.getTime() + UNIT_MS.days) } : null;
  }
  const dt = DATETIME.exec(v);
  if (!dt || !utcDay(dt[1])) return null;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? null : { kind: 'instant', at };
}

export const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
