/*
 * What core (core/campaigns/sending.ts) and the campaign workflow (workflows/campaign.workflow.ts)
 * agree on: types only, so the workflow checks itself against them at compile time.
 */

export interface CampaignWorkflowStart {
  campaignId: string;
  /** Pages delivered at once (by any worker processes polling the queue); 2 when absent. */
  pagesInFlight?: number;
}

export interface CampaignProgress {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  status: string;
}

export type CampaignWorkflow = (input: CampaignWorkflowStart) => Promise<CampaignProgress>;

/** The workflow's registered name (its exported function's name). */
export const CAMPAIGN_WORKFLOW = 'campaignWorkflow';

/** Re-read the campaign now: sent after a reschedule or a resume (the database holds the state). */
export type CampaignWakeSignalName = 'campaignWake';
export const CAMPAIGN_WAKE_SIGNAL: CampaignWakeSignalName = 'campaignWake';

/** Progress of the campaign (CampaignProgress): from the pages done so far, plus the current page's last report. */
export type CampaignProgressQueryName = 'campaignProgress';
export const CAMPAIGN_PROGRESS_QUERY: CampaignProgressQueryName = 'campaignProgress';

/**
 * The task queue of a campaign's page deliveries (deliverCampaignRange), beside the workflow's own
 * queue: every worker process polls it with room for CAMPAIGN_PAGES_PER_WORKER pages, so the pages
 * in flight spread over the worker processes instead of bunching in whichever polled first (one
 * event loop then carried both while the other process idled: bench/RESULTS.md, stop 43).
 */
export function campaignPagesQueue(taskQueue: string): string {
  return `${taskQueue}${CAMPAIGN_PAGES_QUEUE_SUFFIX}`;
}
/** What the pages' queue adds to the workflow's queue (the workflow, which takes only types from here, spells it with `satisfies`). */
export type CampaignPagesQueueSuffix = '-campaign-pages';
export const CAMPAIGN_PAGES_QUEUE_SUFFIX: CampaignPagesQueueSuffix = '-campaign-pages';

/**
 * Page deliveries one worker process runs at once. A page's run already fills the process's SMTP
 * connections (four lanes per connection), so a second page in the same process only competes for
 * its one thread; the next page waits on the queue, taken as soon as the first is done.
 */
export const CAMPAIGN_PAGES_PER_WORKER = 1;
