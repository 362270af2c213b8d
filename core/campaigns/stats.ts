import type { Campaign } from '../../db/entities/campaign.js';

const pct = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 10_000) / 100);

/**
 * GET /campaigns/{id}/stats from the campaign row's counters (kept by the statements that change
 * recipient rows and by the open/click/unsubscribe/complaint hooks): one row read at any size.
 * sentCount = what the receiving server answered for: delivered plus bounced.
 */
export function campaignStats(c: Campaign) {
  const sentCount = c.sentCount + c.bouncedCount;
  const deliveredCount = Math.max(0, c.sentCount - c.lateBouncedCount);
  const bouncedCount = c.bouncedCount + c.lateBouncedCount;
  return {
    totalRecipients: c.totalRecipients,
    sentCount,
    deliveredCount,
    openedCount: c.openedCount,
    clickedCount: c.clickedCount,
    bouncedCount,
    complainedCount: c.complainedCount,
    unsubscribedCount: c.unsubscribedCount,
    failedCount: c.failedCount,
    skippedCount: c.skippedCount,
    cappedCount: c.cappedCount,
    deliveryRate: pct(deliveredCount, sentCount),
    openRate: pct(c.openedCount, sentCount),
    clickRate: pct(c.clickedCount, sentCount),
    bounceRate: pct(bouncedCount, sentCount),
    complaintRate: pct(c.complainedCount, sentCount),
    unsubscribeRate: pct(c.unsubscribedCount, sentCount),
  };
}
