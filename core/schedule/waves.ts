import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../../db/entities/campaign.js';
import type { ProjectSettings } from '../../db/entities/project.js';
import { listParam, sqlRows, sqlRun } from '../../db/sql.js';
import { formatOffset, offsetMinutesAt, parseWallTime, zonedTimeToUtc } from './local-time.js';
import { nextAllowedInstant } from './quiet-hours.js';
import { contactZone, timingSettings } from './settings.js';

/*
 * Campaign waves. A campaign goes out in waves when it has a `localTime` (each recipient at that
 * wall-clock time in their zone) or when it is MARKETING and the project has quiet hours (each
 * recipient at the first instant outside them, contact-local). Each recipient row gets its due
 * time (`due_at`) and its zone's UTC offset at that moment (`utc_offset`) when it is enlisted;
 * recipients whose zones share an offset that day share a wave. One workflow per campaign
 * delivers the rows due by now, waits for the next due time, and so on (workflows/campaign-waves.ts).
 *
 * Past-due rule: a recipient whose local moment has already passed when the campaign starts
 * sending is due at once (the first wave), never the next day.
 */

/** Whether the campaign is delivered in waves (decided when it starts sending). */
export const sendsInWaves = (c: Pick<Campaign, 'localTime' | 'type'>, settings: ProjectSettings | undefined) =>
  !!c.localTime || (c.type === 'MARKETING' && !!timingSettings(settings).quietHours);

/** A recipient's due time and offset: the local moment (or now), past-due at once, then out of quiet hours (MARKETING). */
export function recipientDue(c: Pick<Campaign, 'localTime' | 'type'>, settings: ProjectSettings | undefined, zone: string, nowMs: number): { atMs: number; offsetMinutes: number } {
  const wall = c.localTime ? parseWallTime(c.localTime) : undefined;
  let at = Math.max(wall ? zonedTimeToUtc(wall, zone) : nowMs, nowMs);
  const quiet = timingSettings(settings).quietHours;
  if (quiet && c.type === 'MARKETING') at = nextAllowedInstant(quiet, zone, at);
  return { atMs: at, offsetMinutes: offsetMinutesAt(at, zone) };
}

/** Sets due_at and utc_offset of the just-enlisted rows of these contacts (rows that have one keep it). */
export async function setRecipientDueTimes(em: EntityManager, c: Campaign, settings: ProjectSettings | undefined, contactIds: string[], nowMs: number): Promise<void> {
  if (contactIds.length === 0) return;
  const rows = await sqlRows<{ id: string; timezone: string | null }>(em, `select id, timezone from contacts where id = ${listParam('uuid')}`, [JSON.stringify(contactIds)]);
  const s = timingSettings(settings);
  const byZone = new Map<string, { atMs: number; offsetMinutes: number }>();
  const v = rows.map((r) => {
    const zone = contactZone(r, s);
    let due = byZone.get(zone);
    if (!due) byZone.set(zone, (due = recipientDue(c, settings, zone, nowMs)));
    return { contact_id: r.id, due_at: new Date(due.atMs).toISOString(), utc_offset: due.offsetMinutes };
  });
  await sqlRun(
    em,
    `update campaign_recipients r set due_at = v.due_at, utc_offset = v.utc_offset
       from jsonb_to_recordset(?::jsonb) as v(contact_id uuid, due_at timestamptz, utc_offset int)
      where r.campaign_id = ? and r.contact_id = v.contact_id and r.due_at is null`,
    [JSON.stringify(v), c.id],
  );
}

/**
 * The next wave: none left, rows due now (deliver those due by `dueBy`), or how long until the
 * next and its due time (`at`: once the wait is over, the rows due by `at` are that wave).
 */
export type NextWave = { state: 'DONE' } | { state: 'DUE'; dueBy: string } | { state: 'WAIT'; waitMs: number; at: string };

export async function nextWave(em: EntityManager, campaignId: string): Promise<NextWave> {
  // The next due time in whole milliseconds, rounded up: `at` (a JavaScript instant) is then never
  // before a due_at stored with microseconds, so the rows due by `at` are the whole wave.
  const [row] = await sqlRows<{ next_ms: string | null; now: Date }>(
    em,
    `select ceil(extract(epoch from (select min(due_at) from campaign_recipients where campaign_id = ? and status = 'QUEUED' and due_at is not null)) * 1000)::text as next_ms, now() as now`,
    [campaignId],
  );
  if (!row?.next_ms) return { state: 'DONE' };
  const next = Number(row.next_ms);
  const waitMs = next - new Date(row.now).getTime();
  return waitMs <= 0 ? { state: 'DUE', dueBy: new Date(row.now).toISOString() } : { state: 'WAIT', waitMs: Math.ceil(waitMs), at: new Date(next).toISOString() };
}

/** The contact ids of the next `pageSize` unsent rows due by `dueBy` after `after`, as a range (upTo null: the last page). */
export async function wavePage(em: EntityManager, campaignId: string, dueBy: string, after: string | null, pageSize: number): Promise<{ after: string | null; upTo: string | null }> {
  const rows = await sqlRows<{ contact_id: string }>(
    em,
    `select contact_id from campaign_recipients where campaign_id = ? and status = 'QUEUED' and due_at <= ?::timestamptz and contact_id > ?::uuid order by contact_id limit ?`,
    [campaignId, dueBy, after ?? '00000000-0000-0000-0000-000000000000', pageSize],
  );
  return { after, upTo: rows.length === pageSize ? rows[rows.length - 1].contact_id : null };
}

export interface WaveSummary {
  utcOffset: string;
  at: string;
  recipients: number;
  pending: number;
}

/** GET /campaigns/{id}: the campaign's waves by UTC offset and due time, and when the next one goes. */
export async function campaignSchedule(em: EntityManager, c: Campaign): Promise<{ localTime: string | null; waves: WaveSummary[]; nextWaveAt: string | null } | null> {
  const rows = await sqlRows<{ utc_offset: number; due_at: Date; n: number; pending: number }>(
    em,
    `select utc_offset, due_at, count(*)::int as n, (count(*) filter (where status = 'QUEUED'))::int as pending
       from campaign_recipients where campaign_id = ? and due_at is not null group by utc_offset, due_at order by due_at, utc_offset`,
    [c.id],
  );
  if (rows.length === 0 && !c.localTime) return null;
  const waves = rows.map((r) => ({ utcOffset: formatOffset(r.utc_offset), at: new Date(r.due_at).toISOString(), recipients: r.n, pending: r.pending }));
  return { localTime: c.localTime ?? null, waves, nextWaveAt: waves.find((w) => w.pending > 0)?.at ?? null };
}
