import { Context } from '@temporalio/activity';
import { Campaign, Project } from '../db/entities/index.js';
import { domainOf } from '../core/domains/sender-domains.js';
import { audiencePage } from '../core/campaigns/audience.js';
import { insertRecipients, type ContactRange } from '../core/campaigns/recipients.js';
import { nextWave, setRecipientDueTimes, wavePage, type NextWave } from '../core/schedule/waves.js';
import type { ActivityDeps } from './deps.js';

/** Campaign counters the wave workflow reports as its progress. */
export interface WaveCounts {
  sent: number;
  failed: number;
  skipped: number;
}

/** Activities of a campaign sent in waves (core/schedule/waves.ts; workflows/campaign-waves.ts). */
export function createCampaignWaveActivities(deps: ActivityDeps) {
  /**
   * Enlists the whole audience (recipient rows with their due time and offset), page by page in
   * one activity; a retry resumes after the last page its heartbeat reported. Answers whether the
   * campaign still sends.
   */
  async function enlistCampaignWaves(input: { campaignId: string; pageSize: number }): Promise<{ stopped?: string }> {
    const ctx = Context.current();
    const em = deps.orm.em.fork();
    const campaign = await em.findOne(Campaign, { id: input.campaignId });
    if (!campaign || campaign.status !== 'SENDING') return { stopped: campaign?.status ?? 'CANCELLED' };
    const project = await em.findOneOrFail(Project, { id: campaign.projectId });
    let after = (ctx.info.heartbeatDetails as { after?: string | null } | undefined)?.after ?? null;
    const nowMs = Date.now();
    for (;;) {
      const contacts = await audiencePage(em, campaign, after, input.pageSize);
      await insertRecipients(em, { id: campaign.id, projectId: campaign.projectId, fromDomain: domainOf(campaign.fromEmail) }, contacts);
      await setRecipientDueTimes(em, campaign, project.settings, contacts.map((c) => c.id), nowMs);
      if (contacts.length < input.pageSize) return {};
      after = contacts[contacts.length - 1].id;
      ctx.heartbeat({ after });
    }
  }

  /** The next wave and the campaign's counters so far, or the status that stopped it. */
  async function nextCampaignWave(input: { campaignId: string }): Promise<{ wave: NextWave; counts: WaveCounts; stopped?: string }> {
    const em = deps.orm.em.fork();
    const campaign = await em.findOne(Campaign, { id: input.campaignId });
    const counts = campaign
      ? { sent: campaign.sentCount, failed: campaign.failedCount + campaign.bouncedCount, skipped: campaign.skippedCount + campaign.cappedCount }
      : { sent: 0, failed: 0, skipped: 0 };
    if (!campaign || campaign.status !== 'SENDING') return { wave: { state: 'DONE' }, counts, stopped: campaign?.status ?? 'CANCELLED' };
    return { wave: await nextWave(em, campaign.id), counts };
  }

  /** The next page of rows due by `dueBy`, as a contact range for deliverCampaignRange. */
  async function enlistWavePage(input: { campaignId: string; dueBy: string; after: string | null; pageSize: number }): Promise<{ range: ContactRange }> {
    return { range: await wavePage(deps.orm.em.fork(), input.campaignId, input.dueBy, input.after, input.pageSize) };
  }

  return { enlistCampaignWaves, nextCampaignWave, enlistWavePage };
}
