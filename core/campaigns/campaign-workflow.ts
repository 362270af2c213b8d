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
