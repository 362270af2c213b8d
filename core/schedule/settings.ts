import type { ProjectSettings } from '../../db/entities/project.js';
import type { QuietHours } from './quiet-hours.js';

/** The project's time zone when a contact has none. */
export const DEFAULT_TIMEZONE = 'UTC';

/** At most `max` marketing mails to one contact in any `perDays` days (core/schedule/frequency-cap.ts). */
export interface FrequencyCap {
  max: number;
  perDays: number;
}

export interface TimingSettings {
  timezone: string;
  quietHours: QuietHours | null;
  frequencyCap: FrequencyCap | null;
}

/** The timing settings with their defaults (UTC, no quiet hours, no cap). */
export const timingSettings = (settings: ProjectSettings | undefined | null): TimingSettings => ({
  timezone: settings?.timezone ?? DEFAULT_TIMEZONE,
  quietHours: settings?.quietHours ?? null,
  frequencyCap: settings?.frequencyCap ?? null,
});

/** The zone a contact's local times are read in: its own, else the project's. */
export const contactZone = (contact: { timezone?: string | null }, s: TimingSettings) => contact.timezone ?? s.timezone;
