/** One builder per workflow id, so API, worker and tests agree. */
export const pingWorkflowId = (nonce: string) => `ping-${nonce}`;
/** Delivery of the email records written by one /v1/send call (keyed by its first email id). */
export const sendWorkflowId = (firstEmailId: string) => `send-${firstEmailId}`;
/** DNS verification of one sender domain (one running at a time per domain). */
export const domainWorkflowId = (domainId: string) => `domain-${domainId}`;
/** One execution of an automation workflow for one contact; `seq` counts that contact's runs of it from 1. */
export const automationWorkflowId = (workflowId: string, contactId: string, seq: number) => `automation-${workflowId}-${contactId}-${seq}`;
/** The first steps of a batch of new automation executions, keyed by its first execution id. */
export const automationBatchId = (firstExecutionId: string) => `automation-batch-${firstExecutionId}`;
/** Periodic re-evaluation of one DYNAMIC segment (membership events, member count). */
export const segmentWorkflowId = (segmentId: string) => `segment-${segmentId}`;
/** The one workflow of a campaign: scheduling, sending, pause and cancel. */
export const campaignWorkflowId = (campaignId: string) => `campaign-${campaignId}`;
/** The one workflow of a bulk contact import: its batches, one after the other. */
export const contactImportWorkflowId = (importId: string) => `contact-import-${importId}`;
