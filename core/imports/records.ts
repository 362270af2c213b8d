import { DomainError } from '../errors.js';

/** A record of an uploaded file: its text and the line (1-based) it starts on. */
export interface RawRecord {
  line: number;
  text: string;
}

export type ImportFormat = 'csv' | 'ndjson';

/** Longest record (one CSV record or one NDJSON line) an import takes. */
export const MAX_RECORD_BYTES = 1024 * 1024;

const LF = 0x0a;
const QUOTE = 0x22;

export const recordTooLong = (line: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', `The record starting on line ${line} is longer than ${MAX_RECORD_BYTES} bytes`, {
    suggestion: 'Each CSV record (or NDJSON line) of an import is at most 1 MB; check for an unclosed quote.',
  });

/**
 * Cuts a byte stream into records as it arrives, holding only the record under way: NDJSON at each
 * line feed, CSV at each line feed outside a quoted field (RFC 4180: a quoted field may span
 * lines). A trailing CR is dropped, blank lines are skipped (their lines still count).
 */
export class RecordSplitter {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private inQuotes = false;
  /** Line the record under way starts on; lines seen so far. */
  private startLine = 1;
  private line = 1;
  /** Whether the record under way is the file's first (a UTF-8 BOM, U+FEFF, may start it). */
  private first = true;

  constructor(private readonly format: ImportFormat) {}

  push(chunk: Uint8Array): RawRecord[] {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: RawRecord[] = [];
    let from = 0;
    // Scanned with indexOf (native) for line feeds and, in CSV, quotes: not byte by byte in JS.
    let quote = this.format === 'csv' ? buf.indexOf(QUOTE) : -1;
    for (let lf = buf.indexOf(LF); ; lf = buf.indexOf(LF, lf + 1)) {
      const end = lf < 0 ? buf.length : lf;
      for (; quote >= 0 && quote < end; quote = buf.indexOf(QUOTE, quote + 1)) this.inQuotes = !this.inQuotes;
      if (lf < 0) break;
      this.line++;
      if (this.inQuotes) continue;
      this.emit(out, buf.subarray(from, lf));
      from = lf + 1;
    }
    this.take(buf.subarray(from));
    if (this.partBytes > MAX_RECORD_BYTES) throw recordTooLong(this.startLine);
    return out;
  }

  /** The last record (a file need not end with a line feed). */
  end(): RawRecord[] {
    const out: RawRecord[] = [];
    this.emit(out, Buffer.alloc(0));
    return out;
  }

  private take(part: Buffer) {
    if (part.length === 0) return;
    this.parts.push(Buffer.from(part)); // a copy: the stream may reuse its chunk
    this.partBytes += part.length;
  }

  /** The record under way, ending with `tail` (read from the chunk directly when the record is all in it). */
  private emit(out: RawRecord[], tail: Buffer) {
    if (this.partBytes + tail.length > MAX_RECORD_BYTES) throw recordTooLong(this.startLine);
    let text = this.parts.length === 0 ? tail.toString('utf8') : Buffer.concat([...this.parts, tail], this.partBytes + tail.length).toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    // A BOM (editors on Windows write one) is no part of the first record: JSON.parse refuses it.
    if (this.first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.first = false;
    if (text.trim() !== '') out.push({ line: this.startLine, text });
    this.parts = [];
    this.partBytes = 0;
    this.startLine = this.line;
  }
}

/**
 * The fields of one CSV record (RFC 4180): comma-separated, a field in double quotes may hold
 * commas, line breaks and `""` for a quote. Null when a quote is not closed or text follows a
 * closing quote.
 */
export function parseCsvRecord(text: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    if (text.charCodeAt(i) === QUOTE) {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return null;
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += '"';
          j = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      fields.push(value);
      if (i === n) return fields;
      if (text[i] !== ',') return null;
      i++;
    } else {
      const comma = text.indexOf(',', i);
      if (comma < 0) {
        fields.push(text.slice(i));
        return fields;
      }
      fields.push(text.slice(i, comma));
      i = comma + 1;
    }
  }
}

/** One CSV field as written: quoted when it holds a comma, quote, CR or LF (or starts/ends with a space). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
