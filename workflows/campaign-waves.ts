import { condition, patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { RangeResult } from '../activities/campaign.activities.js';
import type { ContactRange } from '../core/campaigns/recipients.js';
import { deliverCampaignRange } from './campaign-pages.js';

/** The part of the campaign workflow's state the waves read and write (carried over continueAsNew). */
export interface WaveState {
  sent: number;
  failed: number;
  skipped: number;
  /** Set once every recipient row exists with its due time. */
  wavesEnlisted?: boolean;
}

export interface WaveOptions {
  campaignId: string;
  pageSize: number;
  pagesInFlight: number;
  setStatus: (status: string) => void;
  wakes: () => number;
  continueAsNew: () => Promise<never>;
}

const { nextCampaignWave, enlistWavePage } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});
const { enlistCampaignWaves } = proxyActivities<Activities>({
  // The whole audience, page by page; the heartbeat carries the last page for a retry.
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * A campaign sent in waves (core/schedule/waves.ts): every recipient row is enlisted with its due
 * time first (one activity), then, until no row is left: deliver every row due by now (pages of
 * the rows due, `pagesInFlight` at a time, through the same range delivery as any campaign), or
 * sleep durably until the next due time. Rows already past due go in the first wave. A pause is
 * seen at the next wave (or stops the pages in flight) and waits for resume; a cancel cancels
 * this workflow. Counts come from the campaign's counters. Returns the status that ended it early.
 */
export async function deliverWaves(s: WaveState, o: WaveOptions): Promise<string | undefined> {
  const paused = async (seen: number) => {
    o.setStatus('PAUSED');
    await condition(() => o.wakes() !== seen, '1 minute');
    o.setStatus('SENDING');
  };
  while (!s.wavesEnlisted) {
    const seen = o.wakes();
    const r = await enlistCampaignWaves({ campaignId: o.campaignId, pageSize: o.pageSize });
    if (r.stopped === 'PAUSED') await paused(seen);
    else if (r.stopped) return r.stopped;
    else s.wavesEnlisted = true;
  }
  for (;;) {
    const seen = o.wakes();
    const next = await nextCampaignWave({ campaignId: o.campaignId });
    Object.assign(s, next.counts);
    if (next.stopped === 'PAUSED') {
      await paused(seen);
      continue;
    }
    if (next.stopped) return next.stopped;
    if (next.wave.state === 'DONE') return undefined;
    let dueBy: string;
    if (next.wave.state === 'WAIT') {
      const woken = await condition(() => o.wakes() !== seen, next.wave.waitMs);
      // The timer fired: the wave it waited for is due, delivered without asking again (an
      // activity and a workflow task less per wave). Woken (pause, resume): ask again. A pause
      // whose signal was lost is seen by the pages' sender, then by the next ask.
      if (woken || !next.wave.at || !patched('waves-deliver-after-timer')) continue;
      dueBy = next.wave.at;
    } else dueBy = next.wave.dueBy;
    const stop = await deliverDue(o, dueBy);
    if (stop && stop !== 'PAUSED') return stop;
    if (workflowInfo().continueAsNewSuggested) await o.continueAsNew();
  }
}

/** The rows due by `dueBy`, page by page, `pagesInFlight` ranges at a time. */
async function deliverDue(o: WaveOptions, dueBy: string): Promise<string | undefined> {
  const inFlight = new Set<Promise<void>>();
  let stop: string | undefined;
  let failure: unknown;
  let after: string | null = null;
  let last = false;
  const deliver = (range: ContactRange) => {
    const p: Promise<void> = deliverCampaignRange({ campaignId: o.campaignId, range, dueBy })
      .then((r: RangeResult) => void (stop ??= r.stopped), (err: unknown) => void (failure ??= err))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  for (;;) {
    while (!last && stop === undefined && failure === undefined && inFlight.size < o.pagesInFlight) {
      const { range }: { range: ContactRange } = await enlistWavePage({ campaignId: o.campaignId, dueBy, after, pageSize: o.pageSize });
      last = range.upTo === null;
      after = range.upTo;
      deliver(range);
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  if (failure !== undefined) throw failure;
  return stop;
}
