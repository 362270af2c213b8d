import { wallTimeAt, zonedTimeToUtc, type WallTime } from './local-time.js';

/*
 * Quiet hours: a daily window of contact-local wall-clock time in which no MARKETING mail goes out
 * (`{"start": "21:00", "end": "08:00"}`: from 21:00 to 08:00 the next morning). A window whose
 * start is before its end lies within one day (`{"start": "12:00", "end": "14:00"}`); start equal
 * to end is refused by the settings (it would be empty or the whole day). The window is half
 * open: 21:00 is quiet, 08:00 is not.
 */

export interface QuietHours {
  /** `HH:MM`, 24-hour. */
  start: string;
  end: string;
}

const HHMM_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of `HH:MM`; undefined when malformed. */
export function parseHhMm(s: string): number | undefined {
  const m = HHMM_RE.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

const minuteOfDay = (w: WallTime) => w.hour * 60 + w.minute + w.second / 60;

/** Whether the wall time `w` falls inside the window. */
export function isQuiet(q: QuietHours, w: WallTime): boolean {
  const start = parseHhMm(q.start)!;
  const end = parseHhMm(q.end)!;
  const m = minuteOfDay(w);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/**
 * The first instant at or after `atMs` outside the contact-local window: `atMs` itself when it is
 * not quiet, else the next time the wall clock in `zone` shows `end` (by the DST rule of
 * local-time.ts, should `end` not exist that day).
 */
export function nextAllowedInstant(q: QuietHours, zone: string, atMs: number): number {
  const w = wallTimeAt(atMs, zone);
  if (!isQuiet(q, w)) return atMs;
  const end = parseHhMm(q.end)!;
  const endToday: WallTime = { year: w.year, month: w.month, day: w.day, hour: Math.floor(end / 60), minute: end % 60, second: 0 };
  const today = zonedTimeToUtc(endToday, zone);
  if (today > atMs) return today;
  // The window runs past midnight: it opens at `end` on the next calendar day.
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return zonedTimeToUtc({ ...endToday, year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, zone);
}
