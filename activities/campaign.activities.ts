import { ApplicationFailure, Context } from '@temporalio/activity';
import { Campaign, Project, type CampaignStatus } from '../db/entities/index.js';
import { domainOf } from '../core/domains/sender-domains.js';
import { audienceCount, audiencePage } from '../core/campaigns/audience.js';
import { claimRange, insertRecipients, rangeCounts, type ContactRange, type RangeCounts } from '../core/campaigns/recipients.js';
import { deliverRows } from './campaign-sender.js';
import type { ActivityDeps } from './deps.js';
import { finishSending, sendingState, startWhenDue } from '../core/campaigns/transitions.js';
import { sendsInWaves } from '../core/schedule/waves.js';

export type BeginResult = { state: 'STARTED'; total: number; waves?: boolean } | { state: 'WAIT'; waitMs: number } | { state: 'OVER'; status: CampaignStatus };

export interface PageInput {
  campaignId: string;
  /** The last contact id of the previous page (null: from the start). */
  after: string | null;
  pageSize: number;
}
/** A page of the audience enlisted: its recipient rows exist, ready to be delivered. */
export type EnlistResult = { range: ContactRange; stopped?: undefined } | { range?: undefined; stopped: string };
export interface RangeResult extends RangeCounts {
  /** Set when the campaign is no longer SENDING (PAUSED, CANCELLED) or the activity was cancelled. */
  stopped?: string;
}

export interface PageResult extends RangeCounts {
  /** Where the next page starts; null when this was the last page. */
  nextAfter: string | null;
  /** Set when the campaign is no longer SENDING (PAUSED, CANCELLED) or the activity was cancelled. */
  stopped?: string;
}

export function createCampaignActivities(deps: ActivityDeps) {
  /**
   * SCHEDULED -> SENDING once the stored scheduled time has come (the database holds the time:
   * a reschedule moves it, and the workflow asks again when woken). Otherwise how long to wait,
   * or the status that ended it (cancelled before the time).
   */
  async function beginCampaign({ campaignId }: { campaignId: string }): Promise<BeginResult> {
    const em = deps.orm.em.fork();
    const now = await startWhenDue(em, campaignId);
    if (!now) return { state: 'OVER', status: 'CANCELLED' };
    if (now.started || now.status === 'SENDING' || now.status === 'PAUSED') {
      const c = await em.findOneOrFail(Campaign, { id: campaignId });
      const project = await em.findOneOrFail(Project, { id: c.projectId });
      return { state: 'STARTED', total: await audienceCount(em, c), waves: sendsInWaves(c, project.settings) };
    }
    if (now.status === 'SCHEDULED') return { state: 'WAIT', waitMs: Math.max(1, Math.ceil(now.waitMs)) };
    return { state: 'OVER', status: now.status };
  }

  /**
   * The next page of the audience after `after`: inserts its recipient rows (idempotent) and
   * answers the range of contact ids they cover. Quick, so the workflow can enlist the next page
   * while earlier ones are being delivered, by this or another worker process.
   */
  async function enlistCampaignPage(input: PageInput): Promise<EnlistResult> {
    const em = deps.orm.em.fork();
    const campaign = await em.findOne(Campaign, { id: input.campaignId });
    if (!campaign || campaign.status !== 'SENDING') return { stopped: campaign?.status ?? 'CANCELLED' };
    const contacts = await audiencePage(em, campaign, input.after, input.pageSize);
    // A short page is the last: its range is open-ended, so it also covers rows inserted by an
    // earlier attempt for contacts that have since left the audience.
    const last = contacts.length === input.pageSize ? contacts[contacts.length - 1].id : null;
    await insertRecipients(em, { id: campaign.id, projectId: campaign.projectId, fromDomain: domainOf(campaign.fromEmail) }, contacts);
    return { range: { after: input.after, upTo: last } };
  }

  /**
   * Delivers a range's unsent rows: claims them for this attempt, sends, and counts the range's
   * outcomes. A retry redoes all of it and finds the rows already final.
   */
  async function deliverCampaignRange(input: { campaignId: string; range: ContactRange; dueBy?: string }): Promise<RangeResult> {
    const ctx = Context.current();
    const em = deps.orm.em.fork();
    const campaign = await em.findOne(Campaign, { id: input.campaignId });
    // The status and epoch in one read: the hand-off fence holds only while both are still these.
    const state = await sendingState(em, input.campaignId);
    if (!campaign || state?.status !== 'SENDING') return { sent: 0, failed: 0, skipped: 0, queued: 0, stopped: state?.status ?? 'CANCELLED' };
    const project = await em.findOneOrFail(Project, { id: campaign.projectId });
    const { workflowExecution, activityId, attempt } = ctx.info;
    const claim = `${workflowExecution?.runId}/${activityId}/${attempt}`;
    const rows = await claimRange(em, campaign.id, input.range, claim, input.dueBy);
    const res = await deliverRows(deps, em, campaign, project, rows, claim, state.epoch);
    const counts = await rangeCounts(em, campaign.id, input.range);
    if (res.stop) return { ...counts, stopped: res.stop };
    if (res.transientLeft > 0) {
      throw ApplicationFailure.retryable(`${res.transientLeft} messages of the page were refused for now (4xx or connection); the page is retried`, 'SMTP_TRANSIENT');
    }
    return counts;
  }

  /** Both steps in one activity: what campaign workflows started before pages were pipelined still call. */
  async function deliverCampaignPage(input: PageInput): Promise<PageResult> {
    const page = await enlistCampaignPage(input);
    if (page.stopped !== undefined) return { nextAfter: input.after, sent: 0, failed: 0, skipped: 0, queued: 0, stopped: page.stopped };
    const res = await deliverCampaignRange({ campaignId: input.campaignId, range: page.range });
    return { ...res, nextAfter: res.stopped ? input.after : page.range.upTo };
  }

  /** SENDING (or PAUSED after the last page) -> SENT; a cancelled campaign stays CANCELLED. */
  async function finishCampaign({ campaignId }: { campaignId: string }): Promise<{ status: CampaignStatus }> {
    return { status: (await finishSending(deps.orm.em.fork(), campaignId)) ?? 'CANCELLED' };
  }

  return { beginCampaign, enlistCampaignPage, deliverCampaignRange, deliverCampaignPage, finishCampaign };
}
