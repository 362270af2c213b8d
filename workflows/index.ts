/** Every workflow the worker registers. Workflow code is sandboxed: no Node, ORM or nodemailer imports. */
export { pingWorkflow } from './ping.workflow.js';
export { domainVerificationWorkflow } from './domain.workflow.js';
export { deliverEmailsWorkflow } from './deliver.workflow.js';
export { automationWorkflow } from './automation.workflow.js';
export { segmentRefreshWorkflow } from './segment.workflow.js';
export { campaignWorkflow } from './campaign.workflow.js';
export { contactImportWorkflow } from './contact-import.workflow.js';
export { automationBatchWorkflow } from './automation-batch.workflow.js';
