import { patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { RangeResult } from '../activities/campaign.activities.js';
import type { CampaignPagesQueueSuffix } from '../core/campaigns/campaign-workflow.js';

/** A page delivery's activity options (also the pre-pipelining deliverCampaignPage's, replayed by campaign.workflow.ts). */
export const PAGE_DELIVERY_OPTIONS = {
  // A page at the default 14/s takes ~36 s; a dead worker is noticed by the heartbeat timeout.
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '2 minutes' },
} as const;

/** core/campaigns/campaign-workflow.ts, campaignPagesQueue: the worker polls `<its queue>` + this. */
const PAGES_QUEUE_SUFFIX = '-campaign-pages' satisfies CampaignPagesQueueSuffix;

/** Where histories recorded before the pages' own queue scheduled their deliveries (replayed as they were). */
const onWorkflowQueue = proxyActivities<Activities>(PAGE_DELIVERY_OPTIONS);

/**
 * Delivers one enlisted range of a campaign (a page, or a wave's page) on the pages' queue
 * (core/campaigns/campaign-workflow.ts, campaignPagesQueue): each worker process takes
 * CAMPAIGN_PAGES_PER_WORKER of them at a time.
 */
export function deliverCampaignRange(input: Parameters<Activities['deliverCampaignRange']>[0]): Promise<RangeResult> {
  if (!patched('campaign-pages-queue')) return onWorkflowQueue.deliverCampaignRange(input);
  const { deliverCampaignRange: onPagesQueue } = proxyActivities<Activities>({ ...PAGE_DELIVERY_OPTIONS, taskQueue: `${workflowInfo().taskQueue}${PAGES_QUEUE_SUFFIX}` });
  return onPagesQueue(input);
}
