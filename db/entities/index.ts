import { ApiKeySchema } from './api-key.js';
import { ApiRateBucketSchema } from './api-rate-bucket.js';
import { CampaignSchema } from './campaign.js';
import { ContactSchema } from './contact.js';
import { DomainSchema } from './domain.js';
import { EmailSchema } from './email.js';
import { EventNameSchema } from './event-name.js';
import { EventSchema } from './event.js';
import { IdempotencyKeySchema } from './idempotency-key.js';
import { ProjectSchema } from './project.js';
import { SegmentSchema } from './segment.js';
import { SendRateBucketSchema } from './send-rate-bucket.js';
import { SuppressionSchema } from './suppression.js';
import { TemplateSchema } from './template.js';
import { WorkflowExecutionStepSchema } from './workflow-execution-step.js';
import { WorkflowExecutionSchema } from './workflow-execution.js';
import { WorkflowVersionSchema } from './workflow-version.js';
import { WorkflowSchema } from './workflow.js';

export * from './api-key.js';
export * from './api-rate-bucket.js';
export * from './campaign.js';
export * from './contact.js';
export * from './domain.js';
export * from './email.js';
export * from './event-name.js';
export * from './event.js';
export * from './idempotency-key.js';
export * from './project.js';
export * from './segment.js';
export * from './send-rate-bucket.js';
export * from './suppression.js';
export * from './template.js';
export * from './workflow-execution-step.js';
export * from './workflow-execution.js';
export * from './workflow-version.js';
export * from './workflow.js';

/**
 * The entities, one per file (db/orm.ts registers them): every table of the migrations has one,
 * except those in TABLES_WITHOUT_ENTITY (test/entities.test.ts checks both against a migrated database).
 */
export const entities = [
  ProjectSchema,
  ApiKeySchema,
  ContactSchema,
  TemplateSchema,
  EmailSchema,
  EventSchema,
  EventNameSchema,
  DomainSchema,
  SuppressionSchema,
  IdempotencyKeySchema,
  ApiRateBucketSchema,
  SendRateBucketSchema,
  WorkflowSchema,
  WorkflowVersionSchema,
  WorkflowExecutionSchema,
  WorkflowExecutionStepSchema,
  SegmentSchema,
  CampaignSchema,
];

/**
 * Tables without an entity, and why. All but the last are only read and written by set-based SQL
 * (many rows per statement, or a database trigger), never loaded or saved as one object: an entity
 * would be a second description of the table that no code uses.
 */
export const TABLES_WITHOUT_ENTITY: Readonly<Record<string, string>> = {
  automation_inbox: 'a queue: a trigger on events inserts the rows, core/automations/dispatch.ts drains them in batches',
  campaign_recipients: "a campaign's send list: enlisted a page per statement (insert ... select), claimed and updated in batches",
  segment_members: 'STATIC members and tracked DYNAMIC membership: inserted, diffed and deleted per statement, by segment',
  marketing_sends: 'the frequency-cap ledger: appended and counted per statement (core/schedule/frequency-cap.ts)',
  contact_import_rows: 'staged import rows: inserted per upload chunk (jsonb_to_recordset) and applied per batch statement',
  contact_imports: 'not mapped yet: one row per import, read and written with SQL by core/imports/ (a candidate for an entity)',
};
