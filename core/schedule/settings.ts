import type { ProjectSettings } from '../../db/entities/project.js';
import type { FrequencyCap } from './frequency-cap.js';
import type { QuietHours } from './quiet-hours.js';

/** The project's time zone when a contact has none. */
export const DEFAULT_TIMEZONE = 'UTC';

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
