import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Campaign } from '../../db/entities/campaign.js';
import { DomainError } from '../errors.js';
import { assertVerifiedSender } from '../domains/sender-domains.js';
import { CAMPAIGN_ATTRIBUTES, isUnregisteredSearchAttributeError } from '../search-attributes.js';
import { campaignWorkflowId } from '../workflow-ids.js';
import { CAMPAIGN_WAKE_SIGNAL, CAMPAIGN_WORKFLOW, type CampaignWorkflow } from './campaign-workflow.js';
import { audienceIsEmpty } from './audience.js';
import { getCampaign } from './campaigns.js';
import { conflict, transition } from './transitions.js';
import { log } from '../log.js';
import { withStatementTimeout } from '../statement-timeout.js';

export interface CampaignDeps {
  temporal: Client;
  /** `conditionQueryTimeoutMs`: the bound of the audience check over a segment's condition (CONDITION_QUERY_TIMEOUT_MS, 503). */
  config: { taskQueue: string; conditionQueryTimeoutMs?: number };
}

/**
 * POST /campaigns/{id}/send: DRAFT or SCHEDULED -> SCHEDULED at `scheduledAt` (now when absent),
 * then start the campaign's workflow, or wake it when it runs (a reschedule): signalWithStart is
 * both, so two concurrent sends and a retried send after a failed start all end with one workflow.
 */
export async function sendCampaign(em: EntityManager, deps: CampaignDeps, projectId: string, id: string, scheduledAt?: Date, localTime?: string): Promise<Campaign> {
  const c = await getCampaign(em, projectId, id);
  if (c.status !== 'DRAFT' && c.status !== 'SCHEDULED') throw conflict(id, c.status, 'send it');
  await assertVerifiedSender(em, projectId, c.fromEmail);
  const limit = deps.config.conditionQueryTimeoutMs;
  if (await (limit ? withStatementTimeout(em, limit, (tx) => audienceIsEmpty(tx, c)) : audienceIsEmpty(em, c))) {
    throw new DomainError('CONFLICT', `Campaign ${id} has an audience of 0 contacts: nothing would be sent`, {
      suggestion: c.type === 'MARKETING' ? 'MARKETING campaigns reach subscribed contacts only: add contacts, or change the audience.' : 'Add contacts, or change the audience.',
    });
  }
  await transition(em, projectId, id, ['DRAFT', 'SCHEDULED'], 'SCHEDULED', {
    action: 'send it',
    // `localTime` (core/schedule/waves.ts): sending starts now, each recipient at that wall-clock time in their zone.
    set: 'scheduled_at = coalesce(?::timestamptz, now()), local_time = ?',
    params: [scheduledAt?.toISOString() ?? null, localTime ?? null],
  });
  const start = (withAttributes: boolean) =>
    deps.temporal.workflow.signalWithStart<CampaignWorkflow, []>(CAMPAIGN_WORKFLOW, {
      workflowId: campaignWorkflowId(id),
      taskQueue: deps.config.taskQueue,
      args: [{ campaignId: id }],
      signal: CAMPAIGN_WAKE_SIGNAL,
      signalArgs: [],
      typedSearchAttributes: withAttributes
        ? [
            { key: CAMPAIGN_ATTRIBUTES.project, value: projectId },
            { key: CAMPAIGN_ATTRIBUTES.campaign, value: id },
          ]
        : undefined,
    });
  try {
    await start(true).catch((err: unknown) => {
      if (!isUnregisteredSearchAttributeError(err)) throw err;
      // A cluster that lacks them and refused to register them (worker/search-attributes.ts): the campaign runs without.
      log.warn({ campaignId: id }, 'search attributes are not registered on this Temporal namespace: starting the campaign workflow without them');
      return start(false);
    });
  } catch (err) {
    throw new DomainError('SERVICE_UNAVAILABLE', `Campaign ${id} is SCHEDULED but its workflow could not be started: ${(err as Error).message}`, {
      suggestion: 'POST /campaigns/{id}/send again once Temporal is reachable.',
    });
  }
  return getCampaign(em, projectId, id);
}

/**
 * SCHEDULED, SENDING or PAUSED -> CANCELLED, through the senders' hand-off fence (core/campaigns/
 * transitions.ts, stopsSenders): no message is handed over after this; then the workflow is
 * cancelled (its running page stops at its next fence or heartbeat).
 */
export async function cancelCampaign(em: EntityManager, deps: CampaignDeps, projectId: string, id: string): Promise<Campaign> {
  await transition(em, projectId, id, ['SCHEDULED', 'SENDING', 'PAUSED'], 'CANCELLED', { action: 'cancel it', set: 'cancelled_at = now()', stopsSenders: true });
  await deps.temporal.workflow
    .getHandle(campaignWorkflowId(id))
    .cancel()
    .catch((err: Error) => log.warn({ campaignId: id, err: err.message }, 'campaign is CANCELLED; cancelling its workflow failed (its sender stops at the status check)'));
  return getCampaign(em, projectId, id);
}

/** SENDING -> PAUSED through the senders' hand-off fence: no message is handed to SMTP after this returns; the workflow waits at its page. */
export async function pauseCampaign(em: EntityManager, projectId: string, id: string): Promise<Campaign> {
  await transition(em, projectId, id, ['SENDING'], 'PAUSED', { action: 'pause it', stopsSenders: true });
  return getCampaign(em, projectId, id);
}

/** PAUSED -> SENDING, and wake the workflow to go on from the page it stopped at. */
export async function resumeCampaign(em: EntityManager, deps: CampaignDeps, projectId: string, id: string): Promise<Campaign> {
  await transition(em, projectId, id, ['PAUSED'], 'SENDING', { action: 'resume it' });
  await deps.temporal.workflow
    .getHandle(campaignWorkflowId(id))
    .signal(CAMPAIGN_WAKE_SIGNAL)
    .catch((err: Error) => {
      throw new DomainError('SERVICE_UNAVAILABLE', `Campaign ${id} is SENDING again but its workflow could not be woken: ${err.message}`, {
        suggestion: 'POST /campaigns/{id}/pause then /resume again once Temporal is reachable.',
      });
    });
  return getCampaign(em, projectId, id);
}
