/*
 * The names of the service's search attributes (all Keyword), without the Temporal SDK: the
 * launcher passes them to the dev server it starts and would otherwise load @temporalio/common
 * (~14 MB) only for these strings. core/search-attributes.ts builds the typed keys from them.
 */
export const SEARCH_ATTRIBUTE_NAMES = {
  project: 'ProjectId',
  campaign: 'CampaignId',
  automationWorkflow: 'AutomationWorkflowId',
  contactEmail: 'ContactEmail',
  automationStatus: 'AutomationStatus',
} as const;

/** `Name=Type` values for `temporal server start-dev --search-attribute`, each once. */
export const SEARCH_ATTRIBUTE_FLAGS = Object.values(SEARCH_ATTRIBUTE_NAMES).map((name) => `${name}=Keyword`);
