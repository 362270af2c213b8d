import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectSettings } from '../../db/entities/project.js';
import { sqlRows } from '../../db/sql.js';
import { claimMarketingSlots } from './frequency-cap.js';
import { nextAllowedInstant } from './quiet-hours.js';
import { contactZone, timingSettings } from './settings.js';

export type MarketingDecision = { decision: 'send' } | { decision: 'wait'; until: Date; reason: 'QUIET_HOURS' } | { decision: 'capped'; reason: 'FREQUENCY_CAP' };

/**
 * Whether one MARKETING mail to a contact may go now (automation SEND_EMAIL steps; campaigns
 * decide per wave and per page, core/schedule/waves.ts and the campaign sender):
 * inside the contact-local quiet hours it waits until they end (nothing is claimed); otherwise it
 * takes a frequency-cap slot under `ref` (the same ref on a retry keeps its slot) or is capped for
 * good. Call it in the transaction that writes the message, so the slot and the message commit
 * together. TRANSACTIONAL mail never asks.
 */
export async function marketingSendDecision(
  em: EntityManager,
  input: { projectId: string; contact: { id: string; timezone?: string | null }; ref: string },
  settings: ProjectSettings | undefined,
  now: Date,
): Promise<MarketingDecision> {
  const s = timingSettings(settings);
  if (s.quietHours) {
    const at = nextAllowedInstant(s.quietHours, contactZone(input.contact, s), now.getTime());
    if (at > now.getTime()) return { decision: 'wait', until: new Date(at), reason: 'QUIET_HOURS' };
  }
  const allowed = await claimMarketingSlots(em, input.projectId, s.frequencyCap ?? undefined, [{ ref: input.ref, contactId: input.contact.id }]);
  return allowed.has(input.ref) ? { decision: 'send' } : { decision: 'capped', reason: 'FREQUENCY_CAP' };
}

/** marketingSendDecision for a contact by id: reads the project's settings and the contact's zone first. */
export async function marketingSendDecisionFor(em: EntityManager, projectId: string, contactId: string, ref: string, now = new Date()): Promise<MarketingDecision> {
  const [row] = await sqlRows<{ settings: ProjectSettings | null; timezone: string | null }>(
    em,
    'select p.settings, (select timezone from contacts where id = ? and project_id = p.id) as timezone from projects p where p.id = ?',
    [contactId, projectId],
  );
  return marketingSendDecision(em, { projectId, contact: { id: contactId, timezone: row?.timezone }, ref }, row?.settings ?? undefined, now);
}
