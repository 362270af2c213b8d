import { describe, expect, it } from 'vitest';
import { formatOffset, isValidTimeZone, offsetMinutesAt, parseWallTime, wallTimeAt, wavesFor, zonedTimeToUtc, type WallTime } from '../core/schedule/local-time.js';
import { isQuiet, nextAllowedInstant, parseHhMm } from '../core/schedule/quiet-hours.js';

const wall = (s: string): WallTime => parseWallTime(s)!;
const iso = (ms: number) => new Date(ms).toISOString();

describe('local time', () => {
  it('parses YYYY-MM-DDTHH:MM[:SS] without offset and refuses offsets, Z and impossible dates', () => {
    expect(parseWallTime('2026-12-01T09:00:00')).toEqual({ year: 2026, month: 12, day: 1, hour: 9, minute: 0, second: 0 });
    expect(parseWallTime('2026-12-01T09:30')).toMatchObject({ hour: 9, minute: 30, second: 0 });
    for (const bad of ['2026-12-01T09:00:00Z', '2026-12-01T09:00:00+01:00', '2026-02-30T09:00:00', '2026-12-01T24:00:00', '2026-12-01', 'tomorrow']) {
      expect(parseWallTime(bad), bad).toBeUndefined();
    }
  });

  it('knows IANA zones and refuses made-up ones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('converts a wall time to the instant it happens in a zone, on standard and summer time', () => {
    expect(iso(zonedTimeToUtc(wall('2026-12-01T09:00:00'), 'Europe/Berlin'))).toBe('2026-12-01T08:00:00.000Z');
    expect(iso(zonedTimeToUtc(wall('2026-07-01T09:00:00'), 'Europe/Berlin'))).toBe('2026-07-01T07:00:00.000Z');
    expect(iso(zonedTimeToUtc(wall('2026-12-01T09:00:00'), 'America/New_York'))).toBe('2026-12-01T14:00:00.000Z');
    expect(iso(zonedTimeToUtc(wall('2026-12-01T09:00:00'), 'Asia/Kathmandu'))).toBe('2026-12-01T03:15:00.000Z');
    expect(iso(zonedTimeToUtc(wall('2026-12-01T09:00:00'), 'UTC'))).toBe('2026-12-01T09:00:00.000Z');
    expect(offsetMinutesAt(Date.parse('2026-12-01T08:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(wallTimeAt(Date.parse('2026-12-01T08:00:00Z'), 'Europe/Berlin')).toMatchObject({ hour: 9, minute: 0 });
  });

  it('DST: a local time that does not exist (spring forward) is shifted forward by the gap', () => {
    // Europe/Berlin, 2026-03-29: 02:00 CET -> 03:00 CEST. 02:30 does not exist: it is 03:30 CEST (01:30Z).
    expect(iso(zonedTimeToUtc(wall('2026-03-29T02:30:00'), 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeAt(zonedTimeToUtc(wall('2026-03-29T02:30:00'), 'Europe/Berlin'), 'Europe/Berlin')).toMatchObject({ hour: 3, minute: 30 });
    // America/New_York, 2026-03-08: 02:00 EST -> 03:00 EDT. 02:15 is 03:15 EDT (07:15Z).
    expect(iso(zonedTimeToUtc(wall('2026-03-08T02:15:00'), 'America/New_York'))).toBe('2026-03-08T07:15:00.000Z');
    // The times around the gap are unchanged.
    expect(iso(zonedTimeToUtc(wall('2026-03-29T01:59:00'), 'Europe/Berlin'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(zonedTimeToUtc(wall('2026-03-29T03:00:00'), 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('DST: a local time that exists twice (fall back) is the earlier instant', () => {
    // Europe/Berlin, 2026-10-25: 03:00 CEST -> 02:00 CET. 02:30 happens at 00:30Z (CEST) and 01:30Z (CET).
    expect(iso(zonedTimeToUtc(wall('2026-10-25T02:30:00'), 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    // America/New_York, 2026-11-01: 01:30 happens at 05:30Z (EDT) and 06:30Z (EST).
    expect(iso(zonedTimeToUtc(wall('2026-11-01T01:30:00'), 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('groups zones into waves by UTC offset, earliest first, with the offset of that day', () => {
    const waves = wavesFor(wall('2026-12-01T09:00:00'), ['America/New_York', 'Europe/Berlin', 'Europe/Paris', 'Asia/Tokyo', 'UTC']);
    expect(waves.map((w) => [formatOffset(w.offsetMinutes), iso(w.atMs), w.zones])).toEqual([
      ['+09:00', '2026-12-01T00:00:00.000Z', ['Asia/Tokyo']],
      ['+01:00', '2026-12-01T08:00:00.000Z', ['Europe/Berlin', 'Europe/Paris']],
      ['+00:00', '2026-12-01T09:00:00.000Z', ['UTC']],
      ['-05:00', '2026-12-01T14:00:00.000Z', ['America/New_York']],
    ]);
    expect(formatOffset(345)).toBe('+05:45');
    expect(formatOffset(-210)).toBe('-03:30');
  });
});

describe('quiet hours', () => {
  const night = { start: '21:00', end: '08:00' };
  const noon = { start: '12:00', end: '14:00' };

  it('parses HH:MM and refuses anything else', () => {
    expect(parseHhMm('21:00')).toBe(1260);
    expect(parseHhMm('00:00')).toBe(0);
    for (const bad of ['24:00', '9:00', '21:60', '21-00', '']) expect(parseHhMm(bad), bad).toBeUndefined();
  });

  it('a window past midnight: start inclusive, end exclusive', () => {
    expect(isQuiet(night, wall('2026-12-01T21:00:00'))).toBe(true);
    expect(isQuiet(night, wall('2026-12-01T03:00:00'))).toBe(true);
    expect(isQuiet(night, wall('2026-12-01T07:59:59'))).toBe(true);
    expect(isQuiet(night, wall('2026-12-01T08:00:00'))).toBe(false);
    expect(isQuiet(night, wall('2026-12-01T20:59:00'))).toBe(false);
    expect(isQuiet(noon, wall('2026-12-01T12:30:00'))).toBe(true);
    expect(isQuiet(noon, wall('2026-12-01T14:00:00'))).toBe(false);
    expect(isQuiet(noon, wall('2026-12-01T11:00:00'))).toBe(false);
  });

  it('the next allowed instant is the same instant outside the window, else the window end in the contact zone', () => {
    const at = Date.parse('2026-12-01T10:00:00Z');
    expect(nextAllowedInstant(night, 'Europe/Berlin', at)).toBe(at);
    // 23:00 in Berlin (22:00Z): wait until 08:00 Berlin the next morning (07:00Z).
    expect(iso(nextAllowedInstant(night, 'Europe/Berlin', Date.parse('2026-12-01T22:00:00Z')))).toBe('2026-12-02T07:00:00.000Z');
    // 03:00 in Berlin (02:00Z): the window ends the same morning.
    expect(iso(nextAllowedInstant(night, 'Europe/Berlin', Date.parse('2026-12-02T02:00:00Z')))).toBe('2026-12-02T07:00:00.000Z');
    // 12:30 in Tokyo (03:30Z) in a noon window: 14:00 Tokyo (05:00Z).
    expect(iso(nextAllowedInstant(noon, 'Asia/Tokyo', Date.parse('2026-12-01T03:30:00Z')))).toBe('2026-12-01T05:00:00.000Z');
  });

  it('a window ending at a time that does not exist that day opens after the gap (DST rule)', () => {
    // Berlin 2026-03-29 01:30 local (00:30Z), window ends at 02:30, which does not exist: 03:30 CEST (01:30Z).
    expect(iso(nextAllowedInstant({ start: '21:00', end: '02:30' }, 'Europe/Berlin', Date.parse('2026-03-29T00:30:00Z')))).toBe('2026-03-29T01:30:00.000Z');
  });
});
