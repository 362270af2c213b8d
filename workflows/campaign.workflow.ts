import { condition, continueAsNew, defineQuery, defineSignal, isCancellation, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { PageResult } from '../activities/campaign.activities.js';

export interface CampaignWorkflowInput {
  campaignId: string;
  /** Carried over continueAsNew. */
  state?: CampaignState;
}

interface CampaignState {
  sending: boolean;
  /** Last contact id of the last completed page. */
  after: string | null;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
}

export interface CampaignProgress {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  status: string;
}

/** Progress of the campaign (from the pages done so far, plus the current page's last report). */
export const campaignProgressQuery = defineQuery<CampaignProgress>('campaignProgress');
/** Re-read the campaign now: sent after a reschedule or a resume (the database holds the state). */
export const campaignWakeSignal = defineSignal('campaignWake');

export const CAMPAIGN_PAGE_SIZE = 500;
/** Pages per run before continueAsNew: ~6 history events per page keeps a run under ~3,000 events. */
const PAGES_PER_RUN = 500;

const { beginCampaign, finishCampaign } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});
const { deliverCampaignPage } = proxyActivities<Activities>({
  // A page at the default 14/s takes ~36 s; a dead worker is noticed by the heartbeat timeout.
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '2 minutes' },
});

/**
 * One campaign: wait (durably) until its scheduled time, then deliver the audience page by page
 * (keyset on contact id), then SENT. The database is the source of truth for status and time:
 * reschedule, pause, resume and cancel change it first (race-free conditional updates), then wake
 * or cancel this workflow.
 */
export async function campaignWorkflow(input: CampaignWorkflowInput): Promise<CampaignProgress> {
  const s: CampaignState = input.state ?? { sending: false, after: null, total: 0, sent: 0, failed: 0, skipped: 0 };
  let status = s.sending ? 'SENDING' : 'SCHEDULED';
  let current: Pick<PageResult, 'sent' | 'failed' | 'skipped'> = { sent: 0, failed: 0, skipped: 0 };
  let wakes = 0;
  const progress = (): CampaignProgress => {
    const sent = s.sent + current.sent;
    const failed = s.failed + current.failed;
    const skipped = s.skipped + current.skipped;
    return { total: s.total, sent, failed, skipped, remaining: Math.max(0, s.total - sent - failed - skipped), status };
  };
  setHandler(campaignProgressQuery, progress);
  setHandler(campaignWakeSignal, () => void wakes++);

  try {
    while (!s.sending) {
      const seen = wakes;
      const begun = await beginCampaign({ campaignId: input.campaignId });
      if (begun.state === 'OVER') {
        status = begun.status;
        return progress();
      }
      if (begun.state === 'STARTED') {
        s.sending = true;
        s.total = begun.total;
        status = 'SENDING';
        break;
      }
      await condition(() => wakes !== seen, begun.waitMs);
    }

    for (let pages = 0; ; pages++) {
      const seen = wakes;
      const page = await deliverCampaignPage({ campaignId: input.campaignId, after: s.after, pageSize: CAMPAIGN_PAGE_SIZE });
      current = page;
      if (page.stopped === 'PAUSED') {
        status = 'PAUSED';
        // Woken by resume; the minute's timeout re-reads the status should that signal be lost.
        await condition(() => wakes !== seen, '1 minute');
        status = 'SENDING';
        continue;
      }
      if (page.stopped) {
        status = page.stopped;
        return progress();
      }
      s.sent += page.sent;
      s.failed += page.failed;
      s.skipped += page.skipped;
      current = { sent: 0, failed: 0, skipped: 0 };
      if (page.nextAfter === null) break;
      s.after = page.nextAfter;
      if (pages + 1 >= PAGES_PER_RUN || workflowInfo().continueAsNewSuggested) await continueAsNew<typeof campaignWorkflow>({ ...input, state: s });
    }
    status = (await finishCampaign({ campaignId: input.campaignId })).status;
    return progress();
  } catch (err) {
    // Cancelled through POST /campaigns/{id}/cancel, which already set CANCELLED in the database.
    if (isCancellation(err)) {
      status = 'CANCELLED';
      return progress();
    }
    throw err;
  }
}
