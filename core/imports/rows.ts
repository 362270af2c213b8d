import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { validationError } from '../errors.js';
import { isValidTimeZone } from '../schedule/local-time.js';
import { parseCsvRecord, type ImportFormat } from './records.js';

/*
 * From a staged record to a contact to upsert, or to the reason it is invalid. The rules are
 * POST /contacts' (email trimmed, lower-cased, IDN domain in punycode, at most 254 characters,
 * local part at most 64 octets; data keys 1-200 characters, never `__proto__`; a time zone an IANA
 * name this runtime knows).
 */

/** What one valid record asks for. `remove`: data keys to delete (NDJSON `null`s, as POST /contacts). */
export interface ImportRow {
  line: number;
  email: string;
  subscribed: boolean | null;
  data: Record<string, unknown>;
  remove: string[];
  /** The contact's time zone: a zone sets it, null clears it (NDJSON), undefined leaves it. */
  timezone?: string | null;
}

export interface InvalidRow {
  line: number;
  field: string;
  reason: string;
}

/** A CSV file's columns: where the email, subscribed and timezone fields are, and the data path of each other column. */
export interface CsvColumns {
  email: number;
  subscribed: number | null;
  /** Absent in the columns of an import staged before time zones were read: none. */
  timezone?: number | null;
  /** Per column index: its data path (`company.name` -> ['company', 'name']), null for email/subscribed/timezone. */
  paths: (string[] | null)[];
}

const TIMEZONE_REASON = 'is not an IANA time zone such as Europe/Berlin or America/New_York';

const MAX_KEY = 200;
const badKey = (k: string) => k.length === 0 || k.length > MAX_KEY || k === '__proto__';

/** The header record of a CSV import; a file it cannot describe is refused before anything is stored. */
export function parseCsvHeader(text: string): CsvColumns {
  const names = parseCsvRecord(text.replace(/^\uFEFF/, ''));
  const problem = (message: string, code = 'invalid_header') => validationError([{ field: 'header', message, code }], 'The CSV header row is not usable');
  if (!names) throw problem('the header row is not valid CSV (an unclosed quote?)');
  const seen = new Set<string>();
  const cols: CsvColumns = { email: -1, subscribed: null, timezone: null, paths: [] };
  names.forEach((raw, i) => {
    const name = raw.trim();
    const lower = name.toLowerCase();
    if (seen.has(lower)) throw problem(`column "${name}" appears twice`);
    seen.add(lower);
    if (lower === 'email') {
      cols.email = i;
      cols.paths.push(null);
    } else if (lower === 'subscribed') {
      cols.subscribed = i;
      cols.paths.push(null);
    } else if (lower === 'timezone') {
      cols.timezone = i;
      cols.paths.push(null);
    } else {
      const path = name.split('.');
      if (path.some(badKey)) throw problem(`column ${i + 1} ("${name}"): each part of a data column name is 1-${MAX_KEY} characters and not __proto__`);
      cols.paths.push(path);
    }
  });
  if (cols.email < 0) throw problem('the header row has no "email" column', 'missing_email_column');
  return cols;
}

/**
 * The data paths a CSV export may write as columns: those parseCsvHeader reads back as the same
 * path. A name with spaces around it, one of the reserved columns in any case, or with an empty,
 * over-long or __proto__ part would be read as something else or refuse the whole file, and two
 * names equal but for case would refuse it too (the header is case-insensitive): such paths are
 * left out of the CSV (the NDJSON export carries every key).
 */
export function readableDataColumns(paths: string[]): string[] {
  const seen = new Set<string>(['email', 'subscribed', 'timezone']);
  return paths.filter((name) => {
    const lower = name.toLowerCase();
    if (name !== name.trim() || seen.has(lower) || name.split('.').some(badKey)) return false;
    seen.add(lower);
    return true;
  });
}

const emailFormat = z.string().max(254).email();

/** The address as POST /contacts stores it, or the reason it is refused. */
export function normalizeImportEmail(value: string): { email: string } | { reason: string } {
  let email = value.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at > 0 && /[^\x00-\x7f]/.test(email.slice(at + 1))) {
    const ascii = domainToASCII(email.slice(at + 1));
    if (ascii) email = `${email.slice(0, at + 1)}${ascii}`;
  }
  if (email === '') return { reason: 'is empty' };
  if (!emailFormat.safeParse(email).success) return { reason: 'is not a valid email address' };
  if (Buffer.byteLength(email.slice(0, at)) > 64) return { reason: 'local part (before @) is longer than 64 characters' };
  return { email };
}

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n']);

