import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Search attributes of every campaign workflow (ids only: they are stored unencrypted), so
 * `temporal workflow list --query "CampaignId='…'"` and the Temporal UI find them. The dev server
 * registers them at start (launcher/temporal-cli.ts); the worker adds them on a cluster that lacks them.
 */
export const CAMPAIGN_ATTRIBUTES = {
  project: defineSearchAttributeKey('ProjectId', SearchAttributeType.KEYWORD),
  campaign: defineSearchAttributeKey('CampaignId', SearchAttributeType.KEYWORD),
};

/** `Name=Type` values for `temporal server start-dev --search-attribute`. */
export const CAMPAIGN_ATTRIBUTE_FLAGS = Object.values(CAMPAIGN_ATTRIBUTES).map((k) => `${k.name}=Keyword`);
