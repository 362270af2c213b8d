import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { SEARCH_ATTRIBUTE_NAMES as NAMES } from './search-attribute-names.js';

export { SEARCH_ATTRIBUTE_FLAGS } from './search-attribute-names.js';

/*
 * Search attributes of the service's workflows (ids and statuses; the contact's email only on
 * automation executions, where finding them by person is the point). `temporal workflow list
 * --query` and the Temporal UI filter on them. The dev server of `npm start` registers them at
 * start (launcher/temporal-cli.ts); the worker adds the missing ones at start where the cluster lets
 * it (worker/search-attributes.ts); where it does not, workflows start without them
 * (isUnregisteredSearchAttributeError).
 */
const keyword = (name: string) => defineSearchAttributeKey(name, SearchAttributeType.KEYWORD);

export const CAMPAIGN_ATTRIBUTES = {
  project: keyword(NAMES.project),
  campaign: keyword(NAMES.campaign),
};

export const AUTOMATION_ATTRIBUTES = {
  project: keyword(NAMES.project),
  workflow: keyword(NAMES.automationWorkflow),
  contactEmail: keyword(NAMES.contactEmail),
  /** Kept current by the automation workflow itself (workflows/automation.workflow.ts declares the same key). */
  status: keyword(NAMES.automationStatus),
};

/** Every attribute the service's workflows set, each once. */
export const ALL_SEARCH_ATTRIBUTES = [...new Map([...Object.values(CAMPAIGN_ATTRIBUTES), ...Object.values(AUTOMATION_ATTRIBUTES)].map((k) => [k.name, k])).values()];

/** gRPC status INVALID_ARGUMENT (@grpc/grpc-js is not a direct dependency). */
const INVALID_ARGUMENT = 3;

/**
 * True when Temporal refused a workflow start because a search attribute is not registered on the
 * namespace. The client wraps the gRPC error (`ServiceError: Failed to start Workflow`): the status
 * code and the server's words are on its `cause`, so the whole cause chain is looked at.
 */
export function isUnregisteredSearchAttributeError(err: unknown): boolean {
  for (let e = err as { code?: unknown; details?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === INVALID_ARGUMENT && /search attribute/i.test(`${String(e.details ?? '')} ${String(e.message ?? '')}`)) return true;
  }
  return false;
}
