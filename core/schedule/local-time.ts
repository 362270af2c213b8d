/*
 * Wall-clock times in IANA time zones, with the Intl API only (no time-zone library).
 *
 * The DST rule (documented in the README and the OpenAPI description of `localTime`):
 *  - a local time that does not exist on that day (clocks jump forward, e.g. 02:30 on the spring
 *    change in Europe/Berlin) is shifted forward by the gap: it is sent at the instant the wall clock
 *    would show that time had it not jumped (02:30 -> 03:30 local, the same instant as 01:30 + 1 h
 *    on the old offset);
 *  - a local time that exists twice (clocks fall back, e.g. 02:30 on the autumn change) is the
 *    earlier of the two instants (the first 02:30, still on summer time).
 */

const LOCAL_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A wall-clock date and time without an offset, `YYYY-MM-DDTHH:MM[:SS]`. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Parses `YYYY-MM-DDTHH:MM[:SS]` (no offset, no `Z`); undefined when malformed or not a real date. */
export function parseWallTime(s: string): WallTime | undefined {
  const m = LOCAL_TIME_RE.exec(s);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
  const t = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time-zone name this runtime knows (`Europe/Berlin`, `UTC`). */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `zone` at instant `ms`. */
export function wallTimeAt(ms: number, zone: string): WallTime {
  const parts = formatterFor(zone).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

const asUtcMs = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at instant `ms`, in minutes (Berlin in winter: 60; New York in winter: -300). */
export function offsetMinutesAt(ms: number, zone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return Math.round((asUtcMs(wallTimeAt(wholeSecond, zone)) - wholeSecond) / 60_000);
}

/**
 * The instant (ms since the epoch) at which the wall clock in `zone` shows `w`, by the DST rule
 * above: a nonexistent time is shifted forward by the gap, an ambiguous one is the earlier instant.
 */
export function zonedTimeToUtc(w: WallTime, zone: string): number {
  const naive = asUtcMs(w);
  // Every offset in use lies within ±18 h; the offsets around `naive` give every candidate.
  const offsets = new Set([offsetMinutesAt(naive - 18 * 3_600_000, zone), offsetMinutesAt(naive, zone), offsetMinutesAt(naive + 18 * 3_600_000, zone)]);
  const exact = [...offsets]
    .map((o) => naive - o * 60_000)
    .filter((t) => offsetMinutesAt(t, zone) * 60_000 === naive - t)
    .sort((a, b) => a - b);
  if (exact.length > 0) return exact[0];
  // In a gap: read the time on the offset in force before the jump (the smaller one for a
  // forward jump), which lands after the gap by the same distance as the wall time after its start.
  const before = offsetMinutesAt(naive - 18 * 3_600_000, zone);
  return naive - before * 60_000;
}

/** `+09:00`, `-05:00`, `+05:45`, `+00:00` for an offset in minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The UTC offset of the local moment: how far the wall time lies ahead of the instant it is sent at. */
export const waveOffsetMinutes = (w: WallTime, atMs: number) => Math.round((asUtcMs(w) - atMs) / 60_000);

/**
 * Local-time waves: for each zone, the instant `localTime` happens there (DST rule above), grouped
 * by UTC offset (zones with the same offset that day share one wave). Sorted by time.
 */
export function wavesFor(localTime: WallTime, zones: Iterable<string>): { offsetMinutes: number; atMs: number; zones: string[] }[] {
  const byAt = new Map<number, string[]>();
  for (const z of new Set(zones)) {
    const at = zonedTimeToUtc(localTime, z);
    byAt.set(at, [...(byAt.get(at) ?? []), z]);
  }
  return [...byAt.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([atMs, zs]) => ({ atMs, offsetMinutes: waveOffsetMinutes(localTime, atMs), zones: zs.sort() }));
}
