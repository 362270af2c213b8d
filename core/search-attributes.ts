import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/*
 * Search attributes of the service's workflows (ids and statuses; the contact's email only on
 * automation executions, where finding them by person is the point). `temporal workflow list
 * --query` and the Temporal UI filter on them. The dev server registers them at start
 * (launcher/temporal-cli.ts); the worker adds the campaign ones on a cluster that lacks them.
 */
const keyword = (name: string) => defineSearchAttributeKey(name, SearchAttributeType.KEYWORD);

export const CAMPAIGN_ATTRIBUTES = {
  project: keyword('ProjectId'),
  campaign: keyword('CampaignId'),
};

export const AUTOMATION_ATTRIBUTES = {
  project: keyword('ProjectId'),
  workflow: keyword('AutomationWorkflowId'),
  contactEmail: keyword('ContactEmail'),
  /** Kept current by the automation workflow itself (workflows/automation.workflow.ts declares the same key). */
  status: keyword('AutomationStatus'),
};

/** `Name=Type` values for `temporal server start-dev --search-attribute`, each once. */
export const SEARCH_ATTRIBUTE_FLAGS = [
  ...new Set([...Object.values(CAMPAIGN_ATTRIBUTES), ...Object.values(AUTOMATION_ATTRIBUTES)].map((k) => `${k.name}=Keyword`)),
];
