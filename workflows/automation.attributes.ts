import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Search attributes on every automation execution, so `temporal workflow list --query` and the
 * Temporal UI find them. The dev server registers them at start (launcher/temporal-cli.ts); on a
 * cluster where they are missing, executions start without them.
 */
export const AUTOMATION_ATTRIBUTES = {
  project: defineSearchAttributeKey('ProjectId', SearchAttributeType.KEYWORD),
  workflow: defineSearchAttributeKey('AutomationWorkflowId', SearchAttributeType.KEYWORD),
  contactEmail: defineSearchAttributeKey('ContactEmail', SearchAttributeType.KEYWORD),
  status: defineSearchAttributeKey('AutomationStatus', SearchAttributeType.KEYWORD),
};

/** `--search-attribute Name=Type` values for `temporal server start-dev`. */
export const AUTOMATION_ATTRIBUTE_FLAGS = Object.values(AUTOMATION_ATTRIBUTES).map((k) => `${k.name}=Keyword`);
