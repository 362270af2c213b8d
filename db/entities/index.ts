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
import { WorkflowExecutionSchema, WorkflowSchema } from './workflows.js';

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
export * from './workflows.js';

/** Every table, one entity each (db/orm.ts registers them). */
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
  WorkflowExecutionSchema,
  SegmentSchema,
  CampaignSchema,
];
