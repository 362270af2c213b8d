import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/sql.js';

/*
 * Starts from events a public key recorded. A public key ships in browsers and apps, so whoever
 * holds it can track any event for any address: a workflow whose trigger event can be tracked
 * and whose steps SEND_EMAIL lets that holder make the project mail any address. Plunk's sign-up
 * flows rely on exactly this (track `signup` from the browser, the workflow sends the welcome
 * mail), so it stays allowed by default; a workflow with `allowPublicKeyTrigger: false` starts
 * only from events recorded otherwise (the secret key, the service's own events). The event row
 * says whether a public key recorded it (`events.public_key`, set by /v1/track).
 */

/** Whether `workflowId` may start from the inbox event `eventId`. */
export type StartGuard = (workflowId: string, eventId: string) => boolean;

/**
 * The start guard for one dispatcher pass: one query over the pass's events finds the pairs
 * (public-key event, workflow refusing such starts that listens for it).
 */
export async function publicKeyStartGuard(em: EntityManager, eventIds: readonly string[]): Promise<StartGuard> {
  if (eventIds.length === 0) return () => true;
  const refused = await sqlRows<{ event_id: string; workflow_id: string }>(
    em,
    `select e.id as event_id, w.id as workflow_id from events e
     join workflows w on w.project_id = e.project_id and w.trigger_event = e.name and not w.allow_public_key_trigger
     where e.id in (select jsonb_array_elements_text(?::jsonb)::uuid) and e.public_key`,
    [JSON.stringify([...new Set(eventIds)])],
  );
  if (refused.length === 0) return () => true;
  const pairs = new Set(refused.map((r) => `${r.workflow_id}/${r.event_id}`));
  return (workflowId, eventId) => !pairs.has(`${workflowId}/${eventId}`);
}