function parseSubscribed(v: unknown): boolean | null | undefined {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase();
  return TRUE.has(s) ? true : FALSE.has(s) ? false : undefined;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const next = node[path[i]];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[path[i]] = {};
    node = node[path[i]] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

/** One CSV record: email, subscribed and timezone (empty: not said) by column, every other non-empty field into `data` (strings, dotted names nested). */
export function parseCsvRow(line: number, text: string, cols: CsvColumns): ImportRow | InvalidRow {
  const fields = parseCsvRecord(text);
  if (!fields) return { line, field: 'record', reason: 'is not valid CSV (an unclosed quote, or text after a closing quote)' };
  if (fields.length !== cols.paths.length) return { line, field: 'record', reason: `has ${fields.length} fields, the header has ${cols.paths.length}` };
  const email = normalizeImportEmail(fields[cols.email]);
  if ('reason' in email) return { line, field: 'email', reason: email.reason };
  const subscribed = cols.subscribed === null ? null : parseSubscribed(fields[cols.subscribed]);
  if (subscribed === undefined) return { line, field: 'subscribed', reason: 'is not true or false' };
  const zone = cols.timezone === null || cols.timezone === undefined ? '' : fields[cols.timezone].trim();
  if (zone !== '' && !isValidTimeZone(zone)) return { line, field: 'timezone', reason: TIMEZONE_REASON };
  const data: Record<string, unknown> = Object.create(null);
  for (let i = 0; i < fields.length; i++) {
    const path = cols.paths[i];
    if (path && fields[i] !== '') setPath(data, path, fields[i]);
  }
  return { line, email: email.email, subscribed, data: { ...data }, remove: [], ...(zone === '' ? {} : { timezone: zone }) };
}

/** Fields of a contact as GET /contacts and the NDJSON export write them, ignored on import. */
const READ_ONLY = new Set(['id', 'createdAt', 'updatedAt']);

/** NUL and unpaired surrogates: JSON.parse accepts their escapes, PostgreSQL's jsonb does not. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MAX_DEPTH = 64;

/** Why a data value cannot be stored (a bad key or an unstorable string, at any depth), or null. */
function badData(value: unknown, path: string, depth = 0): string | null {
  if (depth > MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH} levels`;
  if (typeof value === 'string') return UNSTORABLE.test(value) ? `${path}: contains a NUL character or an unpaired surrogate` : null;
  if (value === null || typeof value !== 'object') return null;
  const isArray = Array.isArray(value);
  for (const [k, v] of Object.entries(value)) {
    if (!isArray && (badKey(k) || UNSTORABLE.test(k))) return `${path}: keys are 1-${MAX_KEY} characters, not __proto__, without NUL characters`;
    const inner = badData(v, `${path}.${k}`, depth + 1);
    if (inner) return inner;
  }
  return null;
}

/**
 * One NDJSON line: `{"email": ..., "subscribed"?: boolean, "data"?: {...}, "timezone"?: zone or null}`;
 * a null data value removes that key, a null timezone clears the contact's (as POST /contacts).
 */
export function parseNdjsonRow(line: number, text: string): ImportRow | InvalidRow {
  let value: unknown;
  try {
    value = JSON.parse(text); // an own "__proto__" key stays a plain key here, refused below
  } catch {
    return { line, field: 'record', reason: 'is not valid JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { line, field: 'record', reason: 'is not a JSON object' };
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (k !== 'email' && k !== 'subscribed' && k !== 'data' && k !== 'timezone' && !READ_ONLY.has(k)) return { line, field: k, reason: 'is not a contact field (attributes go under "data")' };
  }
  if (typeof obj.email !== 'string') return { line, field: 'email', reason: 'is missing or not a string' };
  const email = normalizeImportEmail(obj.email);
  if ('reason' in email) return { line, field: 'email', reason: email.reason };
  if (obj.subscribed !== undefined && typeof obj.subscribed !== 'boolean') return { line, field: 'subscribed', reason: 'is not a boolean' };
  if (obj.timezone !== undefined && obj.timezone !== null && (typeof obj.timezone !== 'string' || !isValidTimeZone(obj.timezone))) return { line, field: 'timezone', reason: TIMEZONE_REASON };
  const data = obj.data ?? {};
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { line, field: 'data', reason: 'is not an object' };
  const bad = badData(data, 'data');
  if (bad) return { line, field: 'data', reason: bad };
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (v === null) remove.push(k);
    else set[k] = v;
  }
  return { line, email: email.email, subscribed: (obj.subscribed as boolean | undefined) ?? null, data: set, remove, ...(obj.timezone === undefined ? {} : { timezone: obj.timezone as string | null }) };
}

export const isInvalid = (r: ImportRow | InvalidRow): r is InvalidRow => 'reason' in r;

export function parseRow(format: ImportFormat, line: number, text: string, cols: CsvColumns | null): ImportRow | InvalidRow {
  return format === 'csv' ? parseCsvRow(line, text, cols!) : parseNdjsonRow(line, text);
}
