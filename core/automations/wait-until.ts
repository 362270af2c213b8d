import { WEEKDAYS } from './definition.js';

type Weekday = (typeof WEEKDAYS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(tz: string, ms: number) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year, m: p.month, d: p.day, H: p.hour, M: p.minute, S: p.second };
}

/** Local time minus UTC at this instant, in ms (e.g. +3,600,000 for CET). */
function offsetAt(tz: string, ms: number): number {
  const p = partsIn(tz, ms);
  return Date.UTC(p.y, p.m - 1, p.d, p.H, p.M, p.S) - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant a local wall-clock time happens in `tz`. Two passes settle the offset across a DST
 * change; a time that does not exist that day (spring forward gap) comes out shifted forward by
 * the gap (02:30 -> 03:30), the way clocks move.
 */
export function localTimeToUtc(tz: string, y: number, m: number, d: number, H: number, M: number): number {
  const wall = Date.UTC(y, m - 1, d, H, M);
  const first = wall - offsetAt(tz, wall);
  return wall - offsetAt(tz, first);
}

/** The next instant after `now` when it is `time` ("HH:MM") in `tz`, on one of `days` (local weekdays) when given. */
export function nextLocalTime(now: Date, time: string, tz: string, days?: readonly Weekday[]): Date {
  const [H, M] = time.split(':').map(Number);
  const today = partsIn(tz, now.getTime());
  for (let k = 0; k <= 8; k++) {
    const date = new Date(Date.UTC(today.y, today.m - 1, today.d + k));
    const weekday = WEEKDAYS[(date.getUTCDay() + 6) % 7];
    if (days && !days.includes(weekday)) continue;
    const at = localTimeToUtc(tz, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), H, M);
    if (at > now.getTime()) return new Date(at);
  }
  throw new Error(`No ${time} in ${tz} within 8 days`); // unreachable: days has at least one weekday
}
