import { condition, continueAsNew, defineQuery, defineSignal, isCancellation, patched, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { PageResult, RangeResult } from '../activities/campaign.activities.js';
import type { ContactRange } from '../core/campaigns/recipients.js';
import type {
  CampaignProgress,
  CampaignProgressQueryName,
  CampaignWakeSignalName,
  CampaignWorkflow,
  CampaignWorkflowStart,
} from '../core/campaigns/campaign-workflow.js';
import type { Conforms } from './contract.js';
import { deliverWaves } from './campaign-waves.js';
import { deliverCampaignRange, PAGE_DELIVERY_OPTIONS } from './campaign-pages.js';

export type { CampaignProgress };

export interface CampaignWorkflowInput extends CampaignWorkflowStart {
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
  /** Set once the last page has been enlisted. */
  enlisted?: boolean;
  /** Ranges stopped by a pause, delivered again on resume. */
  pending?: ContactRange[];
  /** Sent in waves by due time (local time, quiet hours: workflows/campaign-waves.ts). */
  waves?: boolean;
  wavesEnlisted?: boolean;
}

/** Progress of the campaign (from the pages done so far, plus the current page's last report). */
export const campaignProgressQuery = defineQuery<CampaignProgress>('campaignProgress' satisfies CampaignProgressQueryName);
/** Re-read the campaign now: sent after a reschedule or a resume (the database holds the state). */
export const campaignWakeSignal = defineSignal('campaignWake' satisfies CampaignWakeSignalName);

/**
 * Recipients per page activity. Each page pays fixed costs in the worker (its eligibility, cap and
 * contact reads, the content's preparation, a run of the delivery engine and its drain) and in
 * Temporal (two activities): 2,000 instead of 500 sent an unsigned 100,000-recipient campaign 6 %
 * faster with 5 % less worker CPU per message (bench/RESULTS.md, stop 41). At the lowest rate (1/s)
 * a page takes 33 minutes, within its activity's 2 hours; shared by several campaigns of a project,
 * a page that runs out of time is retried, and the claim fences its first attempt.
 */
export const CAMPAIGN_PAGE_SIZE = 2000;
/** Pages per run before continueAsNew: ~12 history events per page keeps a run under ~4,000 events. */
const PAGES_PER_RUN = 300;
export const PAGES_IN_FLIGHT = 2;

const { beginCampaign, finishCampaign } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});
const { enlistCampaignPage } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});
// Histories recorded before pages were pipelined replay deliverCampaignPage.
const { deliverCampaignPage } = proxyActivities<Activities>(PAGE_DELIVERY_OPTIONS);

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
        if (begun.waves) s.waves = true;
        status = 'SENDING';
        break;
      }
      await condition(() => wakes !== seen, begun.waitMs);
    }

    if (s.waves) {
      const stopped = await deliverWaves(s, {
        campaignId: input.campaignId,
        pageSize: CAMPAIGN_PAGE_SIZE,
        pagesInFlight: Math.max(1, input.pagesInFlight ?? PAGES_IN_FLIGHT),
        setStatus: (st) => (status = st),
        wakes: () => wakes,
        continueAsNew: () => continueAsNew<typeof campaignWorkflow>({ ...input, state: s }),
      });
      if (stopped) {
        status = stopped;
        return progress();
      }
    } else if (!patched('campaign-pipelined-pages')) {
      // Histories recorded before pages were pipelined replay this loop.
      for (let pages = 0; ; pages++) {
        const seen = wakes;
        const page = await deliverCampaignPage({ campaignId: input.campaignId, after: s.after, pageSize: CAMPAIGN_PAGE_SIZE });
        current = page;
        if (page.stopped === 'PAUSED') {
          status = 'PAUSED';
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
    } else {
      const stopped = await deliverPipelined(input, s, (st) => (status = st), () => wakes);
      if (stopped) {
        status = stopped;
        return progress();
      }
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

/**
 * The audience's pages, `pagesInFlight` at a time: one short activity enlists the next page (its
 * recipient rows and range), and a long one delivers the range, on whichever worker process picks
 * it up; the next page is enlisted while earlier ones are on the wire. A pause stops every page in
 * flight (the senders' lease), and their ranges are delivered again on resume (rows already final
 * are skipped). Counts are added when a range completes: a range's counts cover all its rows.
 * Returns the status that ended it early (CANCELLED...), or undefined when every page is done.
 */
async function deliverPipelined(input: CampaignWorkflowInput, s: CampaignState, setStatus: (s: string) => void, wakes: () => number): Promise<string | undefined> {
  const limit = Math.max(1, input.pagesInFlight ?? PAGES_IN_FLIGHT);
  const pending: ContactRange[] = s.pending ?? [];
  const inFlight = new Set<Promise<void>>();
  let stop: string | undefined;
  let failure: unknown;
  let pages = 0;
  // The wake count when the last page was sent off: a resume after it must not be waited for.
  let wakesAtDispatch = wakes();
  const deliver = (range: ContactRange) => {
    wakesAtDispatch = wakes();
    const p: Promise<void> = deliverCampaignRange({ campaignId: input.campaignId, range })
      .then((r: RangeResult) => {
        if (r.stopped) {
          stop ??= r.stopped;
          if (r.stopped === 'PAUSED') pending.push(range);
          return;
        }
        s.sent += r.sent;
        s.failed += r.failed;
        s.skipped += r.skipped;
      }, (err: unknown) => void (failure ??= err))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  for (;;) {
    const runFull = () => pages >= PAGES_PER_RUN || workflowInfo().continueAsNewSuggested;
    while (stop === undefined && failure === undefined && inFlight.size < limit && (pending.length > 0 || (!s.enlisted && !runFull()))) {
      const again = pending.shift();
      if (again) {
        deliver(again);
        continue;
      }
      wakesAtDispatch = wakes();
      const page = await enlistCampaignPage({ campaignId: input.campaignId, after: s.after, pageSize: CAMPAIGN_PAGE_SIZE });
      if (page.stopped !== undefined) {
        stop = page.stopped;
        break;
      }
      pages++;
      if (page.range.upTo === null) s.enlisted = true;
      else s.after = page.range.upTo;
      deliver(page.range);
    }
    if (inFlight.size > 0) {
      await Promise.race(inFlight);
      continue;
    }
    if (failure !== undefined) throw failure;
    if (stop === 'PAUSED') {
      setStatus('PAUSED');
      // Woken by resume; the minute's timeout re-reads the status should that signal be lost.
      const seen = wakesAtDispatch;
      await condition(() => wakes() !== seen, '1 minute');
      setStatus('SENDING');
      stop = undefined;
      continue;
    }
    if (stop !== undefined) return stop;
    if (s.enlisted && pending.length === 0) return undefined;
    if (runFull()) await continueAsNew<typeof campaignWorkflow>({ ...input, state: { ...s, pending } });
  }
}

// Compile-time check: the shape core starts it with (core/campaigns/campaign-workflow.ts).
export type CampaignWorkflowShape = Conforms<CampaignWorkflow, typeof campaignWorkflow>;
